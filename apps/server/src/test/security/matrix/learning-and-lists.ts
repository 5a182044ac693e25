import type { World } from '../fixtures.ts';
import { anyone, managersOfA, signedIn, staffOnly, type Rows } from './rows.ts';

/** An id no row has: every caller allowed past the route's access rule is told it does not exist. */
const nobody = '00000000-0000-4000-8000-00000000beef';
const notFoundWhenSignedIn = { ...signedIn(404) };
const staffNotFound = { ...staffOnly(404) };

/**
 * Routes of the day's new features (issues 38 and 40): unfinished orders, waiting lists, evaluations,
 * reminders and Ask my school. Their allowed and refused callers, and every refusal, are tested in each
 * feature's own tests; here each route's access rule holds for all nine callers.
 */
export const learningAndListRows: Rows = {
  'GET /api/event-payments/unfinished': { expect: signedIn(200) },
  'POST /api/event-payments/:eventPaymentId/discard': {
    why: "Only the buyer acts on an order (school A's admin bought the paid payment): a paid one cannot be discarded (409); anyone else does not see it.",
    input: (w: World) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...signedIn(404), admin: 409 },
  },
  'POST /api/event-payments/:eventPaymentId/withdraw': {
    why: 'Only the buyer withdraws an order waiting for the district (decision 0224): a paid one no longer waits (409); anyone else does not see it.',
    input: (w: World) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...signedIn(404), admin: 409 },
  },
  'POST /api/event-payments/:eventPaymentId/pay-now': {
    why: 'Only the buyer pays an order again: a paid one is refused (409); anyone else does not see it.',
    input: (w: World) => ({ params: { eventPaymentId: w.paidPayment.id } }),
    expect: { ...signedIn(404), admin: 409 },
  },

  'GET /api/waiting-lists/events/:eventId': {
    why: "The caller's own places on the event's lists (none here).",
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: signedIn(200),
  },
  'POST /api/waiting-lists/entries': {
    why: 'Joining a list of an event no one has: not found for everyone signed in.',
    input: () => ({
      body: { eventId: nobody, sectionId: nobody, ticketTypeId: nobody, quantity: 1, organizationId: null },
    }),
    expect: notFoundWhenSignedIn,
  },
  'GET /api/waiting-lists/entries/:entryId': {
    input: () => ({ params: { entryId: nobody } }),
    expect: notFoundWhenSignedIn,
  },
  'DELETE /api/waiting-lists/entries/:entryId': {
    input: () => ({ params: { entryId: nobody } }),
    expect: notFoundWhenSignedIn,
  },
  'POST /api/waiting-lists/entries/:entryId/checkout': {
    input: () => ({
      params: { entryId: nobody },
      headers: { 'idempotency-key': '00000000-0000-4000-8000-0000000c0ffe' },
    }),
    expect: notFoundWhenSignedIn,
  },
  'GET /api/admin/events/:eventId/waiting-list': {
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read each list in order with who waits: the provider's own view of its events.",
  },
  'PUT /api/admin/events/:eventId/waiting-list': {
    input: (w: World) => ({ params: { eventId: w.staffDay.event.id }, body: { enabled: true, offerHours: 48 } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff set the list's settings; the answer is the list.",
  },
  'POST /api/admin/waiting-list-entries/:entryId/move': {
    input: () => ({ params: { entryId: nobody }, body: { direction: 'up' } }),
    expect: staffNotFound,
  },
  'POST /api/admin/waiting-list-entries/:entryId/offer': {
    input: () => ({ params: { entryId: nobody } }),
    expect: staffNotFound,
  },
  'DELETE /api/admin/waiting-list-entries/:entryId': {
    input: () => ({ params: { entryId: nobody } }),
    expect: staffNotFound,
  },
  'POST /api/dev/journey-data/waiting-list-offers/:entryId/run-out': {
    why: 'Development only, registered only while the demo is seeded (which production refuses): a journey runs one offer out instead of moving the clock.',
    input: () => ({ params: { entryId: nobody } }),
    expect: anyone(404),
  },

  'GET /api/evaluations': { expect: signedIn(200) },
  'GET /api/evaluations/:eventId/:occasion': {
    why: 'Only an attendee asked about the occasion reads her evaluation; for an event no one attended, no one is.',
    input: () => ({ params: { eventId: nobody, occasion: 'END' } }),
    expect: notFoundWhenSignedIn,
  },
  'PUT /api/evaluations/:eventId/:occasion/draft': {
    input: () => ({ params: { eventId: nobody, occasion: 'END' }, body: { answers: {} } }),
    expect: notFoundWhenSignedIn,
  },
  'POST /api/evaluations/:eventId/:occasion': {
    input: () => ({ params: { eventId: nobody, occasion: 'END' }, body: { answers: {} } }),
    expect: notFoundWhenSignedIn,
  },
  'GET /api/evaluations/links/:token': {
    why: "The mail's signed link stands in for a session, for one person's one form only: a token the server did not sign opens nothing, for anyone (404).",
    input: () => ({ params: { token: 'not-a-signed-link' } }),
    expect: anyone(404),
  },
  'PUT /api/evaluations/links/:token/draft': {
    why: 'As its GET: only a signed token opens the form, signed in or not.',
    input: () => ({ params: { token: 'not-a-signed-link' }, body: { answers: {} } }),
    expect: anyone(404),
  },
  'POST /api/evaluations/links/:token': {
    why: 'As its GET: only a signed token takes answers, signed in or not.',
    input: () => ({ params: { token: 'not-a-signed-link' }, body: { answers: {} } }),
    expect: anyone(404),
  },
  'GET /api/admin/evaluations/:eventId': {
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read an event's evaluation form: questions, no person.",
  },
  'PUT /api/admin/evaluations/:eventId': {
    input: () => ({ params: { eventId: nobody }, body: {} }),
    expect: { ...staffOnly(400) },
  },
  'GET /api/admin/evaluations/:eventId/results': {
    input: () => ({ params: { eventId: nobody } }),
    expect: staffNotFound,
  },
  'GET /api/admin/evaluations/:eventId/results/export': {
    input: () => ({ params: { eventId: nobody }, query: { format: 'csv' } }),
    expect: staffNotFound,
  },

  'GET /api/admin/reminders/:eventId': {
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/reminders/:eventId': {
    input: (w: World) => ({
      params: { eventId: w.staffDay.event.id },
      body: { dayReminders: true, daysBefore: 1, paymentReminders: true, unallocatedReminders: true, onlineUrl: '' },
    }),
    expect: staffOnly(200),
  },
  'GET /api/admin/reminders/:eventId/sent': {
    input: (w: World) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read the reminders sent for an event, as they read its sent mail.',
  },

  'POST /api/seat-requests': {
    why: "Only school A's members ask it for a seat (anyone else 403); the event asked about is not open for requests (400).",
    input: (w: World) => ({ body: { eventId: nobody, organizationId: w.schoolA.organization.id, sectionId: null } }),
    expect: { ...signedIn(403), member: 400, admin: 400, owner: 400, staffAsMember: 400 },
  },
  'GET /api/seat-requests/mine': { expect: signedIn(200) },
  'GET /api/seat-requests/organizations/:organizationId': {
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: managersOfA(200),
  },
  'POST /api/seat-requests/:seatRequestId/decision': {
    input: () => ({ params: { seatRequestId: nobody }, body: { decision: 'DECLINE', reason: 'Matrix' } }),
    expect: notFoundWhenSignedIn,
  },
};
