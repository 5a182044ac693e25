import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { genericErrorMessage } from '@portal/domain/problems/messages.ts';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import { isApiError, api } from '../../../lib/api.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { organizationKeys } from './organization-keys.ts';
import { organizationPath } from './organization.ts';

/** The roster's row actions (organizations.md §4 'Roster'), each one call answering with a message. */
export type RosterAction =
  | { kind: 'delete'; userId: string }
  | { kind: 'role'; membershipId: string; role: 'ADMIN' | 'MEMBER' }
  | { kind: 'toolkit'; userId: string; toolKitAccess: boolean };

function send(organizationId: string, action: RosterAction): Promise<{ message: string }> {
  const base = organizationPath(organizationId);
  switch (action.kind) {
    case 'delete':
      return api.delete(`${base}/members/${encodeURIComponent(action.userId)}`);
    case 'role':
      return api.put(`${base}/memberships/${encodeURIComponent(action.membershipId)}/role`, { role: action.role });
    case 'toolkit':
      return api.put(`${base}/members/${encodeURIComponent(action.userId)}/toolkit-access`, {
        toolKitAccess: action.toolKitAccess,
      });
  }
}

/**
 * A refused action shows the server's reason, else the spec's generic line. A role change whose
 * membership no longer exists (someone else removed the member meanwhile) gets the spec's
 * missing-membership messages (organizations.md §8).
 */
export function actionFailureMessage(error: unknown, action?: RosterAction): string {
  if (action?.kind === 'role' && isApiError(error, 404)) {
    return action.role === 'ADMIN' ? rosterMessages.couldNotMakeAdmin : rosterMessages.couldNotRemove;
  }
  return isApiError(error) && error.problem.detail ? error.problem.detail : genericErrorMessage;
}

/**
 * Runs a roster action and toasts the server's message, or its reason for refusing. The roster and
 * the organization (its ticket recipient options) are read again; a change to one's own toolkit
 * access changes the side menu, so the signed-in user is read again then too.
 */
export function useRosterAction(organizationId: string, viewerId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: RosterAction) => send(organizationId, action),
    onSuccess: async ({ message }, action) => {
      notifications.show({ color: 'green', message });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) }),
        action.kind === 'toolkit' && action.userId === viewerId
          ? queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey })
          : null,
      ]);
    },
    onError: async (error, action) => {
      notifications.show({ color: 'red', title: 'Error', message: actionFailureMessage(error, action) });
      await queryClient.invalidateQueries({ queryKey: organizationKeys.organization(organizationId) });
    },
  });
}
