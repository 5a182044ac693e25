import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { allocationMessages } from '@portal/domain/tickets/allocation.ts';
import { formatCents } from '@portal/domain/money.ts';
import { refundReasonLabels, type AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { Fact } from '../../../ui/fact.tsx';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import {
  adminEventPaymentAllocationQuery,
  adminEventPaymentQuery,
  useCancelEventPayment,
} from '../api/event-payments.ts';
import { AllocationSummary } from '../components/allocation-summary.tsx';
import { EventPaymentStatusBadge } from '../components/event-payment-status-badge.tsx';
import { shortPaymentId } from '../components/event-payments-table.tsx';
import { eventPaymentMethodLabels } from '../components/labels.ts';
import { formatMomentDate } from '../../../shared/commerce/admin-lists.ts';

export const eventPaymentMessages = {
  cancelConfirm: 'Cancel this payment? Its tickets can no longer be allocated; unpaid seats return to sale.',
  cancelled: 'Payment cancelled',
} as const;

export const eventPaymentLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const id = params.eventPaymentId ?? '';
    await queryClient.prefetchQuery(adminEventPaymentQuery(id));
    // An application's payment is an institute seat: it has no allocation to read.
    if (queryClient.getQueryData(adminEventPaymentQuery(id).queryKey)?.applicationId === null) {
      await queryClient.prefetchQuery(adminEventPaymentAllocationQuery(id));
    }
    return null;
  };

function PaymentSummary({ payment }: { payment: AdminEventPaymentRow }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
      <Fact label="Buyer">
        {payment.buyerName} · {payment.buyerEmail}
      </Fact>
      <Fact label="Organization">{payment.organizationName ?? '—'}</Fact>
      <Fact label="Events">{payment.events.join(', ') || '—'}</Fact>
      {payment.applicationId === null ? (
        <Fact label="Tickets allocated">
          {payment.allocatedTickets} / {payment.numberOfTickets}
        </Fact>
      ) : (
        <Fact label="Tickets">{allocationMessages.instituteSeat}</Fact>
      )}
      <Fact label="Total">{formatCents(payment.total)}</Fact>
      <Fact label="Method">{eventPaymentMethodLabels[payment.method]}</Fact>
      <Fact label="Created">{formatMomentDate(payment.createdAt)}</Fact>
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

/**
 * /admin/event-payments/{id}: a payment's summary, then its allocation (read only) or, for an
 * application's payment, its applicant and institute; and cancelling it.
 */
export function EventPaymentPage() {
  const id = useParams().eventPaymentId ?? '';
  const payment = useQuery(adminEventPaymentQuery(id));
  const applicationId = payment.data?.applicationId ?? null;
  const allocation = useQuery({
    ...adminEventPaymentAllocationQuery(id),
    enabled: payment.isSuccess && applicationId === null,
  });
  const cancel = useCancelEventPayment(id);

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
            {payment.data.status !== 'CANCELLED' ? (
              <Button color="red.9" variant="outline" onClick={confirmCancel} loading={cancel.isPending}>
                Cancel payment
              </Button>
            ) : null}
          </Group>
          {payment.data.status === 'REFUND_NEEDED' && payment.data.refundReason ? (
            <Alert color="orange" variant="light" role="status">
              <Text size="sm">
                {refundReasonLabels[payment.data.refundReason]} No tickets were issued for it: refund the buyer through
                the payment provider, then cancel the payment here.
              </Text>
            </Alert>
          ) : null}
          <DetailSection title="Payment">
            <PaymentSummary payment={payment.data} />
          </DetailSection>
          {applicationId !== null ? (
            <DetailSection title="Institute application">
              <InstituteApplication payment={payment.data} applicationId={applicationId} />
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
