import { Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { displayName } from '@portal/domain/people/names.ts';
import { rosterMessages, type RosterRow } from '@portal/domain/organizations/roster.ts';
import { useRosterAction, type RosterAction } from '../api/roster-actions.ts';

interface Confirmation {
  title: string;
  text: string;
  action: RosterAction;
  danger?: boolean;
}

/**
 * Every roster action asks first, with the spec's confirmation text (organizations.md §4);
 * cancelling says 'Action canceled' and changes nothing.
 */
export function useRosterActions(organizationId: string, viewerId: string | undefined) {
  const rosterAction = useRosterAction(organizationId, viewerId);

  const confirm = ({ title, text, action, danger = false }: Confirmation) =>
    openConfirmModal({
      title,
      children: <Text size="sm">{text}</Text>,
      labels: { confirm: 'Confirm', cancel: 'Cancel' },
      confirmProps: danger ? { color: 'red.9' } : {},
      onCancel: () => notifications.show({ color: 'gray', message: rosterMessages.actionCanceled }),
      onConfirm: () => rosterAction.mutate(action),
    });

  return {
    pending: rosterAction.isPending,
    remove: (row: RosterRow) => {
      // Refused before asking: the spec's message, the same the server answers.
      if (row.userId === viewerId) {
        notifications.show({ color: 'red', title: 'Error', message: rosterMessages.cannotDeleteSelf });
        return;
      }
      confirm({
        title: `Delete ${displayName(row)}?`,
        text: rosterMessages.deleteConfirm,
        action: { kind: 'delete', userId: row.userId },
        danger: true,
      });
    },
    changeAdmin: (row: RosterRow) => {
      const makeAdmin = row.role !== 'ADMIN';
      if (!row.membershipId) {
        notifications.show({
          color: 'red',
          title: 'Error',
          message: makeAdmin ? rosterMessages.couldNotMakeAdmin : rosterMessages.couldNotRemove,
        });
        return;
      }
      confirm({
        title: makeAdmin ? `Make ${displayName(row)} an admin?` : `Remove ${displayName(row)}'s admin rights?`,
        text: makeAdmin ? rosterMessages.makeAdminConfirm : rosterMessages.removeAdminConfirm,
        action: { kind: 'role', membershipId: row.membershipId, role: makeAdmin ? 'ADMIN' : 'MEMBER' },
      });
    },
    changeToolkit: (row: RosterRow) => {
      const grant = !row.toolKitAccess;
      confirm({
        title: grant ? 'Grant toolkit access?' : 'Remove toolkit access?',
        text: grant ? rosterMessages.grantToolkitConfirm : rosterMessages.removeToolkitConfirm,
        action: { kind: 'toolkit', userId: row.userId, toolKitAccess: grant },
      });
    },
  };
}

export type RosterActions = ReturnType<typeof useRosterActions>;
