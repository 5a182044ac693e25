import { Button, Group, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useId, useState } from 'react';
import {
  assignedPeopleCount,
  notificationsSentMessage,
  packageAssignmentMessages,
  type PackageAssignmentsReply,
} from '@portal/domain/packages/assignments.ts';
import { notifyError } from '../../../lib/errors.ts';
import { useSendPackageNotifications } from '../api/package-assignments.ts';

interface SendNotificationsProps {
  reply: PackageAssignmentsReply;
  /** A tab holds unsaved changes: the mails would describe what is saved, so saving comes first. */
  unsaved: boolean;
}

/**
 * 'Send Update Notifications' (events.md §6): after a confirmation, each person assigned in the
 * request is emailed what they hold as saved. Disabled while asking and while sending, so a double
 * click sends once; disabled with the reason shown when nobody is assigned or a tab is unsaved.
 */
export function SendNotifications({ reply, unsaved }: SendNotificationsProps) {
  const hintId = useId();
  const [asking, setAsking] = useState(false);
  const send = useSendPackageNotifications(reply.packageRequestId);
  const nobody = assignedPeopleCount(reply) === 0;
  const hint = unsaved
    ? packageAssignmentMessages.saveBeforeNotifying
    : nobody
      ? packageAssignmentMessages.nobodyAssigned
      : packageAssignmentMessages.sendNotificationsHint;

  const confirm = () => {
    setAsking(true);
    openConfirmModal({
      title: packageAssignmentMessages.sendNotificationsTitle,
      children: <Text size="sm">{packageAssignmentMessages.sendNotificationsConfirm}</Text>,
      labels: { confirm: 'Send', cancel: 'Cancel' },
      onClose: () => setAsking(false),
      onConfirm: () =>
        send.mutate(undefined, {
          onSuccess: ({ notified }) =>
            notifications.show({ color: 'green', message: notificationsSentMessage(notified) }),
          onError: notifyError,
        }),
    });
  };

  return (
    <Group justify="space-between" align="center" gap="sm" wrap="wrap">
      <Text size="sm" id={hintId} style={{ flex: '1 1 16rem' }}>
        {hint}
      </Text>
      <Button
        variant="default"
        onClick={confirm}
        loading={send.isPending}
        disabled={unsaved || nobody || asking}
        aria-describedby={hintId}
      >
        {packageAssignmentMessages.sendNotifications}
      </Button>
    </Group>
  );
}
