import { Alert, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cartMessages, checkoutOrganizationMessages, type CartReply } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { currentUserQuery, useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { cartQuery, paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { UnfinishedOrders } from '../../../shared/commerce/unfinished-orders.tsx';
import { unfinishedOrdersQuery } from '../../../shared/commerce/queries.ts';
import { QuoteDownload } from '../../../shared/commerce/quote-download.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { CartItemsTable } from '../components/cart-items-table.tsx';
import { CartTotals } from '../components/cart-totals.tsx';
import { CouponForm } from '../components/coupon-form.tsx';
import { OrganizationChoice, type AdministeredOrganization } from '../components/organization-choice.tsx';
import { useCheckoutAttempt } from '../hooks/use-checkout-attempt.ts';
import { districtFundOptionQuery } from '../api/payments.ts';

/** The organizations the member administers: those a checkout may buy for. */
function administeredOrganizations(user: CurrentUser | null | undefined): AdministeredOrganization[] {
  return (user?.memberships ?? []).filter((membership) => membership.role === 'OWNER' || membership.role === 'ADMIN');
}

/** The one organization a checkout buys for without asking, or null when there are none or several to choose from. */
function onlyOrganizationId(organizations: AdministeredOrganization[]): string | null {
  return organizations.length === 1 ? (organizations[0]?.organizationId ?? null) : null;
}

/**
 * Every read of the page before its first render, the district fund of the one organization it buys for included, so
 * that it commits once rather than again as a read settles (decision 0225).
 */
export const checkoutLoader = (queryClient: QueryClient) => async () => {
  const organizationId = onlyOrganizationId(
    administeredOrganizations(queryClient.getQueryData(currentUserQuery.queryKey)),
  );
  await Promise.all([
    queryClient.prefetchQuery(cartQuery),
    queryClient.prefetchQuery(paymentOptionsQuery),
    queryClient.prefetchQuery(unfinishedOrdersQuery(1)),
    organizationId ? queryClient.prefetchQuery(districtFundOptionQuery(organizationId)) : null,
  ]);
  return null;
};

function useAdministeredOrganizations(): AdministeredOrganization[] {
  return administeredOrganizations(useCurrentUser());
}

/** Each event's cancellation policy, once per distinct text, read before paying (issue 38). */
function CancellationPolicies({ items }: { items: CartReply['items'] }) {
  const policies = [...new Set(items.map((item) => item.cancellationPolicy))];
  return (
    <Stack gap="3xs" component="section" aria-label="Cancellation policy">
      {policies.map((text) => (
        <Text key={text} size="sm">
          {text}
        </Text>
      ))}
    </Stack>
  );
}

function CartCheckout({ cart }: { cart: CartReply }) {
  const organizations = useAdministeredOrganizations();
  const [chosen, setChosen] = useState<string | null>(null);
  const [organizationError, setOrganizationError] = useState<string | null>(null);
  // One organization needs no choice (the server takes it too); several must be chosen.
  const organizationId = onlyOrganizationId(organizations) ?? chosen;
  const { pay, submitting, refusal, fieldErrors } = useCheckoutAttempt(cart, organizationId);
  const options = useQuery(paymentOptionsQuery);
  const cardUnavailable = options.data?.card.unavailableReason ?? null;
  const districtFund = useQuery({ ...districtFundOptionQuery(organizationId ?? ''), enabled: organizationId !== null });
  const fund = districtFund.data?.available ? districtFund.data : null;

  const payWith = (method: EventPaymentMethod) => {
    if (organizations.length > 1 && !organizationId) {
      setOrganizationError(checkoutOrganizationMessages.required);
      return;
    }
    setOrganizationError(null);
    pay(method);
  };

  return (
    <Stack gap="lg">
      <CartItemsTable items={cart.items} />
      <CouponForm coupon={cart.couponUse?.coupon ?? null} />
      <Divider />
      <CartTotals subtotal={cart.subtotal} discount={cart.discount} total={cart.total} />
      <CancellationPolicies items={cart.items} />
      <OrganizationChoice
        organizations={organizations}
        value={chosen}
        onChange={(value) => {
          setChosen(value);
          setOrganizationError(null);
        }}
        error={organizationError ?? fieldErrors.organizationId ?? null}
      />
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
      {fund ? (
        <Text size="sm" id="district-fund-left">
          {`${fund.districtName ?? 'District'} fund: ${formatCents(fund.leftCents ?? 0)} left for your school; past it, the district administrator approves the order.`}
        </Text>
      ) : null}
      <Group justify={organizations.length > 0 ? 'space-between' : 'flex-end'} align="flex-start">
        {/* A quote is for a school: offered to those who buy for one. */}
        {organizations.length > 0 ? (
          <QuoteDownload
            path="/api/cart/quote"
            body={organizationId ? { organizationId } : {}}
            blockedReason={organizations.length > 1 && !organizationId ? checkoutOrganizationMessages.required : null}
            onBlocked={() => setOrganizationError(checkoutOrganizationMessages.required)}
          />
        ) : null}
        <Group justify="flex-end">
          {fund ? (
            <Button
              variant="default"
              onClick={() => payWith('DISTRICT_FUNDS')}
              loading={submitting === 'DISTRICT_FUNDS'}
              disabled={submitting !== null}
              aria-describedby="district-fund-left"
            >
              Pay with district funds
            </Button>
          ) : null}
          <Button
            variant="default"
            onClick={() => payWith('PURCHASE_ORDER')}
            loading={submitting === 'PURCHASE_ORDER'}
            disabled={submitting !== null}
          >
            Pay by purchase order
          </Button>
          <Button
            onClick={() => payWith('CARD')}
            loading={submitting === 'CARD'}
            disabled={submitting !== null || !options.data?.card.available}
            aria-describedby={cardUnavailable ? 'card-unavailable' : undefined}
          >
            Pay by card
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

/**
 * /members/event-cart/checkout ('Event Cart'): the cart's lines (those the catalogue stopped selling
 * say why, so they can be removed), a coupon, the totals, for whom the tickets are bought, and the
 * ways to pay; below, the member's unfinished orders, when there are any.
 */
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
        <EmptyState message={cartMessages.empty} action={{ label: 'Browse PD Services', to: '/members/events' }} />
      ) : (
        <CartCheckout cart={cart.data} />
      )}
      <UnfinishedOrders onlyWithOrders />
    </Stack>
  );
}
