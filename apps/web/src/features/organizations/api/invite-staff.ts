import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { addStaffMember } from '@portal/domain/organizations/roster.ts';
import { api } from '../../../lib/api.ts';
import { organizationKeys } from './organization-keys.ts';
import { organizationPath } from './organization.ts';

export type AddStaffMemberBody = z.output<typeof addStaffMember>;

/**
 * POST /api/organizations/{id}/invitations ("Add staff member"): the invitee is mailed a link and
 * shows on the roster as Pending until they accept.
 */
export function useInviteStaff(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddStaffMemberBody) =>
      api.post<{ message: string; invitationId: string }>(`${organizationPath(organizationId)}/invitations`, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.rosters(organizationId) }),
  });
}
