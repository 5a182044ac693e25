import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import type { NewPendingUser } from '@portal/domain/tickets/pending-users.ts';
import { api } from '../../../lib/api.ts';
import { assigneeKeys, organizationPath } from '../../../shared/assignees/queries.ts';

/**
 * POST /api/organizations/{id}/pending-users: a pending user of that organization. Every picker's
 * search of the organization is read again, so the new user can be picked at once.
 */
export function useCreatePendingUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPendingUser) =>
      api.post<AssignableUser>(organizationPath(input.organizationId, 'pending-users'), input),
    onSuccess: async (_user, input) => {
      await queryClient.invalidateQueries({ queryKey: assigneeKeys.assignableUsers(input.organizationId) });
    },
  });
}
