import { Alert, Anchor, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  hasTicketsToAllocate,
  isVoidedOrCancelled,
  paymentMessages,
  paymentPollMs,
  type CashnetReturn,
  type EventPaymentReply,
} from '@portal/domain/commerce/payments.ts';
import { districtFundMessages } from '@portal/domain/organizations/district-funds.ts';
import { commerceKeys } from '../../../shared/commerce/queries.ts';
import { ReceiptDownload } from '../../../shared/commerce/receipt-download.tsx';
import { cashnetConfirmQuery } from '../api/payments.ts';
import {
  applicationSuccessFlavour,
  cartFlavour,
  registrationFlavour,
  type CheckoutFlavour,
} from '../components/checkout-flavour.ts';
import { AssignToMe } from '../components/assign-to-me.tsx';
import { OrderSummary } from '../components/order-summary.tsx';
import { checkoutTexts } from '../components/payment-texts.ts';
import { eventPaymentIdOf, paymentPageLoader, useLeaveOnError, usePaymentLookup } from '../hooks/use-payment-lookup.ts';

/**
 * The payment of the address: eventPaymentId, or for a CashNet-style return (whose address the
 * gateway builds) the ref3val1 it echoes back.
 */
function successPaymentIdOf(searchParams: URLSearchParams): string | null {
  return eventPaymentIdOf(searchParams) ?? cashnetReturnOf(searchParams)?.ref3val1 ?? null;
}

export const successLoader = () => paymentPageLoader(undefined, successPaymentIdOf);
export const applicationSuccessLoader = () =>
  paymentPageLoader(undefined, successPaymentIdOf, applicationSuccessFlavour.homePath);

/** §2: a registration request's success page needs both eventRegistrationRequestId and eventRegistrationPaymentId. */
function registrationIdsOf(searchParams: URLSearchParams): { requestId: string; eventPaymentId: string } | null {
  const requestId = searchParams.get('eventRegistrationRequestId')?.trim();
  const eventPaymentId = searchParams.get('eventRegistrationPaymentId')?.trim();
  return requestId && eventPaymentId ? { requestId, eventPaymentId } : null;
}
export const registrationSuccessLoader = () =>
  paymentPageLoader(
    undefined,
    (searchParams) => registrationIdsOf(searchParams)?.eventPaymentId ?? null,
    registrationFlavour(null).homePath,
  );

/** The CashNet-style gateway's return values, when the address carries all of them. */
function cashnetReturnOf(searchParams: URLSearchParams): CashnetReturn | null {
  const batchno = searchParams.get('batchno');
  const tx = searchParams.get('tx');
  const custcode = searchParams.get('custcode');
  const ref3val1 = searchParams.get('ref3val1');
  return batchno && tx && custcode && ref3val1 ? { batchno, tx, custcode, ref3val1 } : null;
}

/** Nothing more will change for the buyer on this page: stop asking. */
function settled(payment: EventPaymentReply): boolean {
  return payment.status !== 'PENDING' || isVoidedOrCancelled(payment);
}

function allocatePath(eventPaymentId: string): string {
  return `/members/event/assign-tickets?${new URLSearchParams({ eventPaymentId }).toString()}`;
}

function BackHome({ flavour }: { flavour: CheckoutFlavour }) {
  return (
    <Anchor component={Link} to={flavour.homePath}>
      {flavour.homeLabel}
    </Anchor>
  );
}

/** A payment that will not become paid here: why, and the way back. */
function SettledNotice({ color, message, flavour }: { color: string; message: string; flavour: CheckoutFlavour }) {
  return (
    <Alert color={color} variant="light" role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <BackHome flavour={flavour} />
      </Stack>
    </Alert>
  );
}

/** Whether the page offers 'Allocate tickets' for the payment as last read (before the first read: as the flavour says). */
function offersAllocation(flavour: CheckoutFlavour, payment: EventPaymentReply | undefined): boolean {
  return flavour.allocates && (payment === undefined || hasTicketsToAllocate(payment));
}

/** What the page says about the payment as last read. */
function PaymentState({ payment, flavour }: { payment: EventPaymentReply | undefined; flavour: CheckoutFlavour }) {
  if (!payment || (payment.status === 'PENDING' && !isVoidedOrCancelled(payment))) {
    return (
      <Group gap="sm" role="status">
        <Loader size="sm" aria-hidden />
        <Text>{paymentMessages.processing}</Text>
      </Group>
    );
  }
  if (isVoidedOrCancelled(payment)) {
    return <SettledNotice color="red" message={paymentMessages.voidedOrCancelled} flavour={flavour} />;
  }
  switch (payment.status) {
    case 'PAID':
      return (
        <Text role="status" fw={600}>
          {flavour.allocates && !hasTicketsToAllocate(payment)
            ? paymentMessages.paidNothingToAllocate
            : flavour.paidMessage}
        </Text>
      );
    case 'EXPIRED':
      return <SettledNotice color="gray" message={checkoutTexts.expired} flavour={flavour} />;
    case 'REFUND_NEEDED':
      return <SettledNotice color="orange" message={paymentMessages.refundNeeded} flavour={flavour} />;
    case 'PO_SUBMITTED':
      return <Text role="status">{paymentMessages.purchaseOrderThanks}</Text>;
    case 'AWAITING_APPROVAL':
      return <Text role="status">{districtFundMessages.waiting}</Text>;
    case 'AWAITING_PO':
      return (
        <Stack gap="xs" align="flex-start" role="status">
          <Text>{checkoutTexts.awaitingPurchaseOrder}</Text>
          <Anchor component={Link} to={flavour.purchaseOrderPath(payment.id)}>
            Upload the purchase order
          </Anchor>
        </Stack>
      );
    default:
      return null;
  }
}

/** Card payments: confirm a gateway return if there is one, then read the payment every 2 s until it settles. */
function CardPaymentStatus({
  eventPaymentId,
  cashnet,
  flavour,
}: {
  eventPaymentId: string;
  cashnet: CashnetReturn | null;
  flavour: CheckoutFlavour;
}) {
  const queryClient = useQueryClient();
  const confirm = useQuery({
    ...cashnetConfirmQuery(cashnet ?? { batchno: '', tx: '', custcode: '', ref3val1: '' }),
    enabled: cashnet !== null,
  });
  useLeaveOnError(confirm.isError ? confirm.error : null, flavour.homePath);
  const confirmed = cashnet === null || confirm.isSuccess;

  useEffect(() => {
    if (confirm.data) queryClient.setQueryData(commerceKeys.eventPayment(eventPaymentId), confirm.data);
  }, [confirm.data, eventPaymentId, queryClient]);

  const payment = usePaymentLookup(eventPaymentId, {
    enabled: confirmed,
    homePath: flavour.homePath,
    pollEvery: (last) => (last && settled(last) ? false : paymentPollMs),
  });
  const paid = payment.data?.status === 'PAID' && !isVoidedOrCancelled(payment.data);

  const receiptNumber = paid ? (payment.data?.receiptNumber ?? null) : null;

  return (
    <>
      <PaymentState payment={payment.data} flavour={flavour} />
      {offersAllocation(flavour, payment.data) ? (
        <AllocateButton eventPaymentId={eventPaymentId} enabled={paid} />
      ) : null}
      {flavour.offersAssignToMe && paid ? <AssignToMe eventPaymentId={eventPaymentId} /> : null}
      {receiptNumber !== null ? (
        <Group>
          <ReceiptDownload eventPaymentId={eventPaymentId} receiptNumber={receiptNumber} variant="button" />
        </Group>
      ) : null}
      {payment.data ? <OrderSummary payment={payment.data} /> : null}
    </>
  );
}

function AllocateButton({ eventPaymentId, enabled }: { eventPaymentId: string; enabled: boolean }) {
  return (
    <Group>
      {enabled ? (
        <Button component={Link} to={allocatePath(eventPaymentId)}>
          {paymentMessages.allocate}
        </Button>
      ) : (
        <Button disabled>{paymentMessages.allocate}</Button>
      )}
    </Group>
  );
}

/**
 * A purchase order is thanked without waiting for its approval (§4: no polling), but not once its
 * payment was voided or cancelled: one read of the payment decides which.
 */
function PurchaseOrderStatus({ eventPaymentId, flavour }: { eventPaymentId: string; flavour: CheckoutFlavour }) {
  const payment = usePaymentLookup(eventPaymentId, { homePath: flavour.homePath });
  if (!payment.data) return <Loader size="sm" role="status" aria-label="Loading the payment" />;
  return (
    <>
      {isVoidedOrCancelled(payment.data) ? (
        <PaymentState payment={payment.data} flavour={flavour} />
      ) : (
        <Text role="status">{paymentMessages.purchaseOrderThanks}</Text>
      )}
      {offersAllocation(flavour, payment.data) ? (
        <AllocateButton eventPaymentId={eventPaymentId} enabled={false} />
      ) : null}
    </>
  );
}

/**
 * Where every way of paying ends. A purchase order is thanked at once (approval comes later); a card
 * payment is watched until paid.
 */
function PaymentOutcome({
  flavour,
  idOf = successPaymentIdOf,
}: {
  flavour: CheckoutFlavour;
  idOf?: (searchParams: URLSearchParams) => string | null;
}) {
  const [searchParams] = useSearchParams();
  const eventPaymentId = idOf(searchParams) ?? '';
  const source = searchParams.get('source');

  return (
    <Stack gap="lg" maw={880}>
      <Title order={1}>Checkout</Title>
      {source === 'purchase-order' ? (
        <PurchaseOrderStatus eventPaymentId={eventPaymentId} flavour={flavour} />
      ) : (
        <CardPaymentStatus eventPaymentId={eventPaymentId} cashnet={cashnetReturnOf(searchParams)} flavour={flavour} />
      )}
      {flavour.allocates ? (
        <Anchor component={Link} to="/members/manage-events">
          See all your event payments
        </Anchor>
      ) : (
        <Group>
          <Button component={Link} to={flavour.homePath} variant="default">
            {flavour.homeLabel}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** /members/event-cart/checkout/success?eventPaymentId=&source=: a cart's payment. */
export function SuccessPage() {
  return <PaymentOutcome flavour={cartFlavour} />;
}

/**
 * /members/events/applications/checkout/success?eventPaymentId=&source=: an accepted application's
 * payment (or a previous-system application's), with the cart success page's behaviour (§2).
 */
export function ApplicationSuccessPage() {
  return <PaymentOutcome flavour={applicationSuccessFlavour} />;
}

/**
 * /members/events/registration/checkout/success?eventRegistrationRequestId=&eventRegistrationPaymentId=:
 * a registration request's payment, watched until paid; 'Back to Registration Request'.
 */
export function RegistrationSuccessPage() {
  const [searchParams] = useSearchParams();
  const ids = registrationIdsOf(searchParams);
  return (
    <PaymentOutcome
      flavour={registrationFlavour(ids?.requestId ?? null)}
      idOf={(params) => registrationIdsOf(params)?.eventPaymentId ?? null}
    />
  );
}
