import { notifications } from '@mantine/notifications';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import userEvent from '@testing-library/user-event';
import { paymentMessages, paymentPollMs } from '@portal/domain/commerce/payments.ts';
import { allocationMessages, type AllocationSave, type AssignableUser } from '@portal/domain/tickets/allocation.ts';
import {
  aConferenceDayAllocation,
  anAllocation,
  anAllocationSection,
  itemIds,
  people,
} from '../../../test/allocation.ts';
import { aCart, anEventPayment, eventPaymentId } from '../../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { aUser } from '../../../test/users.ts';
import { checkoutTexts } from '../components/payment-texts.ts';

const checkoutPath = '/members/event-cart/checkout';
const paymentApi = `/api/event-payments/${eventPaymentId}`;
const successUrl = (query: Record<string, string>) =>
  `${checkoutPath}/success?${new URLSearchParams(query).toString()}`;

function stubPayment(reply: () => Response, routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
    [`GET ${paymentApi}`]: reply,
    ...routes,
  });
}

const allocateButton = () => screen.getByRole('button', { name: paymentMessages.allocate });

describe('checkout success page', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a visit without an eventPaymentId to the checkout', async () => {
    stubPayment(() => jsonResponse(200, anEventPayment()));
    const app = renderApp(`${checkoutPath}/success?source=demo`);

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
  });

  it('thanks a purchase order at once, reading the payment once without polling, and allocation stays off', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubPayment(() =>
      jsonResponse(200, anEventPayment({ status: 'AWAITING_PO', method: 'PURCHASE_ORDER' })),
    );
    renderApp(successUrl({ eventPaymentId, source: 'purchase-order' }));

    expect(await screen.findByText(paymentMessages.purchaseOrderThanks, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(allocateButton()).toBeDisabled();
    expect(screen.queryByText(paymentMessages.processing)).not.toBeInTheDocument();
    const reads = () => calls.filter((call) => call.path === paymentApi).length;
    const readsBefore = reads();
    expect(readsBefore).toBeGreaterThan(0);
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs * 3));
    expect(reads()).toBe(readsBefore);
  });

  it.each([
    [
      'its purchase order was voided',
      {
        status: 'AWAITING_PO' as const,
        purchaseOrders: [
          {
            id: 'po-1',
            number: 'PO-1',
            status: 'VOIDED' as const,
            totalCents: 14_900,
            createdAt: '2026-09-01T12:00:00.000Z',
          },
        ],
      },
    ],
    ['the payment was cancelled', { status: 'CANCELLED' as const }],
  ])('does not thank a purchase order when %s: it says the payment was voided or cancelled', async (_, payment) => {
    stubPayment(() => jsonResponse(200, anEventPayment({ method: 'PURCHASE_ORDER', ...payment })));
    renderApp(successUrl({ eventPaymentId, source: 'purchase-order' }));

    expect(await screen.findByText(paymentMessages.voidedOrCancelled, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.purchaseOrderThanks)).not.toBeInTheDocument();
    expect(allocateButton()).toBeDisabled();
  });

  it("does the same on an application's success page, and sends a payment it cannot read back to the checkout (§2: the cart's behaviour)", async () => {
    stubPayment(() => jsonResponse(200, anEventPayment({ method: 'PURCHASE_ORDER', status: 'CANCELLED' })));
    const applicationSuccess = `/members/events/applications/checkout/success?eventPaymentId=${eventPaymentId}&source=purchase-order`;
    const first = renderApp(applicationSuccess);
    expect(await screen.findByText(paymentMessages.voidedOrCancelled, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.purchaseOrderThanks)).not.toBeInTheDocument();
    first.unmount();

    stubPayment(() => problemResponse(404, 'No such payment.'));
    const app = renderApp(applicationSuccess);
    await waitFor(() => expect(app.location()).toBe('/members/event-cart/checkout'), { timeout: 5000 });
  });

  it(`polls every ${paymentPollMs} ms while the payment is processing and stops once it is PAID`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let paid = false;
    const calls = stubPayment(() =>
      jsonResponse(200, anEventPayment(paid ? { status: 'PAID', paidAt: '2026-09-01T12:05:00.000Z' } : {})),
    );
    renderApp(successUrl({ eventPaymentId, source: 'demo' }));
    const paymentReads = () => calls.filter((call) => call.path === paymentApi).length;

    expect(await screen.findByText(paymentMessages.processing, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(paymentReads()).toBeGreaterThan(0));
    expect(allocateButton()).toBeDisabled();

    // Still PENDING: read again after each interval.
    const beforePoll = paymentReads();
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs));
    await waitFor(() => expect(paymentReads()).toBeGreaterThan(beforePoll));
    expect(screen.getByText(paymentMessages.processing)).toBeInTheDocument();
    expect(allocateButton()).toBeDisabled();

    // PAID: the page says so and stops asking.
    paid = true;
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs));
    expect(await screen.findByText(paymentMessages.paid)).toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.processing)).not.toBeInTheDocument();
    const afterPaid = paymentReads();
    await act(() => vi.advanceTimersByTimeAsync(paymentPollMs * 5));
    expect(paymentReads()).toBe(afterPaid);
    expect(screen.getByRole('link', { name: paymentMessages.allocate })).toHaveAttribute(
      'href',
      `/members/event/assign-tickets?eventPaymentId=${eventPaymentId}`,
    );
  });

  it("offers its buyer 'Assign to me' on each line nobody holds for them yet, saved at once with the save's toast", async () => {
    const buyer = people.eli;
    const line = (assignedUsers: AssignableUser[]) =>
      anAllocation({
        buyer,
        events: [
          aConferenceDayAllocation({
            sections: [anAllocationSection({ numberOfTickets: 1, assignedUsers, title: 'Data-Driven Instruction' })],
          }),
        ],
      });
    let saved: AllocationSave | undefined;
    stubPayment(() => jsonResponse(200, anEventPayment({ status: 'PAID', paidAt: '2026-09-01T12:05:00.000Z' })), {
      'GET /api/me': () => jsonResponse(200, aUser({ id: buyer.id, memberships: [] })),
      [`GET ${paymentApi}/allocation`]: () => jsonResponse(200, line([])),
      [`PUT ${paymentApi}/allocation`]: (body) => {
        saved = body as AllocationSave;
        return jsonResponse(200, line([buyer]));
      },
    });
    renderApp(successUrl({ eventPaymentId, source: 'demo' }));
    const lineName = 'Fall Leadership Conference Day — Data-Driven Instruction';

    const assign = await screen.findByRole(
      'button',
      { name: `${allocationMessages.assignToMe}, ${lineName}` },
      { timeout: 5000 },
    );
    expect(screen.getByText('0 of 1 ticket allocated')).toBeInTheDocument();
    await userEvent.setup({ delay: null }).click(assign);

    expect(
      await screen.findByText(allocationMessages.ticketAllocationsSaved, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(saved).toEqual({ items: [{ itemId: itemIds.writing, assignedUsers: [buyer.id] }] });
    expect(await screen.findByText('1 of 1 ticket allocated · one is yours')).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: `${allocationMessages.assignToMe}, ${lineName}` }),
    ).not.toBeInTheDocument();
  });

  it("shows no 'Assign to me' to someone other than the buyer", async () => {
    stubPayment(() => jsonResponse(200, anEventPayment({ status: 'PAID', paidAt: '2026-09-01T12:05:00.000Z' })), {
      [`GET ${paymentApi}/allocation`]: () => jsonResponse(200, anAllocation({ buyer: people.eli })),
    });
    renderApp(successUrl({ eventPaymentId, source: 'demo' }));

    expect(await screen.findByText(paymentMessages.paid, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Your tickets' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: new RegExp(allocationMessages.assignToMe) })).not.toBeInTheDocument();
  });

  it('offers the receipt of a paid payment that has one', async () => {
    stubPayment(() =>
      jsonResponse(200, anEventPayment({ status: 'PAID', paidAt: '2026-09-01T12:05:00.000Z', receiptNumber: 7 })),
    );
    renderApp(successUrl({ eventPaymentId, source: 'demo' }));
    expect(await screen.findByText(paymentMessages.paid, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download receipt R-000007' })).toHaveAttribute(
      'href',
      `${paymentApi}/receipt`,
    );
  });

  it('confirms a CashNet return first, then shows the payment', async () => {
    const cashnet = { batchno: 'B-17', tx: 'TX-9001', custcode: 'C-42', ref3val1: eventPaymentId };
    const calls = stubPayment(() => jsonResponse(200, anEventPayment({ status: 'PAID', provider: 'cashnet' })), {
      'POST /api/payments/cashnet/confirm': () =>
        jsonResponse(200, anEventPayment({ status: 'PAID', provider: 'cashnet' })),
    });
    renderApp(successUrl({ eventPaymentId, source: 'cashnet', ...cashnet }));

    expect(await screen.findByText(paymentMessages.paid, {}, { timeout: 5000 })).toBeInTheDocument();
    const confirm = calls.findIndex((call) => call.path === '/api/payments/cashnet/confirm');
    expect(calls[confirm]?.body).toEqual(cashnet);
    expect(calls.filter((call) => call.path === '/api/payments/cashnet/confirm')).toHaveLength(1);
    const firstRead = calls.findIndex((call) => call.path === paymentApi);
    expect(firstRead === -1 || firstRead > confirm).toBe(true);
    expect(screen.getByRole('link', { name: paymentMessages.allocate })).toBeInTheDocument();
  });

  it('takes the payment from ref3val1 when the gateway returns without an eventPaymentId', async () => {
    const cashnet = { batchno: 'B-17', tx: 'TX-9001', custcode: 'C-42', ref3val1: eventPaymentId };
    const calls = stubPayment(() => jsonResponse(200, anEventPayment({ status: 'PAID', provider: 'cashnet' })), {
      'POST /api/payments/cashnet/confirm': () =>
        jsonResponse(200, anEventPayment({ status: 'PAID', provider: 'cashnet' })),
    });
    const app = renderApp(successUrl({ source: 'cashnet', ...cashnet }));

    expect(await screen.findByText(paymentMessages.paid, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(app.location()).toContain('/success?');
    expect(calls.find((call) => call.path === '/api/payments/cashnet/confirm')?.body).toEqual(cashnet);
  });

  it('sends the member to the checkout when the payment lookup fails', async () => {
    stubPayment(() => problemResponse(404, 'Not Found', { detail: paymentMessages.notFound }));
    const app = renderApp(successUrl({ eventPaymentId, source: 'demo' }));

    await waitFor(() => expect(app.location()).toBe(checkoutPath), { timeout: 5000 });
    expect(await screen.findByText(paymentMessages.notFound)).toBeInTheDocument();
  });

  it('says when the payment expired, with the way back to the cart', async () => {
    stubPayment(() => jsonResponse(200, anEventPayment({ status: 'EXPIRED' })));
    renderApp(successUrl({ eventPaymentId, source: 'stripe' }));

    expect(await screen.findByText(checkoutTexts.expired, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: checkoutTexts.backToCart })).toHaveAttribute('href', checkoutPath);
    expect(allocateButton()).toBeDisabled();
  });

  it('says a card payment that came too late to be honoured will be refunded, not that it succeeded (issue 10)', async () => {
    stubPayment(() => jsonResponse(200, anEventPayment({ status: 'REFUND_NEEDED', refundReason: 'COUPON_USED_UP' })));
    renderApp(successUrl({ eventPaymentId, source: 'demo' }));

    expect(await screen.findByText(paymentMessages.refundNeeded, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.paid)).not.toBeInTheDocument();
    expect(screen.queryByText(paymentMessages.processing)).not.toBeInTheDocument();
    expect(allocateButton()).toBeDisabled();
  });

  it('says when the payment was cancelled or its purchase order voided', async () => {
    stubPayment(() =>
      jsonResponse(
        200,
        anEventPayment({
          status: 'PO_SUBMITTED',
          method: 'PURCHASE_ORDER',
          purchaseOrders: [
            { id: 'po-1', number: 'PO-1', status: 'VOIDED', totalCents: 29800, createdAt: '2026-09-01T12:00:00.000Z' },
          ],
        }),
      ),
    );
    renderApp(successUrl({ eventPaymentId, source: 'stripe' }));

    expect(await screen.findByText(paymentMessages.voidedOrCancelled, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: checkoutTexts.backToCart })).toBeInTheDocument();
    expect(allocateButton()).toBeDisabled();
  });
});
