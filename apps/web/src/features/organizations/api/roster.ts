import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RosterPage } from '@portal/domain/organizations/roster.ts';
import { api, withQuery } from '../../../lib/api.ts';
import type { ListParams } from '../../../lib/list-search.ts';
import { organizationKeys } from './organization-keys.ts';
import { organizationPath } from './organization.ts';

export const rosterPageSize = 50;

export type RosterParams = ListParams;

/**
 * GET /api/organizations/{id}/roster: members and pending invitees, 50 a page, for an OWNER or
 * ADMIN of that organization (anyone else gets 404). The previous page stays while the next loads.
 */
export function rosterQuery(organizationId: string, params: RosterParams) {
  return queryOptions({
    queryKey: organizationKeys.roster(organizationId, params),
    queryFn: ({ signal }) =>
      api.get<RosterPage>(
        withQuery(`${organizationPath(organizationId)}/roster`, {
          search: params.search,
          page: params.page,
          pageSize: rosterPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}
