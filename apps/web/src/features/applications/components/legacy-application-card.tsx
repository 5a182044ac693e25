import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  legacyApplicationView,
  legacyPaymentHelp,
  type ApplicationAction,
  type LegacyApplicationView,
} from '@portal/domain/applications/rules.ts';
import type { LegacyApplicationRow } from '@portal/domain/applications/contracts.ts';
import { formatCents } from '@portal/domain/money.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { applicationTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { usePayAttempt } from '../hooks/use-pay-attempt.ts';

interface PayState {
  pay: () => void;
  paying: boolean;
  disabled: boolean;
  /** The id of the text saying why the button is off, when one says it. */
  describedBy: string | undefined;
}

function LegacyAction({
  action,
  row,
  payState,
}: {
  action: ApplicationAction;
  row: LegacyApplicationRow;
  payState: PayState;
}) {
  if (action.kind === 'pay') {
    return (
      <Button
        onClick={payState.pay}
        loading={payState.paying}
        disabled={payState.disabled}
        aria-describedby={payState.describedBy}
      >
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

/** Why a pay button is off: no balance was imported (the previous system holds it), or card payment is not set up. */
function offReason(view: LegacyApplicationView, cardReason: string | null): string | null {
  if (view.amountDueCents === null) return legacyPaymentHelp;
  return view.paymentMethod === 'CARD' ? cardReason : null;
}

/**
 * An application from the previous system: its labels and buttons come from its legacy ids (events.md
 * §9) and its payment here; a pay button takes the balance the import carried.
 */
export function LegacyApplicationCard({ row }: { row: LegacyApplicationRow }) {
  const view = legacyApplicationView(row.statusId, row.paymentStatusId, row.paymentTypeId, row);
  const { pay, paying } = usePayAttempt({
    kind: 'legacy',
    id: row.id,
    signature: `${view.paymentMethod ?? ''}|${view.amountDueCents ?? ''}`,
  });
  const options = useQuery(paymentOptionsQuery);
  const headingId = `legacy-application-${row.id}`;
  const helpId = `legacy-payment-help-${row.id}`;
  const pays = view.actions.some((action) => action.kind === 'pay');
  const reason = pays ? offReason(view, options.data?.card.unavailableReason ?? null) : null;
  // While the options are read the card button waits; should reading them fail, the server still decides.
  const waiting = view.paymentMethod === 'CARD' && options.isPending;
  const payState: PayState = {
    pay,
    paying,
    disabled: reason !== null || waiting,
    describedBy: reason ? helpId : undefined,
  };
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap="3xs">
            <Title order={3} size="h4" id={headingId}>
              {row.eventName}
            </Title>
            {row.startDate && row.endDate ? <Text size="sm">{formatDateRange(row.startDate, row.endDate)}</Text> : null}
          </Stack>
          {/* The badge keeps its one word on a phone; the event's name wraps instead. */}
          <StatusBadge tone={view.status ? applicationTones[view.status] : 'neutral'} style={{ flexShrink: 0 }}>
            {view.statusLabel}
          </StatusBadge>
        </Group>
        {view.paymentLabel || view.amountDueCents !== null ? (
          <Stack gap={2}>
            {view.paymentLabel ? (
              <Text size="sm">
                Payment status:{' '}
                <Text span inherit fw={600}>
                  {view.paymentLabel}
                </Text>
              </Text>
            ) : null}
            {view.amountDueCents !== null ? (
              <Text size="sm" fw={600}>
                Amount due: {formatCents(view.amountDueCents)}
              </Text>
            ) : null}
          </Stack>
        ) : null}
        {view.actions.length > 0 ? (
          <Group gap="sm">
            {view.actions.map((action) => (
              <LegacyAction key={action.kind} action={action} row={row} payState={payState} />
            ))}
          </Group>
        ) : null}
        {reason ? (
          <Text size="sm" c={view.amountDueCents === null ? undefined : 'dimmed'} id={helpId}>
            {reason}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
