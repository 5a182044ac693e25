import { notifications } from '@mantine/notifications';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { paymentMessages, paymentPollMs } from '@portal/domain/commerce/payments.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import {
  aLegacyPage,
  anApplicationPage,
  anApplicationPayment,
  applicationPaymentId,
} from '../../../test/application-rows.ts';
import { aCart } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { aProfile } from '../../../test/profile.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { checkoutTexts } from '../components/payment-texts.ts';

const listPath = applicationPaths.list;
const checkoutPath = '/members/event-cart/checkout';
const paymentApi = `/api/event-payments/${applicationPaymentId}`;
const successUrl = (source: string) => applicationPaths.success(applicationPaymentId, source);
const purchaseOrderUrl = applicationPaths.purchaseOrder(applicationPaymentId);

/** The application pages, and the list they lead back to. */
function stubPayment(reply: () => Response, routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/profile': () => jsonResponse(200, aProfile()),
    'GET /api/event-applications': () => jsonResponse(200, anApplicationPage()),
    'GET /api/legacy-event-applications': () => jsonResponse(200, aLegacyPage()),
    [`GET ${paymentApi}`]: reply,
    'POST /api/purchase-orders': () => jsonResponse(201, { purchaseOrderId: 'po-1' }),
    ...routes,
  });
}

const listHeading = () => screen.findByRole('heading', { level: 1, name: 'My Event Applications' }, { timeout: 5000 });

/** §2: the application success screen has the same behaviour as the cart's, texts included. */
describe('application checkout success page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a visit without an eventPaymentId to the checkout, as the cart success page does', async () => {
    stubPayment(() => jsonResponse(200, anApplicationPayment()), {
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    });
    const app = renderApp('/members/events/applications/checkout/success?source=demo');

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
  });

  it('thanks a purchase order at once, with Allocate tickets off', async () => {
    const calls = stubPayment(() => jsonResponse(200, anApplicationPayment({ status: 'PO_SUBMITTED' })));
    renderApp(successUrl('purchase-order'));

    expect(await screen.findByText(paymentMessages.purchaseOrderThanks, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: paymentMessages.allocate })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'See all your event payments' })).toHaveAttribute(
      'href',
      '/members/manage-events',
    );
    // Read once, so that a voided or cancelled payment is not thanked (success-page.test.tsx).
    expect(calls.some((call) => call.path.startsWith('/api/event-payments'))).toBe(true);
  });

  it(`polls every ${paymentPollMs} ms while the card payment is processing, then says what the cart says`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    const calls = stubPayment(() =>
      jsonResponse(
        200,
        anApplicationPayment(
          paid
            ? { status: 'PAID', method: 'CARD', paidAt: '2026-09-01T12:05:00.000Z' }
            : { status: 'PENDING', method: 'CARD' },
        ),
      ),
    );
    renderApp(successUrl('demo'));
    const reads = () => calls.filter((call) => call.path === paymentApi).length;

    expect(await screen.findByText(paymentMessages.processing, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: paymentMessages.allocate })).toBeDisabled();
    await waitFor(() => expect(reads()).toBeGreaterThan(0));
    const before = reads();
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs));
    await waitFor(() => expect(reads()).toBeGreaterThan(before));

    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs));
    expect(await screen.findByText(paymentMessages.paid)).toBeInTheDocument();
    const afterPaid = reads();
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs * 3));
    expect(reads()).toBe(afterPaid);
    expect(screen.getByRole('link', { name: paymentMessages.allocate })).toHaveAttribute(
      'href',
      `/members/event/assign-tickets?eventPaymentId=${applicationPaymentId}`,
    );
    expect(screen.getByRole('region', { name: 'Order summary' })).toBeInTheDocument();
  });

  it.each([
    ['paid by card', 'demo', { status: 'PAID', method: 'CARD', paidAt: '2026-09-01T12:05:00.000Z' }],
    ['by purchase order', 'purchase-order', { status: 'PO_SUBMITTED', method: 'PURCHASE_ORDER' }],
  ] as const)(
    "offers no 'Allocate tickets' for a previous-system application's balance %s: it has no tickets (issue 39)",
    async (_, source, state) => {
      stubPayment(() =>
        jsonResponse(
          200,
          anApplicationPayment({
            ...state,
            items: [],
            legacyApplication: { id: 'legacy-1', eventName: 'Summer Institute 2025' },
          }),
        ),
      );
      renderApp(successUrl(source));

      const said = source === 'demo' ? paymentMessages.paidNothingToAllocate : paymentMessages.purchaseOrderThanks;
      expect(await screen.findByText(said, {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.queryByText(paymentMessages.paid)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: paymentMessages.allocate })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: paymentMessages.allocate })).not.toBeInTheDocument();
    },
  );

  it('sends the member to the checkout when the payment cannot be read', async () => {
    stubPayment(() => problemResponse(404, 'Not Found', { detail: paymentMessages.notFound }), {
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    });
    const app = renderApp(successUrl('demo'));

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
    expect(await screen.findByText(paymentMessages.notFound)).toBeInTheDocument();
  });

  it('points a payment still awaiting its purchase order to the application purchase order page', async () => {
    stubPayment(() => jsonResponse(200, anApplicationPayment()));
    renderApp(successUrl('stripe'));

    expect(await screen.findByRole('link', { name: 'Upload the purchase order' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      purchaseOrderUrl,
    );
  });
});

const aPdf = (name = 'PO-2026-007.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });
const fileInput = () => {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
};
const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

async function openPurchaseOrderPage() {
  const app = renderApp(purchaseOrderUrl);
  await screen.findByRole('button', { name: 'Submit purchase order' }, { timeout: 5000 });
  return { app, user: userEvent.setup({ delay: null, applyAccept: false }) };
}

describe('application purchase order page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('sends a visit without an eventPaymentId to My Event Applications', async () => {
    stubPayment(() => jsonResponse(200, anApplicationPayment()));
    const app = renderApp('/members/events/applications/checkout/purchase-order');

    await waitFor(() => expect(app.location()).toBe(listPath), { timeout: 5000 });
    expect(await listHeading()).toBeInTheDocument();
  });

  it('sends the member to My Event Applications when the payment cannot be read', async () => {
    stubPayment(() => problemResponse(404, 'Not Found', { detail: paymentMessages.notFound }));
    const app = renderApp(purchaseOrderUrl);

    await waitFor(() => expect(app.location()).toBe(listPath), { timeout: 5000 });
    expect(await screen.findByText(paymentMessages.notFound)).toBeInTheDocument();
  });

  it('shows the institute read-only and the total, and requires a numeric total', async () => {
    const calls = stubPayment(() => jsonResponse(200, anApplicationPayment()));
    const { user } = await openPurchaseOrderPage();

    expect(field(checkoutTexts.institute)).toHaveValue('Coaching Institute');
    expect(field(checkoutTexts.institute)).toHaveAttribute('readonly');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expect(within(summary).getByText('Coaching Institute — Institute tuition')).toBeInTheDocument();
    expect(field('Purchase order total')).toHaveValue('950.00');

    await user.clear(field('Purchase order total'));
    await user.type(field('Purchase order total'), 'nine hundred');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    expect(await screen.findByText(purchaseOrderMessages.totalRequired)).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('submits a purchase order (its type is the server’s to derive) and goes to the application success page', async () => {
    const calls = stubPayment(() => jsonResponse(200, anApplicationPayment()));
    const { app, user } = await openPurchaseOrderPage();

    await user.upload(fileInput(), aPdf());
    await user.type(field('Purchase order number'), 'PO-2026-007');
    await user.clear(field('Contact name'));
    await user.type(field('Contact name'), 'Fran Finance');
    await user.clear(field('Contact email'));
    await user.type(field('Contact email'), 'fran@lincoln.test');
    await user.clear(field('Contact phone'));
    await user.type(field('Contact phone'), '5185550123');
    await user.click(screen.getByRole('button', { name: 'Submit purchase order' }));

    await waitFor(() => expect(app.location()).toBe(successUrl('purchase-order')));
    expect(await screen.findByText(purchaseOrderMessages.submitted)).toBeInTheDocument();
    expect(await screen.findByText(paymentMessages.purchaseOrderThanks)).toBeInTheDocument();

    const body = calls.find((call) => call.method === 'POST' && call.path === '/api/purchase-orders')?.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([key]) => key !== 'file'))).toEqual({
      eventPaymentId: applicationPaymentId,
      filename: 'PO-2026-007.pdf',
      contactEmail: 'fran@lincoln.test',
      contactName: 'Fran Finance',
      contactPhone: '5185550123',
      number: 'PO-2026-007',
      organizationId: 'org-1',
      total: '95000',
    });
  });

  it('cancels back to My Event Applications', async () => {
    stubPayment(() => jsonResponse(200, anApplicationPayment()));
    const { app, user } = await openPurchaseOrderPage();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(app.location()).toBe(listPath));
    expect(await listHeading()).toBeInTheDocument();
  });

  it('says when the payment no longer waits for a purchase order, with the way back', async () => {
    stubPayment(() => jsonResponse(200, anApplicationPayment({ status: 'CANCELLED' })));
    renderApp(purchaseOrderUrl);

    expect(await screen.findByText(paymentMessages.voidedOrCancelled, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: checkoutTexts.backToApplications })).toHaveAttribute('href', listPath);
  });
});
