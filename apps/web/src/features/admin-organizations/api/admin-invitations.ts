import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminInvitation } from '@portal/domain/organizations/invitations.ts';
import { api } from '../../../lib/api.ts';
import { adminDistrictKeys } from './admin-districts.ts';
import { adminOrganizationKeys } from './admin-organizations.ts';

export type AdminInvitationBody = z.output<typeof adminInvitation>;

/**
 * POST /api/admin/invitations: mails a district or organization invitation; the page it was sent
 * from lists it among the invitations once read again.
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminInvitationBody) => api.post<{ invitationId: string }>('/api/admin/invitations', body),
    onSuccess: (_reply, body) =>
      queryClient.invalidateQueries({
        queryKey:
          body.kind === 'DISTRICT'
            ? adminDistrictKeys.detail(body.districtId ?? '')
            : adminOrganizationKeys.detail(body.organizationId ?? ''),
      }),
  });
}
