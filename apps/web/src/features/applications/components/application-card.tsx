import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  applicationActions,
  applicationPaymentLabels,
  applicationStatusLabels,
  awaitsPayment,
  paymentDueText,
  showsPaymentStatusLine,
  type ApplicationAction,
} from '@portal/domain/applications/rules.ts';
import type { ApplicationRow } from '@portal/domain/applications/contracts.ts';
import { formatCents } from '@portal/domain/money.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { formatDateRange } from '../../../shared/commerce/format.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { usePayAttempt } from '../hooks/use-pay-attempt.ts';
import { ApplicationCouponForm } from './application-coupon-form.tsx';
import { PaymentMethodModal } from './payment-method-modal.tsx';
import { applicationTones, StatusBadge } from '../../../ui/status-badge.tsx';

/** Accepted and not paid (nor under review): the applicant may still choose how, apply a coupon and pay. */
function payable(row: ApplicationRow): boolean {
  return row.status === 'ACCEPTED' && awaitsPayment(row.paymentStatus);
}

/** Payment matters once the application is accepted, or when a payment exists whatever happened since. */
function showsPayment(row: ApplicationRow): boolean {
  return row.status === 'ACCEPTED' || row.payment !== null;
}

/**
 * §4: the payment status line ('Payment status: …'), except for PENDING, whose 'Payment Incomplete'
 * stands on its own.
 */
function PaymentStatus({ row }: { row: ApplicationRow }) {
  const label = applicationPaymentLabels[row.paymentStatus];
  if (!showsPaymentStatusLine(row.paymentStatus)) {
    return (
      <Text size="sm" fw={600}>
        {label}
      </Text>
    );
  }
  return (
    <Text size="sm">
      Payment status:{' '}
      <Text span inherit fw={600}>
        {label}
      </Text>
    </Text>
  );
}

function PaymentDetails({ row }: { row: ApplicationRow }) {
  const { priceCents, discountCents, amountDueCents } = row.amounts;
  return (
    <Stack gap={2}>
      <PaymentStatus row={row} />
      {row.paymentStatus === 'REFUND_NEEDED' ? <Text size="sm">{paymentMessages.refundNeeded}</Text> : null}
      <Text size="sm">Payment method: {row.paymentOption?.label ?? 'Not chosen yet'}</Text>
      {payable(row) ? (
        <>
          {discountCents > 0 ? (
            <Text size="sm">
              Price {formatCents(priceCents)}, coupon −{formatCents(discountCents)}
            </Text>
          ) : null}
          <Text size="sm" fw={600}>
            Amount due: {formatCents(amountDueCents)}
          </Text>
          {row.dueDays !== null ? <Text size="sm">{paymentDueText(row.dueDays)}</Text> : null}
        </>
      ) : null}
    </Stack>
  );
}

interface ActionButtonProps {
  action: ApplicationAction;
  row: ApplicationRow;
  onChangeMethod: () => void;
  pay: () => void;
  paying: boolean;
  card: CardState;
}

/** Whether a card payment can be started here, and why not (no card provider configured). */
interface CardState {
  disabled: boolean;
  reason: string | null;
}

/** One button of applicationActions: a link to a page, the payment-method modal, or Pay. */
function ActionButton({ action, row, onChangeMethod, pay, paying, card }: ActionButtonProps) {
  switch (action.kind) {
    case 'complete':
      return (
        <Button component={Link} to={applicationPaths.step(row.id, 'general-information')}>
          {action.label}
        </Button>
      );
    case 'review':
      return (
        <Button component={Link} to={applicationPaths.step(row.id, 'review-and-submit')} variant="default">
          {action.label}
        </Button>
      );
    case 'change-payment-method':
      return (
        <Button variant="default" onClick={onChangeMethod} disabled={paying}>
          {action.label}
        </Button>
      );
    case 'pay': {
      // The server refuses a card payment while no provider is configured: say why instead of trying.
      const byCard = action.label === 'Pay by Credit Card';
      return (
        <Button
          onClick={pay}
          loading={paying}
          disabled={byCard && card.disabled}
          aria-describedby={byCard && card.reason ? `card-unavailable-${row.id}` : undefined}
        >
          {action.label}
        </Button>
      );
    }
    case 'resources':
      return (
        <Button component={Link} to={applicationPaths.resources(row.event.id, row.id)} variant="default">
          {action.label}
        </Button>
      );
    case 'manage-registration':
      return row.registrationRequestId ? (
        <Button component={Link} to={applicationPaths.registration(row.registrationRequestId)} variant="default">
          {action.label}
        </Button>
      ) : null;
  }
}

/** One application of 'My Event Applications': the event, where it stands, what it costs, what to do next. */
export function ApplicationCard({ row }: { row: ApplicationRow }) {
  const [changingMethod, setChangingMethod] = useState(false);
  const { pay, paying } = usePayAttempt(row);
  const options = useQuery(paymentOptionsQuery);
  // While the options are read the card button waits; should reading them fail, the server still decides.
  const card: CardState = {
    disabled: options.data ? !options.data.card.available : options.isPending,
    reason: options.data?.card.unavailableReason ?? null,
  };
  const headingId = `application-${row.id}`;
  const actions = applicationActions({
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentMethod: row.paymentOption?.method ?? null,
    amountDueCents: row.amounts.amountDueCents,
    registrationRequestId: row.registrationRequestId,
  });

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={3} size="h4" id={headingId}>
              {row.event.name}
            </Title>
            <Text size="sm">{formatDateRange(row.event.startDate, row.event.endDate)}</Text>
            {row.event.locationName ? <Text size="sm">{row.event.locationName}</Text> : null}
          </Stack>
          <StatusBadge tone={applicationTones[row.status]}>{applicationStatusLabels[row.status]}</StatusBadge>
        </Group>
        {showsPayment(row) ? <PaymentDetails row={row} /> : null}
        {payable(row) ? <ApplicationCouponForm row={row} /> : null}
        {actions.length > 0 ? (
          <Group gap="sm">
            {actions.map((action) => (
              <ActionButton
                key={action.kind}
                action={action}
                row={row}
                onChangeMethod={() => setChangingMethod(true)}
                pay={pay}
                paying={paying}
                card={card}
              />
            ))}
          </Group>
        ) : null}
        {card.reason && actions.some((action) => action.label === 'Pay by Credit Card') ? (
          <Text size="sm" c="dimmed" id={`card-unavailable-${row.id}`}>
            {card.reason}
          </Text>
        ) : null}
      </Stack>
      <PaymentMethodModal row={row} opened={changingMethod} onClose={() => setChangingMethod(false)} />
    </Paper>
  );
}
