import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { applicationPaths, legacyApplicationView } from '@portal/domain/application-rules.ts';
import type { LegacyApplicationRow } from '@portal/domain/applications.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import { statusColors } from './application-card.tsx';

/** An application from the previous system: its labels and buttons come from its legacy ids (events.md §9). */
export function LegacyApplicationCard({ row }: { row: LegacyApplicationRow }) {
  const view = legacyApplicationView(row.statusId, row.paymentStatusId);
  const headingId = `legacy-application-${row.id}`;
  const eventId = row.eventId;
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
          <Badge variant="light" color={view.status ? statusColors[view.status] : 'gray'} c="dark">
            {view.statusLabel}
          </Badge>
        </Group>
        {view.paymentLabel ? (
          <Text size="sm">
            Payment status:{' '}
            <Text span inherit fw={600}>
              {view.paymentLabel}
            </Text>
          </Text>
        ) : null}
        {eventId && view.actions.length > 0 ? (
          <Group gap="sm">
            {view.actions.map((action) => (
              <Button key={action.kind} component={Link} to={applicationPaths.resources(eventId, row.id)} variant="default">
                {action.label}
              </Button>
            ))}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}
