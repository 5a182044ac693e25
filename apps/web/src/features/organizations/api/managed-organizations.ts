import { queryOptions } from '@tanstack/react-query';
import type { OrganizationSummary } from '@portal/domain/organizations.ts';
import { api } from '../../../lib/api.ts';
import { organizationKeys } from './organization-keys.ts';

/** GET /api/organizations/managed: where the member is an active OWNER or ADMIN. */
export const managedOrganizationsQuery = queryOptions({
  queryKey: organizationKeys.managed(),
  queryFn: ({ signal }) => api.get<{ items: OrganizationSummary[] }>('/api/organizations/managed', signal),
});
