import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import {
  applicationActions,
  applicationPaymentLabels,
  applicationStatusLabels,
  acceptsPaymentChanges,
  paymentDueText,
  showsPaymentStatusLine,
  withdrawalMessages,
  withdrawalRefusal,
  type ApplicationAction,
} from '@portal/domain/applications/rules.ts';
import type { ApplicationRow } from '@portal/domain/applications/contracts.ts';
import { formatCents } from '@portal/domain/money.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { formatDateRange } from '@portal/domain/dates.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { useWithdrawApplication } from '../api/applications.ts';
import { usePayAttempt } from '../hooks/use-pay-attempt.ts';
import { ApplicationCouponForm } from './application-coupon-form.tsx';
import { PaymentMethodModal } from './payment-method-modal.tsx';
import { applicationTones, StatusBadge } from '../../../ui/status-badge.tsx';
import { QuoteDownload } from '../../../shared/commerce/quote-download.tsx';

/** Accepted and not paid (nor under review): the applicant may still choose how, apply a coupon and pay (§2). */
function payable(row: ApplicationRow): boolean {
  return acceptsPaymentChanges(row.status, row.paymentStatus);
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
    <Stack gap="3xs">
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

/**
 * Beside §2's buttons: the applicant steps back, asked first since it cannot be undone; shown only
 * while the server would allow it (withdrawalRefusal).
 */
function WithdrawButton({ row }: { row: ApplicationRow }) {
  const withdraw = useWithdrawApplication();
  if (withdrawalRefusal(row.status, row.paymentStatus) !== null) return null;
  const confirm = () =>
    openConfirmModal({
      title: withdrawalMessages.confirmTitle,
      children: <Text size="sm">{withdrawalMessages.confirm(row.event.name)}</Text>,
      labels: { confirm: withdrawalMessages.action, cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(
          { applicationId: row.id },
          {
            onSuccess: () => notifications.show({ color: 'green', message: withdrawalMessages.withdrawn }),
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          },
        ),
    });
  return (
    <Button
      variant="subtle"
      color="red"
      onClick={confirm}
      loading={withdraw.isPending}
      aria-label={`${withdrawalMessages.action}: ${row.event.name}`}
    >
      {withdrawalMessages.action}
    </Button>
  );
}

/** One application of 'My Event Applications': the event, where it stands, what it costs, what to do next. */
export function ApplicationCard({ row }: { row: ApplicationRow }) {
  const [changingMethod, setChangingMethod] = useState(false);
  const { pay, paying } = usePayAttempt({
    kind: 'application',
    id: row.id,
    signature: `${row.paymentOption?.id ?? ''}|${row.coupon?.code ?? ''}|${row.amounts.amountDueCents}`,
  });
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
          <Stack gap="3xs">
            <Title order={3} size="h4" id={headingId}>
              {row.event.name}
            </Title>
            <Text size="sm">{formatDateRange(row.event.startDate, row.event.endDate)}</Text>
            {row.event.locationName ? <Text size="sm">{row.event.locationName}</Text> : null}
            {row.placedSections.length > 0 ? (
              <Text size="sm" fw={600}>
                {placementMessages.yourSection(row.placedSections)}
              </Text>
            ) : null}
          </Stack>
          <StatusBadge tone={applicationTones[row.status]}>{applicationStatusLabels[row.status]}</StatusBadge>
        </Group>
        {showsPayment(row) ? <PaymentDetails row={row} /> : null}
        {payable(row) ? <ApplicationCouponForm row={row} /> : null}
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
          <WithdrawButton row={row} />
        </Group>
        {/* What a business office raises its purchase order against, before it is sent. */}
        {payable(row) && row.amounts.amountDueCents > 0 ? (
          <QuoteDownload path={`/api/event-applications/${encodeURIComponent(row.id)}/quote`} />
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
