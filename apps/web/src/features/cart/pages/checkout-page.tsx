import { Alert, Anchor, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { cartMessages, type CartReply } from '@portal/domain/cart.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { cartQuery, paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { CartItemsTable } from '../components/cart-items-table.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { useCheckoutAttempt } from '../hooks/use-checkout-attempt.ts';

export const checkoutLoader = (queryClient: QueryClient) => async () => {
  await Promise.all([queryClient.prefetchQuery(cartQuery), queryClient.prefetchQuery(paymentOptionsQuery)]);
  return null;
};

function CartCheckout({ cart }: { cart: CartReply }) {
  const { pay, submitting, refusal } = useCheckoutAttempt(cart);
  const visible = cart.items.filter((item) => item.display);
  const options = useQuery(paymentOptionsQuery);
  const cardUnavailable = options.data?.card.unavailableReason ?? null;

  return (
    <Stack gap="lg">
      <CartItemsTable items={visible} />
      <CouponForm coupon={cart.couponUse?.coupon ?? null} />
      <Divider />
      <CartTotals subtotal={cart.subtotal} discount={cart.discount} total={cart.total} />
      {refusal ? (
        <Alert color="red" variant="light" role="alert">
          {refusal}
        </Alert>
      ) : null}
      {cardUnavailable ? (
        <Text size="sm" c="dimmed" id="card-unavailable">
          {cardUnavailable}
        </Text>
      ) : null}
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => pay('PURCHASE_ORDER')}
          loading={submitting === 'PURCHASE_ORDER'}
          disabled={submitting !== null}
        >
          Pay by purchase order
        </Button>
        <Button
          onClick={() => pay('CARD')}
          loading={submitting === 'CARD'}
          disabled={submitting !== null || !options.data?.card.available}
          aria-describedby={cardUnavailable ? 'card-unavailable' : undefined}
        >
          Pay by card
        </Button>
      </Group>
    </Stack>
  );
}

/** /members/event-cart/checkout ('Event Cart'): the cart's lines, a coupon, the totals and the ways to pay. */
export function CheckoutPage() {
  const cart = useQuery(cartQuery);

  return (
    <Stack gap="md" maw={960}>
      <Title order={1}>Event Cart</Title>
      {cart.isPending ? (
        <PageLoader label="Loading your cart" />
      ) : cart.isError ? (
        <ErrorState message={errorMessage(cart.error)} onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <Stack gap="sm">
          <EmptyState message={cartMessages.empty} />
          <Text>
            <Anchor component={Link} to="/members/events">
              Browse PD Services
            </Anchor>
          </Text>
        </Stack>
      ) : (
        <CartCheckout cart={cart.data} />
      )}
    </Stack>
  );
}
