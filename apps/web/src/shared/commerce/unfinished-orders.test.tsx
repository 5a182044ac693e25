import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { cartMessages } from '@portal/domain/commerce/cart.ts';
import {
  unfinishedOrderMessages as messages,
  type UnfinishedOrderPage,
  type UnfinishedOrderRow,
} from '@portal/domain/commerce/unfinished-orders.ts';
import { aCart, anEventPaymentPage } from '../../test/commerce.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../test/fetch-stub.ts';
import { renderApp } from '../../test/render-app.tsx';
import { aUser } from '../../test/users.ts';

const cardId = '00000000-0000-4000-8000-0000000c0001';
const purchaseOrderId = '00000000-0000-4000-8000-0000000c0002';
const cardLines = '2 × Fall Leadership Conference Day — Coaching Writing';
const purchaseOrderLines = '3 × Reading Workshop Series';

function anUnfinishedOrder(overrides: Partial<UnfinishedOrderRow> = {}): UnfinishedOrderRow {
  return {
    id: cardId,
    status: 'PENDING',
    method: 'CARD',
    isBuyer: true,
    applicationId: null,
    registrationRequestId: null,
    organizationName: 'Lincoln Elementary School',
    lines: [{ title: 'Fall Leadership Conference Day — Coaching Writing', numberOfTickets: 2 }],
    numberOfTickets: 2,
    total: 26_820,
    couponCode: 'WELCOME10',
    purchaseOrders: [],
    holdExpiresAt: '2026-11-22T15:30:00.000Z',
    createdAt: '2026-11-22T15:00:00.000Z',
    ...overrides,
  };
}

const purchaseOrderCheckout = anUnfinishedOrder({
  id: purchaseOrderId,
  status: 'AWAITING_PO',
  method: 'PURCHASE_ORDER',
  organizationName: null,
  lines: [{ title: 'Reading Workshop Series', numberOfTickets: 3 }],
  numberOfTickets: 3,
  total: 44_700,
  couponCode: null,
  holdExpiresAt: '2026-11-29T15:00:00.000Z',
});

const pageOf = (items: UnfinishedOrderRow[]): UnfinishedOrderPage => ({
  items,
  page: 1,
  pageSize: 20,
  total: items.length,
});

function stubManageEvents(orders: () => Response, routes: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/my-tickets': () => jsonResponse(200, { items: [] }),
    'GET /api/organizations/managed': () => jsonResponse(200, { items: [] }),
    'GET /api/event-payments': () => jsonResponse(200, anEventPaymentPage([])),
    'GET /api/event-payments/unfinished': orders,
    ...routes,
  });
}

async function openManageEvents() {
  const app = renderApp('/members/manage-events');
  await screen.findByRole('heading', { level: 1, name: 'Manage Events' }, { timeout: 5000 });
  return { app, user: userEvent.setup({ delay: null }) };
}

const section = () => screen.getByRole('region', { name: messages.title });

describe('unfinished orders', { timeout: 20_000 }, () => {
  beforeEach(() => notifications.clean());

  it('lists each unfinished order with what it offers on Manage Events', async () => {
    stubManageEvents(() => jsonResponse(200, pageOf([anUnfinishedOrder(), purchaseOrderCheckout])));
    await openManageEvents();
    const card = await screen.findByRole('listitem', { name: cardLines }, { timeout: 5000 });
    expect(within(card).getByText('Payment Incomplete')).toBeInTheDocument();
    expect(within(card).getByText('For Lincoln Elementary School')).toBeInTheDocument();
    expect(within(card).getByText('$268.20 (coupon WELCOME10)')).toBeInTheDocument();
    expect(within(card).getByText(/^Seats held until /)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Pay now: ${cardLines}` })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: `Discard: ${cardLines}` })).toBeInTheDocument();
    expect(within(card).queryByRole('link', { name: /Upload purchase order/ })).not.toBeInTheDocument();

    const order = screen.getByRole('listitem', { name: purchaseOrderLines });
    expect(within(order).getByText('Awaiting Purchase Order')).toBeInTheDocument();
    expect(within(order).getByRole('link', { name: `Upload purchase order: ${purchaseOrderLines}` })).toHaveAttribute(
      'href',
      `/members/event-cart/checkout/purchase-order?eventPaymentId=${purchaseOrderId}`,
    );
    expect(within(order).queryByRole('button', { name: /Pay now/ })).not.toBeInTheDocument();
    expect(within(section()).getByText(messages.intro)).toBeInTheDocument();
  });

  it('discards only once confirmed, then says so and reads the orders again', async () => {
    let listed = [anUnfinishedOrder(), purchaseOrderCheckout];
    const calls = stubManageEvents(() => jsonResponse(200, pageOf(listed)), {
      [`POST /api/event-payments/${purchaseOrderId}/discard`]: () => {
        listed = [anUnfinishedOrder()];
        return jsonResponse(200, { status: 'CANCELLED' });
      },
    });
    const { user } = await openManageEvents();
    await user.click(await screen.findByRole('button', { name: `Discard: ${purchaseOrderLines}` }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: messages.discardTitle });
    expect(within(dialog).getByText(messages.discardConfirm(purchaseOrderLines, false))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: messages.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: `Discard: ${purchaseOrderLines}` }));
    await user.click(
      within(await screen.findByRole('dialog', { name: messages.discardTitle })).getByRole('button', {
        name: messages.discard,
      }),
    );
    expect(await screen.findByText(messages.discarded)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/event-payments/${purchaseOrderId}/discard`,
    ]);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: purchaseOrderLines })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: cardLines })).toBeInTheDocument();
  });

  it("shows the server's refusal of a discard", async () => {
    stubManageEvents(() => jsonResponse(200, pageOf([purchaseOrderCheckout])), {
      [`POST /api/event-payments/${purchaseOrderId}/discard`]: () =>
        problemResponse(409, 'Conflict', { detail: messages.refusals.purchaseOrderSent }),
    });
    const { user } = await openManageEvents();
    await user.click(await screen.findByRole('button', { name: `Discard: ${purchaseOrderLines}` }, { timeout: 5000 }));
    await user.click(
      within(await screen.findByRole('dialog', { name: messages.discardTitle })).getByRole('button', {
        name: messages.discard,
      }),
    );
    expect(await screen.findByText(messages.refusals.purchaseOrderSent)).toBeInTheDocument();
  });

  it("Pay now goes to the provider's fresh page for the same payment", async () => {
    const payPage = `/members/event-cart/checkout/demo-pay?eventPaymentId=${cardId}`;
    const calls = stubManageEvents(() => jsonResponse(200, pageOf([anUnfinishedOrder()])), {
      [`POST /api/event-payments/${cardId}/pay-now`]: () =>
        jsonResponse(200, { eventPaymentId: cardId, redirectUrl: payPage }),
    });
    const { app, user } = await openManageEvents();
    await user.click(await screen.findByRole('button', { name: `Pay now: ${cardLines}` }, { timeout: 5000 }));
    await waitFor(() => expect(app.location()).toBe(payPage));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/event-payments/${cardId}/pay-now`,
    ]);
  });

  it('says when there is no unfinished order, and when they could not be read', async () => {
    stubManageEvents(() => jsonResponse(200, pageOf([])));
    const { app } = await openManageEvents();
    expect(await screen.findByText(messages.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    app.unmount();

    stubManageEvents(() => problemResponse(500, 'Internal Server Error', { detail: 'Something went wrong.' }));
    await openManageEvents();
    expect(await screen.findByText(messages.loadError, {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows them under an empty cart too, and nothing there when there are none', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      'GET /api/event-payments/unfinished': () => jsonResponse(200, pageOf([purchaseOrderCheckout])),
    });
    const cart = renderApp('/members/event-cart/checkout');
    expect(await screen.findByText(cartMessages.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: purchaseOrderLines })).toBeInTheDocument();
    cart.unmount();

    const calls = stubFetch({
      'GET /api/me': () => jsonResponse(200, aUser()),
      'GET /api/cart': () => jsonResponse(200, aCart({ items: [] })),
      'GET /api/payments/options': () => jsonResponse(200, { card: { available: true, unavailableReason: null } }),
      'GET /api/event-payments/unfinished': () => jsonResponse(200, pageOf([])),
    });
    renderApp('/members/event-cart/checkout');
    expect(await screen.findByText(cartMessages.empty, {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.some((call) => call.path.startsWith('/api/event-payments/unfinished'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: messages.title })).not.toBeInTheDocument();
  });
});
