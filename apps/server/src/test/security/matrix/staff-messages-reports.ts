import { randomUUID } from 'node:crypto';
import { createConferenceDay } from '../../commerce-factories.ts';
import { createUser } from '../../factories.ts';
import { holdTicket } from '../../resource-factories.ts';
import type { World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

/** A new conference day with one paid ticket holder: someone for a message to reach. */
async function dayWithHolder(w: World) {
  const day = await createConferenceDay(w.t.deps.db);
  const holder = await createUser(w.t.deps.db, { firstName: 'Holly' });
  await holdTicket(w.t.deps.db, {
    userId: holder.id,
    eventId: day.event.id,
    ticketTypeId: day.ticketType.id,
    sectionId: day.section.id,
  });
  return { params: { eventId: day.event.id } };
}

/** Messages to an event's people and the reports (issue 24): staff in their own session only. */
export const staffMessageReportRows: Rows = {
  'GET /api/admin/events/:eventId/messages': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/messages/preview': {
    input: async (w) => ({ ...(await dayWithHolder(w)), body: { audience: 'HOLDERS' } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/messages': {
    input: async (w) => ({
      ...(await dayWithHolder(w)),
      headers: { 'idempotency-key': randomUUID() },
      body: { audience: 'HOLDERS', subject: 'Matrix message', body: 'Hello from the matrix.' },
    }),
    expect: staffOnly(201),
  },
  'GET /api/admin/events/:eventId/report': {
    input: (w) => ({ params: { eventId: w.staffDay.event.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/reports/season': { expect: staffOnly(200) },
};
