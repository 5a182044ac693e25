import { Anchor, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import { formatCents } from '@portal/domain/money.ts';
import { registrationRequestPaths, type RegistrationRequestDetail } from '@portal/domain/registrations/requests.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { CouponField } from '../../../shared/commerce/coupon-field.tsx';
import { followRedirect } from '../../../shared/commerce/follow-redirect.ts';
import { newIdempotencyKey } from '../../../shared/commerce/idempotency-key.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { registrationKeys } from '../../../shared/registration/queries.ts';
import { usePayRequest, useRequestCoupon } from '../api/requests.ts';
import { QuoteDownload } from '../../../shared/commerce/quote-download.tsx';

function PriceTable({ detail }: { detail: RegistrationRequestDetail }) {
  const { price } = detail;
  return (
    <Table withRowBorders={false} verticalSpacing="2xs" maw={480} aria-label="Price">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>
            {price.seats} × {formatCents(price.attendeeCost)}
          </Table.Td>
          <Table.Td ta="right">{formatCents(price.grossTotal)}</Table.Td>
        </Table.Tr>
        {price.freeSeats > 0 ? (
          <Table.Tr>
            <Table.Td>
              {price.freeSeats} free {price.freeSeats === 1 ? 'seat' : 'seats'}
            </Table.Td>
            <Table.Td ta="right">−{formatCents(price.offerDiscount)}</Table.Td>
          </Table.Tr>
        ) : null}
        {price.couponDiscount > 0 ? (
          <Table.Tr>
            <Table.Td>Coupon {detail.coupon?.code}</Table.Td>
            <Table.Td ta="right">−{formatCents(price.couponDiscount)}</Table.Td>
          </Table.Tr>
        ) : null}
        <Table.Tr>
          <Table.Td fw={700}>Total</Table.Td>
          <Table.Td ta="right" fw={700}>
            {formatCents(price.total)}
          </Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

function RequestCoupon({ detail }: { detail: RegistrationRequestDetail }) {
  const coupon = useRequestCoupon(detail.id);
  const [refusal, setRefusal] = useState<string | null>(null);
  const send = (code: string, applied?: () => void) =>
    coupon.mutate(code, {
      onSuccess: () => {
        applied?.();
        notifications.show({ color: 'green', message: code ? cartMessages.couponApplied : cartMessages.couponRemoved });
      },
      onError: (failure) => {
        setRefusal(isApiError(failure) ? (failure.problem.errors?.code ?? null) : null);
        notifications.show({
          color: 'red',
          message: isApiError(failure) && failure.status === 400 ? cartMessages.couponError : errorMessage(failure),
        });
      },
    });
  if (!detail.abilities.changeCoupon) return null;
  return (
    <CouponField
      coupon={detail.coupon}
      formLabel="Coupon for this registration request"
      requiredMessage={cartMessages.couponRequired}
      pending={coupon.isPending}
      refusal={refusal}
      onEdit={() => setRefusal(null)}
      onApply={send}
      onRemove={() => send('')}
      size="sm"
    />
  );
}

/**
 * Pay by card or by purchase order, as an application pays: one Idempotency-Key per attempt (what is
 * paid and how), kept when the answer is lost so a retry cannot pay twice, dropped on a refusal.
 */
function PayButtons({ detail }: { detail: RegistrationRequestDetail }) {
  const pay = usePayRequest(detail.id);
  const options = useQuery(paymentOptionsQuery);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attempt = useRef<{ signature: string; key: string } | null>(null);
  const [paying, setPaying] = useState<EventPaymentMethod | null>(null);

  const start = (method: EventPaymentMethod) => {
    if (paying) return;
    const signature = `${method}|${detail.seatsRequested}|${detail.coupon?.code ?? ''}|${detail.price.total}`;
    const key = attempt.current?.signature === signature ? attempt.current.key : newIdempotencyKey();
    attempt.current = { signature, key };
    setPaying(method);
    pay.mutate(
      { method, idempotencyKey: key },
      {
        onSuccess: (reply) => followRedirect(reply.redirectUrl, navigate),
        onError: (error) => {
          setPaying(null);
          notifyError(error);
          if (!isApiError(error) || error.status >= 500) return;
          attempt.current = null;
          if (error.status === 409)
            void queryClient.invalidateQueries({ queryKey: registrationKeys.detail(detail.id) });
        },
      },
    );
  };

  if (detail.price.total === 0) {
    return (
      <Group>
        <Button onClick={() => start('CARD')} loading={paying !== null}>
          Confirm registration
        </Button>
      </Group>
    );
  }
  const cardAvailable = options.data?.card.available ?? false;
  return (
    <Stack gap="xs">
      <Group>
        <Button onClick={() => start('CARD')} loading={paying === 'CARD'} disabled={!cardAvailable || paying !== null}>
          Pay by Credit Card
        </Button>
        <Button
          variant="default"
          onClick={() => start('PURCHASE_ORDER')}
          loading={paying === 'PURCHASE_ORDER'}
          disabled={paying !== null}
        >
          Pay by Purchase Order
        </Button>
      </Group>
      {options.data && !cardAvailable ? <Text size="sm">{options.data.card.unavailableReason}</Text> : null}
    </Stack>
  );
}

/** The price (seats × attendeeCost, the free seats, the coupon), the coupon field and the ways to pay. */
export function PaymentPanel({ detail }: { detail: RegistrationRequestDetail }) {
  const payment = detail.payment;
  return (
    <Stack component="section" gap="sm" aria-labelledby="price-heading">
      <Title order={2} size="h3" id="price-heading">
        Price and payment
      </Title>
      <PriceTable detail={detail} />
      <RequestCoupon detail={detail} />
      {payment?.status === 'AWAITING_PO' && detail.status === 'OPEN' ? (
        <Anchor component={Link} to={registrationRequestPaths.purchaseOrder(detail.id, payment.id)} size="sm">
          Upload the purchase order
        </Anchor>
      ) : null}
      {detail.abilities.pay ? <PayButtons detail={detail} /> : null}
      {detail.abilities.pay && detail.organization && detail.price.total > 0 ? (
        <QuoteDownload path={`/api/event-registration-requests/${encodeURIComponent(detail.id)}/quote`} />
      ) : null}
    </Stack>
  );
}
