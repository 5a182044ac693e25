import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { formatCents } from '@portal/domain/money.ts';
import { refundReasonLabels, type AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { Fact } from '../../../ui/fact.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { receiptMessages, receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';
import { ReceiptDownload } from '../../../shared/commerce/receipt-download.tsx';
import {
  adminEventPaymentAllocationQuery,
  adminEventPaymentQuery,
  useCancelEventPayment,
  useResendReceipt,
} from '../api/event-payments.ts';
import { AllocationSummary } from '../components/allocation-summary.tsx';
import { PaymentRefunds } from '../components/payment-refunds.tsx';
import { EventPaymentStatusBadge } from '../components/event-payment-status-badge.tsx';
import { shortPaymentId } from '../components/event-payments-table.tsx';
import { eventPaymentMethodLabels } from '@portal/domain/commerce/payments.ts';

// The refund dialog (ticket choice, the server's refund, the reason) is fetched when its button is reached for.
const loadRefundDialog = () => import('../components/refund-dialog.tsx');
const RefundDialog = lazy(() => loadRefundDialog().then((module) => ({ default: module.RefundDialog })));
const preloadRefundDialog = { onPointerEnter: () => void loadRefundDialog(), onFocus: () => void loadRefundDialog() };

export const eventPaymentMessages = {
  cancelConfirm: 'Cancel this payment? Its tickets can no longer be allocated; unpaid seats return to sale.',
  cancelled: 'Payment cancelled',
} as const;

export const eventPaymentLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = params.eventPaymentId ?? '';
    await queryClient.prefetchQuery(adminEventPaymentQuery(id));
    // An application's payment is an institute seat, a registration request's the seats of its attendees: neither
    // has an allocation to read.
    const payment = queryClient.getQueryData(adminEventPaymentQuery(id).queryKey);
    if (payment && hasAllocation(payment)) await queryClient.prefetchQuery(adminEventPaymentAllocationQuery(id));
    return null;
  };

const hasAllocation = (payment: AdminEventPaymentRow) =>
  payment.applicationId === null && payment.registrationRequestId === null;

function TicketsFact({ payment }: { payment: AdminEventPaymentRow }) {
  if (payment.applicationId !== null) return <Fact label="Tickets">{allocationMessages.instituteSeat}</Fact>;
  if (payment.registrationRequestId !== null) {
    return (
      <Fact label="Attendees named">
        {payment.attendeesNamed ?? 0} / {payment.numberOfTickets}
      </Fact>
    );
  }
  return (
    <Fact label="Tickets allocated">
      {payment.allocatedTickets} / {payment.numberOfTickets}
    </Fact>
  );
}

/** The payment's receipt: downloaded, or mailed to the buyer again after a confirmation. */
function ReceiptActions({ payment, receiptNumber }: { payment: AdminEventPaymentRow; receiptNumber: number }) {
  const resend = useResendReceipt(payment.id);
  const confirmResend = () =>
    openConfirmModal({
      title: receiptMessages.resendTitle,
      children: <Text size="sm">{receiptMessages.resendConfirm(payment.buyerEmail)}</Text>,
      labels: { confirm: receiptMessages.resend, cancel: 'Keep as is' },
      onConfirm: () =>
        resend.mutate(undefined, {
          onSuccess: ({ sentTo }) => notifications.show({ color: 'green', message: receiptMessages.resent(sentTo) }),
          onError: notifyError,
        }),
    });
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" fw={600}>
        Receipt {receiptNumberLabel(receiptNumber)}
      </Text>
      <ReceiptDownload eventPaymentId={payment.id} receiptNumber={receiptNumber} variant="button" />
      <Button variant="default" onClick={confirmResend} loading={resend.isPending}>
        {receiptMessages.resend}
      </Button>
    </Group>
  );
}

function PaymentSummary({ payment }: { payment: AdminEventPaymentRow }) {
  const timeZone = useProviderTimeZone();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Fact label="Buyer">
        {payment.buyerName} · {payment.buyerEmail}
      </Fact>
      <Fact label="Organization">{payment.organizationName ?? '—'}</Fact>
      <Fact label="Events">{payment.events.join(', ') || '—'}</Fact>
      <TicketsFact payment={payment} />
      <Fact label="Total">{formatCents(payment.total)}</Fact>
      <Fact label="Method">{eventPaymentMethodLabels[payment.method]}</Fact>
      <Fact label="Created">{formatMoment(payment.createdAt, timeZone)}</Fact>
      <Fact label="Payment id">
        <Text size="sm" ff="monospace" span>
          {payment.id}
        </Text>
      </Fact>
    </SimpleGrid>
  );
}

/** An application's payment: whose seat it is, for which institute, and the application it pays for. */
function InstituteApplication({ payment, applicationId }: { payment: AdminEventPaymentRow; applicationId: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text size="sm">{allocationMessages.applicationSeat}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Applicant">
            {payment.buyerName} · {payment.buyerEmail}
          </Fact>
          <Fact label="Institute">{payment.events.join(', ') || '—'}</Fact>
        </SimpleGrid>
        <Anchor component={Link} to={`/admin/applications/${encodeURIComponent(applicationId)}`} size="sm">
          Open the application
        </Anchor>
      </Stack>
    </Card>
  );
}

/** A registration request's payment: its seats are its attendees', named on the request it links to. */
function RegistrationRequest({ payment, requestId }: { payment: AdminEventPaymentRow; requestId: string }) {
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Text size="sm">{allocationMessages.registrationSeats}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Fact label="Requested by">
            {payment.buyerName} · {payment.buyerEmail}
          </Fact>
          <Fact label="Organization">{payment.organizationName ?? '—'}</Fact>
        </SimpleGrid>
        <Anchor component={Link} to={`/admin/registration-requests/${encodeURIComponent(requestId)}`} size="sm">
          Open the registration request
        </Anchor>
      </Stack>
    </Card>
  );
}

/**
 * /admin/event-payments/{id}: a payment's summary, then its allocation (read only) or, for an
 * application's payment, its applicant and institute, for a registration request's, the request;
 * and cancelling it.
 */
export function EventPaymentPage() {
  const id = useParams().eventPaymentId ?? '';
  const payment = useQuery(adminEventPaymentQuery(id));
  const applicationId = payment.data?.applicationId ?? null;
  const requestId = payment.data?.registrationRequestId ?? null;
  const allocation = useQuery({
    ...adminEventPaymentAllocationQuery(id),
    enabled: payment.isSuccess && hasAllocation(payment.data),
  });
  const cancel = useCancelEventPayment(id);
  const [refunding, setRefunding] = useState(false);
  // Mounted from the first opening, and kept, so the dialog closes with its animation.
  const [refundOpened, setRefundOpened] = useState(false);
  if (refunding && !refundOpened) setRefundOpened(true);

  if (isApiError(payment.error, 404)) return <NotFound />;

  const confirmCancel = () =>
    openConfirmModal({
      title: 'Cancel payment',
      children: <Text size="sm">{eventPaymentMessages.cancelConfirm}</Text>,
      labels: { confirm: 'Cancel payment', cancel: 'Keep payment' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        cancel.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'green', message: eventPaymentMessages.cancelled }),
          onError: notifyError,
        }),
    });

  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/event-payments" size="sm">
        Back to event payments
      </Anchor>
      {payment.isPending ? (
        <PageLoader label="Loading event payment" />
      ) : payment.isError ? (
        <ErrorState message={errorMessage(payment.error)} onRetry={() => void payment.refetch()} />
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Group gap="sm">
              <Title order={1}>Payment {shortPaymentId(payment.data.id)}</Title>
              <EventPaymentStatusBadge status={payment.data.status} />
            </Group>
            {payment.data.status === 'PAID' ? (
              <Button color="red.9" variant="outline" onClick={() => setRefunding(true)} {...preloadRefundDialog}>
                Refund
              </Button>
            ) : payment.data.status !== 'CANCELLED' ? (
              <Button color="red.9" variant="outline" onClick={confirmCancel} loading={cancel.isPending}>
                Cancel payment
              </Button>
            ) : null}
          </Group>
          {refundOpened ? (
            <Suspense fallback={null}>
              <RefundDialog paymentId={refunding ? id : null} onClose={() => setRefunding(false)} />
            </Suspense>
          ) : null}
          {payment.data.status === 'REFUND_NEEDED' && payment.data.refundReason ? (
            <Alert color="orange" variant="light" role="status">
              <Text size="sm">
                {refundReasonLabels[payment.data.refundReason]} No tickets were issued for it: refund the buyer through
                the payment provider, then cancel the payment here.
              </Text>
            </Alert>
          ) : null}
          <DetailSection title="Payment">
            <Stack gap="md">
              <PaymentSummary payment={payment.data} />
              {payment.data.receiptNumber !== null ? (
                <ReceiptActions payment={payment.data} receiptNumber={payment.data.receiptNumber} />
              ) : null}
            </Stack>
          </DetailSection>
          {payment.data.status === 'PAID' || payment.data.status === 'CANCELLED' ? (
            <DetailSection title="Refunds">
              <PaymentRefunds paymentId={id} />
            </DetailSection>
          ) : null}
          {applicationId !== null ? (
            <DetailSection title="Institute application">
              <InstituteApplication payment={payment.data} applicationId={applicationId} />
            </DetailSection>
          ) : requestId !== null ? (
            <DetailSection title="Registration request">
              <RegistrationRequest payment={payment.data} requestId={requestId} />
            </DetailSection>
          ) : (
            <DetailSection title="Allocation">
              {allocation.isPending ? (
                <PageLoader label="Loading allocation" />
              ) : allocation.isError ? (
                <ErrorState
                  title="Could not load the allocation"
                  message={errorMessage(allocation.error)}
                  onRetry={() => void allocation.refetch()}
                />
              ) : (
                <AllocationSummary allocation={allocation.data} />
              )}
            </DetailSection>
          )}
        </>
      )}
    </Stack>
  );
}
