import { notifications } from '@mantine/notifications';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrganizationDetail, AdminOrganizationPage } from '@portal/domain/organizations/contracts.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { notifyError } from '../../../lib/errors.ts';
import type { ListParams } from '../../../lib/list-search.ts';

export const adminListPageSize = 20;

export const adminOrganizationKeys = {
  all: ['admin', 'organizations'] as const,
  list: (params: ListParams) => [...adminOrganizationKeys.all, 'list', params] as const,
  detail: (organizationId: string) => [...adminOrganizationKeys.all, 'detail', organizationId] as const,
};

const organizationPath = (organizationId: string) => `/api/admin/organizations/${encodeURIComponent(organizationId)}`;

/** GET /api/admin/organizations: search by name, 20 a page; the previous page stays while the next loads. */
export function adminOrganizationsQuery(params: ListParams) {
  return queryOptions({
    queryKey: adminOrganizationKeys.list(params),
    queryFn: ({ signal }) =>
      api.get<AdminOrganizationPage>(
        withQuery('/api/admin/organizations', {
          search: params.search,
          page: params.page,
          pageSize: adminListPageSize,
        }),
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/organizations/{id}: its memberships (archived too) and invitations. */
export function adminOrganizationQuery(organizationId: string) {
  return queryOptions({
    queryKey: adminOrganizationKeys.detail(organizationId),
    queryFn: ({ signal }) => api.get<AdminOrganizationDetail>(organizationPath(organizationId), signal),
  });
}

/**
 * PUT /api/admin/organizations/{id}/memberships/{membershipId}/role: staff may make anyone the
 * OWNER; the previous owner then becomes an ADMIN, so the whole organization is read again.
 */
export function useChangeMembershipRole(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ membershipId, role }: { membershipId: string; role: OrganizationRole }) =>
      api.put<AdminOrganizationDetail>(
        `${organizationPath(organizationId)}/memberships/${encodeURIComponent(membershipId)}/role`,
        { role },
      ),
    onSuccess: async (detail) => {
      queryClient.setQueryData(adminOrganizationKeys.detail(organizationId), detail);
      notifications.show({ color: 'green', message: 'Role changed' });
      await queryClient.invalidateQueries({ queryKey: adminOrganizationKeys.detail(organizationId) });
    },
    onError: notifyError,
  });
}
