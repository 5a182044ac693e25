import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { isVoidedOrCancelled, paymentMessages, type EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { NoOrganizationAlert } from '../../../shared/commerce/purchase-order-fields.tsx';
import { eventPaymentQuery } from '../../../shared/commerce/queries.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { membershipsQuery } from '../api/payments.ts';
import {
  applicationFlavour,
  cartFlavour,
  registrationFlavour,
  type CheckoutFlavour,
} from '../components/checkout-flavour.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { PurchaseOrderForm } from '../components/purchase-order-form.tsx';
import { useCancelOrder } from '../hooks/use-cancel-order.ts';
import { eventPaymentIdOf, paymentPageLoader, usePaymentLookup } from '../hooks/use-payment-lookup.ts';

function loaderOf(flavour: CheckoutFlavour) {
  return (queryClient: QueryClient) =>
    paymentPageLoader(
      (eventPaymentId) =>
        Promise.all([
          queryClient.prefetchQuery(eventPaymentQuery(eventPaymentId)),
          queryClient.prefetchQuery(membershipsQuery),
        ]),
      undefined,
      flavour.homePath,
    );
}

export const purchaseOrderLoader = loaderOf(cartFlavour);
export const applicationPurchaseOrderLoader = loaderOf(applicationFlavour);
export const registrationPurchaseOrderLoader = loaderOf(registrationFlavour(null));

/** Why this payment takes no purchase order now, and where to go instead. */
function NotAwaiting({ payment, flavour }: { payment: EventPaymentReply; flavour: CheckoutFlavour }) {
  if (payment.status === 'PO_SUBMITTED') {
    return (
      <Alert color="blue" variant="light">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{paymentMessages.purchaseOrderThanks}</Text>
          <Anchor component={Link} to={flavour.successPath(payment.id, 'purchase-order')} size="sm">
            Continue
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {isVoidedOrCancelled(payment) ? paymentMessages.voidedOrCancelled : purchaseOrderMessages.notAwaiting}
        </Text>
        <Anchor component={Link} to={flavour.homePath} size="sm">
          {flavour.homeLabel}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function MembershipsAndForm({ payment, flavour }: { payment: EventPaymentReply; flavour: CheckoutFlavour }) {
  const memberships = useQuery(membershipsQuery);
  const cancelOrder = useCancelOrder(payment.id, flavour);
  if (memberships.isPending) return <PageLoader label="Loading your organizations" />;
  if (memberships.isError)
    return <ErrorState message={errorMessage(memberships.error)} onRetry={() => void memberships.refetch()} />;
  if (memberships.data.length === 0) {
    return (
      <NoOrganizationAlert>
        {flavour.cancelsCheckout ? (
          <Button variant="default" size="xs" onClick={cancelOrder.cancel} loading={cancelOrder.pending}>
            Cancel
          </Button>
        ) : null}
      </NoOrganizationAlert>
    );
  }
  return <PurchaseOrderForm payment={payment} memberships={memberships.data} flavour={flavour} />;
}

/** The order's summary and the purchase order upload. */
function PurchaseOrderUpload({ flavour }: { flavour: CheckoutFlavour }) {
  const [searchParams] = useSearchParams();
  const eventPaymentId = eventPaymentIdOf(searchParams) ?? '';
  const payment = usePaymentLookup(eventPaymentId, { homePath: flavour.homePath });

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1}>Pay by Purchase Order</Title>
      {payment.isPending || payment.isError ? (
        <PageLoader label="Loading your order" />
      ) : (
        <>
          <OrderSummary payment={payment.data} />
          <Stack component="section" gap="sm" aria-labelledby="purchase-order-form-heading">
            <Title order={2} size="h3" id="purchase-order-form-heading">
              Upload your purchase order
            </Title>
            {payment.data.status === 'AWAITING_PO' ? (
              <MembershipsAndForm payment={payment.data} flavour={flavour} />
            ) : (
              <NotAwaiting payment={payment.data} flavour={flavour} />
            )}
          </Stack>
        </>
      )}
    </Stack>
  );
}

/** /members/event-cart/checkout/purchase-order?eventPaymentId=: a cart's payment (type CONFERENCE_DAY). */
export function PurchaseOrderPage() {
  return <PurchaseOrderUpload flavour={cartFlavour} />;
}

/** /members/events/applications/checkout/purchase-order?eventPaymentId=: an accepted application's payment (type EVENT_APPLICATION). */
export function ApplicationPurchaseOrderPage() {
  return <PurchaseOrderUpload flavour={applicationFlavour} />;
}

/**
 * /members/events/registration/checkout/purchase-order?eventPaymentId=&eventRegistrationRequestId=: a registration
 * request's payment (type EVENT).
 */
export function RegistrationPurchaseOrderPage() {
  const [searchParams] = useSearchParams();
  return (
    <PurchaseOrderUpload
      flavour={registrationFlavour(searchParams.get('eventRegistrationRequestId')?.trim() || null)}
    />
  );
}
