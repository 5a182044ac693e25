import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { aCart, anEventPayment, eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { checkoutTexts } from '../components/payment-texts.ts';

const checkoutPath = '/members/event-cart/checkout';
const pagePath = `${checkoutPath}/demo-pay?eventPaymentId=${eventPaymentId}`;
const successUrl = `${checkoutPath}/success?eventPaymentId=${eventPaymentId}&source=demo`;

function stubDemo(routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    [`GET /api/event-payments/${eventPaymentId}`]: () => jsonResponse(200, anEventPayment()),
    ...routes,
  });
}

describe('demo card payment page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('says it is a demo, shows the amount and the items, and pays', async () => {
    const calls = stubDemo({
      [`POST /api/payments/demo/${eventPaymentId}`]: () => jsonResponse(200, { redirectUrl: successUrl }),
    });
    const app = renderApp(pagePath);
    const user = userEvent.setup({ delay: null });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Demo card payment' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText(/No real card is charged/)).toBeInTheDocument();
    expect(await screen.findByText('Fall Leadership Conference Day — Coaching Writing')).toBeInTheDocument();
    expect(screen.getByText('Amount due:')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $298.00' }));

    await waitFor(() => expect(app.location()).toBe(successUrl));
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe(`/api/payments/demo/${eventPaymentId}`);
    expect(post?.body).toEqual({ outcome: 'succeed' });
  });

  it('offers nothing to pay for a payment another provider took', async () => {
    stubDemo({
      [`GET /api/event-payments/${eventPaymentId}`]: () => jsonResponse(200, anEventPayment({ provider: 'stripe' })),
    });
    renderApp(pagePath);
    expect(await screen.findByText(checkoutTexts.notCardPayment, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
  });

  it('declines: says so and goes where the server says (back to the checkout)', async () => {
    const calls = stubDemo({
      [`POST /api/payments/demo/${eventPaymentId}`]: () => jsonResponse(200, { redirectUrl: checkoutPath }),
    });
    const app = renderApp(pagePath);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Decline' }, { timeout: 5000 }));

    await waitFor(() => expect(app.location()).toBe(checkoutPath));
    expect(await screen.findByText(paymentMessages.declined)).toBeInTheDocument();
    expect(await screen.findByText(cartMessages.empty)).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ outcome: 'decline' });
  });

  it('offers no buttons for a payment that can no longer be paid', async () => {
    stubDemo({
      [`GET /api/event-payments/${eventPaymentId}`]: () => jsonResponse(200, anEventPayment({ status: 'EXPIRED' })),
    });
    renderApp(pagePath);

    expect(await screen.findByText(checkoutTexts.expired, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Pay/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('shows the reason when the demo gateway refuses, and lets the member choose again', async () => {
    stubDemo({
      [`POST /api/payments/demo/${eventPaymentId}`]: () =>
        problemResponse(409, 'Conflict', { detail: 'This payment is not waiting for a card payment.' }),
    });
    renderApp(pagePath);
    const user = userEvent.setup({ delay: null });

    await user.click(await screen.findByRole('button', { name: 'Pay $298.00' }, { timeout: 5000 }));
    expect(await screen.findByText('This payment is not waiting for a card payment.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Pay $298.00' })).toBeEnabled());
  });

  it('sends a visit without an eventPaymentId, or for an unknown payment, to the checkout', async () => {
    stubDemo({ [`GET /api/event-payments/${eventPaymentId}`]: () => problemResponse(404, 'Not Found') });
    const withoutId = renderApp(`${checkoutPath}/demo-pay`);
    await waitFor(() => expect(withoutId.location()).toBe(checkoutPath), { timeout: 5000 });
    withoutId.unmount();

    const unknown = renderApp(pagePath);
    await waitFor(() => expect(unknown.location()).toBe(checkoutPath), { timeout: 5000 });
  });
});
