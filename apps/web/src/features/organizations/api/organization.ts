import { queryOptions } from '@tanstack/react-query';
import type { OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { api } from '../../../lib/api.ts';
import { organizationKeys } from './organization-keys.ts';

export function organizationPath(organizationId: string): string {
  return `/api/organizations/${encodeURIComponent(organizationId)}`;
}

/** GET /api/organizations/{id}: its record for an OWNER or ADMIN of it; 404 for anyone else. */
export function organizationQuery(organizationId: string) {
  return queryOptions({
    queryKey: organizationKeys.detail(organizationId),
    queryFn: ({ signal }) => api.get<OrganizationDetail>(organizationPath(organizationId), signal),
  });
}
