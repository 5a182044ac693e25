import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cartMessages, checkoutOrganizationMessages, couponGoneMessage } from '@portal/domain/commerce/cart.ts';
import { purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { browserWindow } from '../../../shared/commerce/follow-redirect.ts';
import { aCart, aCartItem, anEventPayment, eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch, type RecordedCall } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { boughtForYourself } from '../components/organization-choice.tsx';
import { tryAgainSoonMessage } from '@portal/domain/problems/messages.ts';

const checkoutPath = '/members/event-cart/checkout';
const demoPayUrl = `${checkoutPath}/demo-pay?eventPaymentId=${eventPaymentId}`;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const itemTitle = 'Fall Leadership Conference Day — Coaching Writing';

function stubCart(cart = aCart(), routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/cart': () => jsonResponse(200, cart),
    'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
    [`GET /api/event-payments/${eventPaymentId}`]: () => jsonResponse(200, anEventPayment()),
    ...routes,
  });
}

async function openCart() {
  const app = renderApp(checkoutPath);
  await screen.findByRole('heading', { level: 1, name: 'Event Cart' }, { timeout: 5000 });
  await screen.findByRole('table', {}, { timeout: 5000 });
  return { app, user: userEvent.setup({ delay: null }) };
}

const checkoutCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.method === 'POST' && call.path === '/api/checkout');

afterEach(() => {
  vi.restoreAllMocks();
});

describe('checkout page (Event Cart)', { timeout: 20_000 }, () => {
  it('turns card payment off, saying why, when no card provider is set up; purchase orders stay', async () => {
    stubCart(aCart(), {
      'GET /api/payments/options': () =>
        jsonResponse(200, { card: { available: false, unavailableReason: paymentMessages.cardUnavailable } }),
    });
    await openCart();
    const card = await screen.findByRole('button', { name: 'Pay by card' });
    await waitFor(() => expect(card).toBeDisabled());
    expect(card).toHaveAccessibleDescription(paymentMessages.cardUnavailable);
    expect(screen.getByRole('button', { name: 'Pay by purchase order' })).toBeEnabled();
  });

  beforeEach(() => notifications.clean());

  it('lists the items with price, tickets and subtotal, then the totals', async () => {
    stubCart(
      aCart({
        items: [
          aCartItem(),
          aCartItem({
            id: 'item-2',
            title: 'Reading Workshop Series',
            numberOfTickets: 1,
            ticketType: { id: 't2', name: 'Series pass', price: 8900 },
            subtotal: 8900,
          }),
        ],
        couponUse: { coupon: { code: 'WELCOME10', type: 'PERCENTAGE', discountAmount: null, discountPercentage: 10 } },
        subtotal: 38700,
        discount: 3870,
        total: 34830,
      }),
    );
    await openCart();

    const row = screen.getByText(itemTitle).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText('$149.00')).toBeInTheDocument();
    expect(within(row).getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue('2');
    expect(within(row).getByText('$298.00')).toBeInTheDocument();

    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('$387.00')).toBeInTheDocument();
    expect(within(totals).getByText('−$38.70')).toBeInTheDocument();
    expect(within(totals).getByText('$348.30')).toBeInTheDocument();
    expect(screen.getByText(/applied \(10% off\)/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove coupon' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay by purchase order' })).toBeEnabled();
  });

  it('says the cart is empty and links to PD Services', async () => {
    stubCart(aCart({ items: [] }));
    renderApp(checkoutPath);

    expect(await screen.findByText(cartMessages.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse PD Services' })).toHaveAttribute('href', '/members/events');
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('changes the number of tickets when the field is left, and refuses 0', async () => {
    const calls = stubCart(aCart(), {
      'PATCH /api/cart/items/item-1': () =>
        jsonResponse(200, aCart({ items: [aCartItem({ numberOfTickets: 3, subtotal: 44700 })] })),
    });
    const { user } = await openCart();
    const quantity = screen.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` });

    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.tab();
    expect(await screen.findByText(cartMessages.ticketsRange)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.clear(quantity);
    await user.type(quantity, '3');
    await user.tab();
    expect(await screen.findByText(cartMessages.quantityUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ numberOfTickets: 3 });
    expect(await screen.findAllByText('$447.00')).not.toHaveLength(0);
  });

  it('steps the number of tickets with buttons named for the line', async () => {
    const calls = stubCart(aCart(), {
      'PATCH /api/cart/items/item-1': () =>
        jsonResponse(200, aCart({ items: [aCartItem({ numberOfTickets: 3, subtotal: 44700 })] })),
    });
    const { user } = await openCart();

    expect(screen.getByRole('button', { name: `Decrease tickets for ${itemTitle}` })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: `Increase tickets for ${itemTitle}` }));
    expect(await screen.findByText(cartMessages.quantityUpdated)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ numberOfTickets: 3 });
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: `Number of tickets for ${itemTitle}` })).toHaveValue('3'),
    );
  });

  it('removes an item only after confirmation', async () => {
    const calls = stubCart(aCart(), { 'DELETE /api/cart/items/item-1': () => jsonResponse(200, aCart({ items: [] })) });
    const { user } = await openCart();

    await user.click(screen.getByRole('button', { name: `Remove ${itemTitle}` }));
    let dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: `Remove ${itemTitle}` }));
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`${itemTitle} will be removed from your cart.`)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText(cartMessages.empty)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/cart/items/item-1')).toBe(true);
  });

  it('asks for a coupon code, shows why one is refused, and applies and removes one', async () => {
    const withCoupon = aCart({
      couponUse: { coupon: { code: 'SAVE25', type: 'FIXED', discountAmount: 2500, discountPercentage: null } },
      discount: 2500,
      total: 27300,
    });
    const calls = stubCart(aCart(), {
      'POST /api/cart/coupon': (body) =>
        (body as { code: string }).code === 'SAVE25'
          ? jsonResponse(200, withCoupon)
          : problemResponse(400, 'Bad Request', { detail: 'This coupon has expired.' }),
      'DELETE /api/cart/coupon': () => jsonResponse(200, aCart()),
    });
    const { user } = await openCart();
    const apply = screen.getByRole('button', { name: 'Apply' });

    await user.click(apply);
    expect(await screen.findByText(cartMessages.couponRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/cart/coupon')).toBe(false);

    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), 'EXPIRED5');
    await user.click(apply);
    // Under the field it was typed in, not in a toast.
    const refusal = `${cartMessages.couponError}. This coupon has expired.`;
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAccessibleDescription(refusal),
    );
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('.mantine-Notification-root')).toBeNull();

    await user.clear(screen.getByRole('textbox', { name: 'Coupon code' }));
    await user.type(screen.getByRole('textbox', { name: 'Coupon code' }), ' SAVE25 ');
    await user.click(apply);
    expect(await screen.findByText(cartMessages.couponApplied)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/cart/coupon').at(-1)?.body).toEqual({ code: 'SAVE25' });
    expect(screen.getByText(/applied \(\$25\.00 off\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Totals' })).getByText('$273.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove coupon' }));
    expect(await screen.findByText(cartMessages.couponRemoved)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.path === '/api/cart/coupon')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toBeInTheDocument();
  });

  it('pays by card with an Idempotency-Key and follows the in-app redirect', async () => {
    const calls = stubCart(aCart(), {
      'POST /api/checkout': () => jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl }),
    });
    const { app, user } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));

    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    const [call] = checkoutCalls(calls);
    expect(call?.body).toEqual({ method: 'CARD' });
    expect(call?.headers['Idempotency-Key']).toMatch(uuid);
    expect(call?.headers['x-requested-with']).toBe('portal');
  });

  it('keeps the Idempotency-Key when the answer is lost and the member tries again', async () => {
    let attempts = 0;
    const calls = stubCart(aCart(), {
      'POST /api/checkout': () => {
        attempts += 1;
        return attempts === 1
          ? problemResponse(503, 'Service Unavailable')
          : jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl });
      },
    });
    const { app, user } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(tryAgainSoonMessage)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay by card' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));

    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    const [first, second] = checkoutCalls(calls);
    expect(first?.headers['Idempotency-Key']).toMatch(uuid);
    expect(second?.headers['Idempotency-Key']).toBe(first?.headers['Idempotency-Key']);
  });

  it('sends one request for a double click, and disables both buttons while it is on its way', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubCart(aCart(), {
      'POST /api/checkout': async () => {
        await answered;
        return jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl });
      },
    });
    const { app, user } = await openCart();

    await user.dblClick(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay by purchase order' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Pay by card' })).toBeDisabled();
    release();

    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    expect(checkoutCalls(calls)).toHaveLength(1);
  });

  it('shows why a sold-out cart cannot be checked out, reads the cart again, and starts a new attempt', async () => {
    const soldOut = paymentMessages.soldOut('Data-Driven Instruction', 1);
    let attempts = 0;
    const calls = stubCart(aCart(), {
      'POST /api/checkout': () => {
        attempts += 1;
        return attempts === 1
          ? problemResponse(409, 'Conflict', { detail: soldOut })
          : jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl });
      },
    });
    const { app, user } = await openCart();
    const cartReads = () => calls.filter((call) => call.path === '/api/cart').length;
    const readsBefore = cartReads();

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(soldOut)).toBeInTheDocument();
    await waitFor(() => expect(cartReads()).toBeGreaterThan(readsBefore));

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    const [first, second] = checkoutCalls(calls);
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('leaves for an external payment page with a full page load', async () => {
    const assign = vi.spyOn(browserWindow, 'assign').mockImplementation(() => {});
    const stripeUrl = 'https://checkout.stripe.com/c/pay/cs_test_123';
    stubCart(aCart(), { 'POST /api/checkout': () => jsonResponse(201, { eventPaymentId, redirectUrl: stripeUrl }) });
    const { app, user } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith(stripeUrl));
    expect(app.location()).toBe(checkoutPath);
  });

  it('pays by purchase order: the purchase order page opens', async () => {
    const poUrl = `${checkoutPath}/purchase-order?eventPaymentId=${eventPaymentId}`;
    const calls = stubCart(aCart(), {
      'POST /api/checkout': () => jsonResponse(201, { eventPaymentId, redirectUrl: poUrl }),
      [`GET /api/event-payments/${eventPaymentId}`]: () =>
        jsonResponse(200, anEventPayment({ status: 'AWAITING_PO', method: 'PURCHASE_ORDER', provider: null })),
    });
    const { app, user } = await openCart();

    await user.click(screen.getByRole('button', { name: 'Pay by purchase order' }));

    await waitFor(() => expect(app.location()).toBe(poUrl));
    expect(checkoutCalls(calls)[0]?.body).toEqual({ method: 'PURCHASE_ORDER' });
  });

  it('tells the buyer the coupon ran out, shows the new total without it, and pays it on the second click', async () => {
    const withCoupon = aCart({
      couponUse: { coupon: { code: 'SAVE25', type: 'FIXED', discountAmount: 2500, discountPercentage: null } },
      discount: 2500,
      total: 27300,
    });
    const gone = couponGoneMessage('SAVE25', 29800);
    let cartNow = withCoupon;
    let attempts = 0;
    const calls = stubCart(withCoupon, {
      'GET /api/cart': () => jsonResponse(200, cartNow),
      'POST /api/checkout': () => {
        attempts += 1;
        if (attempts > 1) return jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl });
        // The server took the coupon off the cart when it refused.
        cartNow = aCart();
        return problemResponse(409, 'Conflict', { detail: gone, errors: { code: gone } });
      },
    });
    const { app, user } = await openCart();
    const totals = screen.getByRole('group', { name: 'Totals' });
    expect(within(totals).getByText('$273.00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(gone);
    expect(gone).toContain('is no longer available');
    await waitFor(() =>
      expect(within(screen.getByRole('group', { name: 'Totals' })).getAllByText('$298.00')).toHaveLength(2),
    );
    expect(screen.queryByRole('button', { name: 'Remove coupon' })).not.toBeInTheDocument();
    expect(app.location()).toBe(checkoutPath);

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    const [first, second] = checkoutCalls(calls);
    expect(second?.headers['Idempotency-Key']).not.toBe(first?.headers['Idempotency-Key']);
  });

  it('shows a line the catalogue stopped selling with the reason, so it can be removed', async () => {
    stubCart(aCart({ items: [aCartItem({ display: false, unavailableReason: purchaseRefusals.takesApplications })] }));
    await openCart();
    const row = screen.getByText(itemTitle).closest('tr');
    if (!row) throw new Error('no row');
    expect(within(row).getByText(purchaseRefusals.takesApplications)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Remove ${itemTitle}` })).toBeEnabled();
  });

  it('asks which organization the tickets are for when the member administers several, and sends it', async () => {
    const calls = stubCart(aCart(), {
      'GET /api/me': () =>
        jsonResponse(
          200,
          aUser({
            memberships: [
              { organizationId: 'org-1', organizationName: 'Lincoln Elementary School', role: 'ADMIN' },
              { organizationId: 'org-2', organizationName: 'Washington Middle School', role: 'OWNER' },
              { organizationId: 'org-3', organizationName: 'Roosevelt High School', role: 'MEMBER' },
            ],
          }),
        ),
      'POST /api/checkout': () => jsonResponse(201, { eventPaymentId, redirectUrl: demoPayUrl }),
    });
    const { app, user } = await openCart();
    const choice = screen.getByRole('combobox', { name: checkoutOrganizationMessages.label });
    expect(
      within(choice)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an organization', 'Lincoln Elementary School', 'Washington Middle School']);

    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    expect(await screen.findByText(checkoutOrganizationMessages.required)).toBeInTheDocument();
    expect(checkoutCalls(calls)).toHaveLength(0);

    await user.selectOptions(choice, 'Washington Middle School');
    expect(screen.queryByText(checkoutOrganizationMessages.required)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay by card' }));
    await waitFor(() => expect(app.location()).toBe(demoPayUrl));
    expect(checkoutCalls(calls)[0]?.body).toEqual({ method: 'CARD', organizationId: 'org-2' });
  });

  it('issue 41: downloads a quote for the organization chosen, and says its number and validity', async () => {
    const calls = stubCart(aCart(), {
      'GET /api/me': () =>
        jsonResponse(
          200,
          aUser({
            memberships: [
              { organizationId: 'org-1', organizationName: 'Lincoln Elementary School', role: 'ADMIN' },
              { organizationId: 'org-2', organizationName: 'Washington Middle School', role: 'OWNER' },
            ],
          }),
        ),
      'POST /api/cart/quote': () =>
        jsonResponse(201, {
          quoteId: 'quote-1',
          number: 'Q-000042',
          totalCents: 29800,
          validUntil: '2026-12-31T15:00:00.000Z',
          holdsSeats: false,
          pdfUrl: '/api/quotes/quote-1/pdf',
        }),
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await openCart();
    await user.click(screen.getByRole('button', { name: 'Download quote' }));
    expect(await screen.findByText(checkoutOrganizationMessages.required)).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/cart/quote')).toHaveLength(0);

    await user.selectOptions(
      screen.getByRole('combobox', { name: checkoutOrganizationMessages.label }),
      'Washington Middle School',
    );
    await user.click(screen.getByRole('button', { name: 'Download quote' }));
    expect(await screen.findByText(/Quote Q-000042, valid until 12\/31\/2026\./)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/cart/quote')?.body).toEqual({ organizationId: 'org-2' });
    expect(click).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Download quote Q-000042 again' })).toHaveAttribute(
      'href',
      '/api/quotes/quote-1/pdf',
    );
  });

  it('offers no quote to a member who buys for no organization', async () => {
    stubCart();
    await openCart();
    expect(screen.queryByRole('button', { name: 'Download quote' })).not.toBeInTheDocument();
  });

  it('says for whom the tickets are bought when there is nothing to choose', async () => {
    stubCart(aCart(), {
      'GET /api/me': () =>
        jsonResponse(
          200,
          aUser({
            memberships: [{ organizationId: 'org-1', organizationName: 'Lincoln Elementary School', role: 'ADMIN' }],
          }),
        ),
    });
    await openCart();
    expect(await screen.findByText('Lincoln Elementary School')).toBeInTheDocument();
    expect(screen.getByText(checkoutOrganizationMessages.label, { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: checkoutOrganizationMessages.label })).not.toBeInTheDocument();
  });

  it('tells a member who administers no organization that the tickets are theirs', async () => {
    stubCart(aCart());
    await openCart();
    expect(await screen.findByText(boughtForYourself)).toBeInTheDocument();
  });
});
