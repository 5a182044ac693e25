import { eq } from 'drizzle-orm';
import { eventPaymentItems } from '../../../db/schema/commerce.ts';
import { eventResources } from '../../../db/schema/resources.ts';
import { eventTickets } from '../../../db/schema/tickets.ts';
import { createEvent, createPayment } from '../../commerce-factories.ts';
import { multipart, pdf, uniqueName, type World } from '../fixtures.ts';
import { memberOfA, staffOnly, type Rows } from './rows.ts';

/**
 * Event resources: an event school A's member holds a ticket for, with one file resource. Only that
 * member (and staff viewing as them) attends it; staff in their own session see every event's resources.
 */
const attended = (ok: number) => ({ ...memberOfA(ok), staff: ok });

interface ResourceWorld {
  eventId: string;
  resourceId: string;
}

const built = new WeakMap<World, Promise<ResourceWorld>>();

async function resourceFile(w: World, eventId: string): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(eventResources)
    .values({
      eventId,
      title: uniqueName('Handout'),
      fileKey: `event-resources/${eventId}/${uniqueName('f').replace(' ', '-')}.pdf`,
      fileName: 'handout.pdf',
      fileSize: pdf.length,
      fileType: 'pdf',
    })
    .returning();
  if (!row?.fileKey) throw new Error('resource not created');
  await w.t.deps.storage.put(row.fileKey, pdf, 'application/pdf');
  return row.id;
}

function resourceWorld(w: World): Promise<ResourceWorld> {
  let found = built.get(w);
  if (!found) {
    found = (async () => {
      const db = w.t.deps.db;
      const { event, ticketType } = await createEvent(db);
      const payment = await createPayment(db, {
        userId: w.schoolA.member.user.id,
        status: 'PAID',
        lines: [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 1 }],
      });
      const [item] = await db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
      if (!item) throw new Error('payment item not created');
      await db
        .insert(eventTickets)
        .values({ paymentItemId: item.id, userId: w.schoolA.member.user.id, eventId: event.id });
      return { eventId: event.id, resourceId: await resourceFile(w, event.id) };
    })();
    built.set(w, found);
  }
  return found;
}

const form = (fields: Record<string, string> = {}) =>
  multipart({ title: uniqueName('Slides'), description: 'Week one', sectionIds: '', ...fields }, pdf);

export const resourceRows: Rows = {
  'GET /api/events/:eventId/resources': {
    input: async (w) => ({ params: { eventId: (await resourceWorld(w)).eventId }, query: { search: 'Handout' } }),
    expect: attended(200),
  },
  'GET /api/events/:eventId/resources/:resourceId/file': {
    input: async (w) => {
      const { eventId, resourceId } = await resourceWorld(w);
      return { params: { eventId, resourceId } };
    },
    expect: attended(200),
  },

  'GET /api/admin/events/:eventId/resources': {
    input: async (w) => ({ params: { eventId: (await resourceWorld(w)).eventId } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/events/:eventId/resources': {
    input: async (w) => ({ params: { eventId: (await resourceWorld(w)).eventId }, ...form() }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/resources/:id': {
    input: async (w) => ({ params: { id: await resourceFile(w, (await resourceWorld(w)).eventId) }, ...form() }),
    expect: staffOnly(200),
  },
  'DELETE /api/admin/resources/:id': {
    input: async (w) => ({ params: { id: await resourceFile(w, (await resourceWorld(w)).eventId) } }),
    expect: staffOnly(204),
  },
  'POST /api/admin/resources/:id/move': {
    // A new resource is last, after the world's own: it can move up.
    input: async (w) => ({
      params: { id: await resourceFile(w, (await resourceWorld(w)).eventId) },
      body: { direction: 'up' },
    }),
    expect: staffOnly(200),
  },
};
