import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import { isVoidedOrCancelled, paymentMessages, type EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { notifyError } from '../../../lib/errors.ts';
import { followRedirect } from '../../../shared/commerce/follow-redirect.ts';
import { eventPaymentQuery } from '../../../shared/commerce/queries.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { checkoutPath, successPath, useDemoPayment } from '../api/payments.ts';
import { OrderSummary } from '../components/order-summary.tsx';
import { checkoutTexts } from '../components/payment-texts.ts';
import { eventPaymentIdOf, paymentPageLoader, usePaymentLookup } from '../hooks/use-payment-lookup.ts';

export const demoPayLoader = (queryClient: QueryClient) =>
  paymentPageLoader((eventPaymentId) => queryClient.prefetchQuery(eventPaymentQuery(eventPaymentId)));

type Outcome = 'succeed' | 'decline';

function PayOrDecline({ payment }: { payment: EventPaymentReply }) {
  const navigate = useNavigate();
  const demoPayment = useDemoPayment(payment.id);
  const [chosen, setChosen] = useState<Outcome | null>(null);

  const choose = (outcome: Outcome) => {
    if (chosen) return;
    setChosen(outcome);
    demoPayment.mutate(outcome, {
      onSuccess: ({ redirectUrl }) => {
        if (outcome === 'decline') notifications.show({ color: 'red', message: paymentMessages.declined });
        followRedirect(redirectUrl, navigate);
      },
      onError: (error) => {
        setChosen(null);
        notifyError(error);
      },
    });
  };

  return (
    <Group>
      <Button onClick={() => choose('succeed')} loading={chosen === 'succeed'} disabled={chosen !== null}>
        Pay {formatCents(payment.total)}
      </Button>
      <Button
        variant="default"
        onClick={() => choose('decline')}
        loading={chosen === 'decline'}
        disabled={chosen !== null}
      >
        Decline
      </Button>
    </Group>
  );
}

/** A payment this page can no longer take: where it stands and where to go. */
function NotPayable({ payment }: { payment: EventPaymentReply }) {
  if (payment.status === 'PAID') {
    return (
      <Alert color="green" variant="light">
        <Text size="sm">This payment has already been paid.</Text>
        <Anchor component={Link} to={successPath(payment.id, 'demo')} size="sm">
          Continue
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="gray" variant="light">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {isVoidedOrCancelled(payment)
            ? paymentMessages.voidedOrCancelled
            : payment.status === 'EXPIRED'
              ? checkoutTexts.expired
              : payment.status === 'REFUND_NEEDED'
                ? paymentMessages.refundNeeded
                : checkoutTexts.notCardPayment}
        </Text>
        <Anchor component={Link} to={checkoutPath} size="sm">
          {checkoutTexts.backToCart}
        </Anchor>
      </Stack>
    </Alert>
  );
}

/**
 * /members/event-cart/checkout/demo-pay?eventPaymentId=: the built-in demo card provider's page,
 * standing in for a real gateway's hosted page. Nothing is charged.
 */
export function DemoPayPage() {
  const [searchParams] = useSearchParams();
  const payment = usePaymentLookup(eventPaymentIdOf(searchParams) ?? '');

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1}>Demo card payment</Title>
      <Alert color="gray" variant="light">
        <strong>Demo payment provider.</strong> This page stands in for a card payment provider. No real card is
        charged: choose whether the payment succeeds or is declined.
      </Alert>
      {payment.isPending || payment.isError ? (
        <PageLoader label="Loading your order" />
      ) : (
        <>
          <Text size="lg">
            Amount due: <strong>{formatCents(payment.data.total)}</strong>
          </Text>
          <OrderSummary payment={payment.data} />
          {/* Only a payment the demo provider took may be "paid" here: in production no payment ever is. */}
          {payment.data.status === 'PENDING' &&
          payment.data.provider === 'demo' &&
          !isVoidedOrCancelled(payment.data) ? (
            <PayOrDecline payment={payment.data} />
          ) : (
            <NotPayable payment={payment.data} />
          )}
        </>
      )}
    </Stack>
  );
}
