import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { notifyError } from '../../../lib/errors.ts';
import { deleteChange, usePackageChange, type PartKind } from '../api/packages.ts';
import { partNames } from './part-fields.ts';

/** One part of the package as the editor lists it: its name, a line about it, Edit and Delete, and what it holds. */
export function PartCard({
  kind,
  id,
  name,
  summary,
  onEdit,
  children,
}: {
  kind: Exclude<PartKind, 'package'>;
  id: string;
  name: string;
  summary: string;
  onEdit: () => void;
  children?: ReactNode;
}) {
  const change = usePackageChange();
  const confirmDelete = () =>
    openConfirmModal({
      title: `Delete ${partNames[kind]} ${name}?`,
      children: <Text size="sm">This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        change.mutate(deleteChange(kind, id), {
          onSuccess: () => notifications.show({ color: 'green', message: staffPackageMessages.deleted }),
          onError: notifyError,
        }),
    });
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap="3xs" style={{ flex: '1 1 12rem', minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            <Text size="sm">{summary}</Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red.9"
              onClick={confirmDelete}
              loading={change.isPending}
              aria-label={`Delete ${name}`}
            >
              Delete
            </Button>
          </Group>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
