import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { legacyApplicationView, legacyPaymentHelp, type ApplicationAction } from '@portal/domain/applications/rules.ts';
import type { LegacyApplicationRow } from '@portal/domain/applications/contracts.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import { applicationTones, StatusBadge } from '../../../ui/status-badge.tsx';

function LegacyAction({
  action,
  row,
  helpId,
}: {
  action: ApplicationAction;
  row: LegacyApplicationRow;
  helpId: string;
}) {
  if (action.kind === 'pay') {
    // The previous system holds what is owed: the button the ids imply, off, with how to pay instead.
    return (
      <Button disabled aria-describedby={helpId}>
        {action.label}
      </Button>
    );
  }
  return row.eventId ? (
    <Button component={Link} to={applicationPaths.resources(row.eventId, row.id)} variant="default">
      {action.label}
    </Button>
  ) : null;
}

/** An application from the previous system: its labels and buttons come from its legacy ids (events.md §9). */
export function LegacyApplicationCard({ row }: { row: LegacyApplicationRow }) {
  const view = legacyApplicationView(row.statusId, row.paymentStatusId, row.paymentTypeId);
  const headingId = `legacy-application-${row.id}`;
  const helpId = `legacy-payment-help-${row.id}`;
  const pays = view.actions.some((action) => action.kind === 'pay');
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={3} size="h4" id={headingId}>
              {row.eventName}
            </Title>
            {row.startDate && row.endDate ? <Text size="sm">{formatDateRange(row.startDate, row.endDate)}</Text> : null}
          </Stack>
          <StatusBadge tone={view.status ? applicationTones[view.status] : 'neutral'}>{view.statusLabel}</StatusBadge>
        </Group>
        {view.paymentLabel ? (
          <Text size="sm">
            Payment status:{' '}
            <Text span inherit fw={600}>
              {view.paymentLabel}
            </Text>
          </Text>
        ) : null}
        {view.actions.length > 0 ? (
          <Group gap="sm">
            {view.actions.map((action) => (
              <LegacyAction key={action.kind} action={action} row={row} helpId={helpId} />
            ))}
          </Group>
        ) : null}
        {pays ? (
          <Text size="sm" id={helpId}>
            {legacyPaymentHelp}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
