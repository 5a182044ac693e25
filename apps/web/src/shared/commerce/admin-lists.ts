/** What the staff console's commerce lists (events, coupons, event payments, purchase orders) share. */

import { api, withQuery } from '../../lib/api.ts';
import { listParams, type ListParams } from '../../lib/list-search.ts';

export const commercePageSize = 20;

/** A list filtered by status: one status, or every row ("ALL"). */
export interface StatusListParams<Status extends string> extends ListParams {
  status: Status | 'ALL';
}

/** The list the URL asks for: ?search=&page=&status= (`fallback` when the status is missing or unknown). */
export function statusListParams<Status extends string>(
  searchParams: URLSearchParams,
  statuses: readonly Status[],
  fallback: Status | 'ALL',
): StatusListParams<Status> {
  const status = searchParams.get('status');
  const filter = status === 'ALL' || statuses.includes(status as Status) ? (status as Status | 'ALL') : fallback;
  return { ...listParams(searchParams), status: filter };
}

/** GET a status list: by status (none for all), searched, 20 a page. */
export function getStatusList<Page>(
  path: string,
  params: StatusListParams<string>,
  signal: AbortSignal,
): Promise<Page> {
  return api.get<Page>(
    withQuery(path, {
      status: params.status === 'ALL' ? undefined : params.status,
      search: params.search,
      page: params.page,
      pageSize: commercePageSize,
    }),
    signal,
  );
}
