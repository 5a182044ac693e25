import type { World } from '../fixtures.ts';
import { signedIn, staffOnly, type Rows } from './rows.ts';

/** An id no row has: every caller allowed past the route's access rule is told it does not exist. */
const nobody = '00000000-0000-4000-8000-00000000cafe';
const key = { 'idempotency-key': '00000000-0000-4000-8000-0000000d00d1' };

/**
 * Cancellations, refunds and credit notes (issue 38). Each refusal (outside the policy, someone else's
 * ticket, already cancelled, more than paid, a replay) is tested in the features' own tests; here the
 * access rule of every route holds for all nine callers.
 */
export const refundRows: Rows = {
  'GET /api/event-payments/:eventPaymentId/cancellation': {
    why: "What the buyer may cancel of her order: school A's admin bought the paid payment; anyone else does not see it.",
    input: (w: World) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...signedIn(404), admin: 200 },
  },
  'POST /api/event-payments/:eventPaymentId/cancellation': {
    input: () => ({
      params: { eventPaymentId: nobody },
      headers: key,
      body: { items: [{ itemId: nobody, unassigned: 1 }] },
    }),
    expect: signedIn(404),
  },
  'POST /api/event-payments/:eventPaymentId/cancellation/preview': {
    input: () => ({ params: { eventPaymentId: nobody }, body: { items: [{ itemId: nobody, unassigned: 1 }] } }),
    expect: signedIn(404),
  },
  'POST /api/event-payments/:eventPaymentId/cancellation-requests': {
    input: () => ({
      params: { eventPaymentId: nobody },
      body: { items: [{ itemId: nobody, unassigned: 1 }], reason: 'Matrix' },
    }),
    expect: signedIn(404),
  },
  'GET /api/event-payments/:eventPaymentId/credit-notes/:refundId': {
    input: () => ({ params: { eventPaymentId: nobody, refundId: nobody } }),
    expect: signedIn(404),
  },
  'GET /api/admin/refunds': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read every refund owed or settled, as they read every payment.',
  },
  'GET /api/admin/refunds/export': {
    input: () => ({ query: { format: 'csv' } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'The refunds list as a file, for staff.',
  },
  'POST /api/admin/refunds/:refundId/settle': {
    input: () => ({ params: { refundId: nobody } }),
    expect: staffOnly(404),
  },
  'GET /api/admin/refunds/cancellation-requests': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read the buyers' cancellation requests to decide them.",
  },
  'POST /api/admin/refunds/cancellation-requests/:requestId/decision': {
    input: () => ({ params: { requestId: nobody }, body: {} }),
    expect: staffOnly(400),
  },
  'GET /api/admin/events/:eventId/cancellation-policy': {
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/events/:eventId/cancellation-policy': {
    input: () => ({ params: { eventId: nobody }, body: {} }),
    expect: staffOnly(400),
  },
  'POST /api/admin/event-payments/:eventPaymentId/refund': {
    input: () => ({ params: { eventPaymentId: nobody }, body: {} }),
    expect: staffOnly(400),
  },
  'GET /api/admin/event-payments/:eventPaymentId/cancellation': {
    input: () => ({ params: { eventPaymentId: nobody } }),
    expect: staffOnly(404),
  },
  'POST /api/admin/event-payments/:eventPaymentId/refund/preview': {
    input: () => ({ params: { eventPaymentId: nobody }, body: {} }),
    expect: staffOnly(404),
  },
};
