import { randomUUID } from 'node:crypto';
import { signDemoEvent } from '../../../platform/payment-providers.ts';
import { cartLineOf, freshPaymentOfA, multipart, pdf, userOf, type CallerName, type World } from '../fixtures.ts';
import { managersOfA, memberOfA, signedIn, anyone, type CellInput, type Rows } from './rows.ts';

/** Only the one who bought the payment (school A's admin). */
const buyerOnly = (ok: number) => ({ ...anyone(404), anonymous: 401, admin: ok });

/** The caller's own cart holds a ticket, so a coupon or a checkout has something to apply to. */
async function withCartLine(w: World, who: CallerName): Promise<void> {
  const user = userOf(w, who);
  if (user) await cartLineOf(w, user.id);
}

function demoWebhook(w: World, eventPaymentId: string): CellInput {
  const body = JSON.stringify({ id: `evt_${randomUUID()}`, type: 'payment.succeeded', eventPaymentId });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-demo-signature': signDemoEvent(w.t.deps.config.payments.demoSecret, body),
    },
  };
}

/** The catalogue, the cart, checkout, card payments, purchase orders and the tickets bought. */
export const commerceRows: Rows = {
  'GET /api/catalogue/events': { expect: signedIn(200) },
  'GET /api/catalogue/events/:eventId': {
    input: (w) => ({ params: { eventId: w.day.event.id } }),
    expect: signedIn(200),
  },

  'GET /api/cart': { expect: signedIn(200) },
  'POST /api/cart/items': {
    input: (w) => ({ body: { eventId: w.series.event.id, ticketTypeId: w.series.ticketType.id, numberOfTickets: 1 } }),
    expect: signedIn(200),
  },
  'PATCH /api/cart/items/:itemId': {
    input: async (w) => ({
      params: { itemId: await cartLineOf(w, w.schoolA.member.user.id) },
      body: { numberOfTickets: 2 },
    }),
    expect: memberOfA(200),
  },
  'DELETE /api/cart/items/:itemId': {
    input: async (w) => ({ params: { itemId: await cartLineOf(w, w.schoolA.member.user.id) } }),
    expect: memberOfA(200),
  },
  'POST /api/cart/coupon': {
    input: async (w, who) => {
      await withCartLine(w, who);
      return { body: { code: w.coupon.code } };
    },
    expect: signedIn(200),
  },
  'DELETE /api/cart/coupon': { expect: signedIn(200) },
  'POST /api/checkout': {
    input: async (w, who) => {
      await withCartLine(w, who);
      return { body: { method: 'CARD' }, headers: { 'idempotency-key': randomUUID() } };
    },
    expect: signedIn(201),
  },
  'POST /api/checkout/:eventPaymentId/cancel': {
    why: 'The buyer alone cancels their checkout waiting for a purchase order; to anyone else it does not exist.',
    input: async (w) => ({ params: { eventPaymentId: (await freshPaymentOfA(w, 'AWAITING_PO')).id } }),
    expect: buyerOnly(200),
  },

  'GET /api/payments/options': { expect: signedIn(200) },
  'POST /api/payments/demo/:eventPaymentId': {
    input: async (w) => ({
      params: { eventPaymentId: (await freshPaymentOfA(w, 'PENDING')).id },
      body: { outcome: 'succeed' },
    }),
    expect: buyerOnly(200),
  },
  'POST /api/payments/cashnet/confirm': {
    why: 'The test app runs the demo provider: a CashNet return is refused for everyone signed in.',
    input: async (w) => ({
      body: { batchno: '1', tx: randomUUID(), custcode: 'matrix', ref3val1: (await freshPaymentOfA(w, 'PENDING')).id },
    }),
    expect: signedIn(404),
  },
  'POST /api/payments/demo/webhook': {
    why: 'A provider callback: no session, verified by its signature (a wrong one is 400 in payments.test.ts).',
    input: async (w) => demoWebhook(w, (await freshPaymentOfA(w, 'PENDING')).id),
    expect: anyone(200),
  },
  'POST /api/payments/stripe/webhook': {
    why: 'A provider callback verified by its signature; the test app has no STRIPE_WEBHOOK_SECRET, so it answers 404.',
    input: () => ({ body: '{}', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } }),
    expect: anyone(404),
  },

  'GET /api/event-payments': { expect: signedIn(200) },
  'GET /api/event-payments/:eventPaymentId': {
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: managersOfA(200),
  },
  'GET /api/event-payments/:eventPaymentId/receipt': {
    why: 'The buyer, a manager of its school, or staff in their own session (issue 25).',
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...managersOfA(200), staff: 200 },
  },
  'GET /api/event-payments/:eventPaymentId/allocation': {
    why: 'The buyer, a manager of its school, or staff in their own session (api.md).',
    input: (w) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...managersOfA(200), staff: 200 },
  },
  'PUT /api/event-payments/:eventPaymentId/allocation': {
    why: 'As reading it: the buyer, a manager of its school, or staff in their own session.',
    input: (w) => ({
      params: { eventPaymentId: w.paidPayment.id },
      body: { items: [{ itemId: w.paidItemId, assignedUsers: [w.schoolA.member.user.id] }] },
    }),
    expect: { ...managersOfA(200), staff: 200 },
  },
  'GET /api/my-tickets': { expect: signedIn(200) },
  'GET /api/purchase-orders': { expect: signedIn(200) },
  'GET /api/purchase-orders/:id/file': {
    why: "School A's purchase order was sent by its admin: the sender and the school's owner read it, no one else.",
    input: (w) => ({ params: { id: w.purchaseOrder.id } }),
    expect: { ...buyerOnly(200), owner: 200 },
  },

  'POST /api/purchase-orders': {
    input: async (w) => {
      const payment = await freshPaymentOfA(w, 'AWAITING_PO');
      const fields = {
        eventPaymentId: payment.id,
        type: 'CONFERENCE_DAY',
        filename: 'District PO',
        contactEmail: 'purchasing@district.test',
        contactName: 'Pat Purchasing',
        contactPhone: '5551234567',
        number: `PO-${randomUUID().slice(0, 6)}`,
        organizationId: w.schoolA.organization.id,
        total: String(payment.totalCents),
        couponCode: '',
      };
      return multipart(fields, pdf);
    },
    expect: buyerOnly(201),
  },
};
