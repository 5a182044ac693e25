import { eq } from 'drizzle-orm';
import { eventPaymentItems } from '../../../db/schema/commerce.ts';
import { eventTickets } from '../../../db/schema/tickets.ts';
import { freshPaymentOfA, type World } from '../fixtures.ts';
import { memberOfA, type Rows } from './rows.ts';

/**
 * A ticket of a fresh PAID payment school A's admin bought, held by school A's member: each cell
 * passes its own, so one pass leaves nothing for the next to find changed.
 */
async function membersTicket(w: World): Promise<string> {
  const payment = await freshPaymentOfA(w, 'PAID');
  const [item] = await w.t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('payment item not created');
  const [ticket] = await w.t.deps.db
    .insert(eventTickets)
    .values({ paymentItemId: item.id, userId: w.schoolA.member.user.id, eventId: item.eventId })
    .returning({ id: eventTickets.id });
  if (!ticket) throw new Error('ticket not created');
  return ticket.id;
}

const holderOnly =
  'Only the holder (school A’s member, or staff viewing as them): its buyer, the school’s managers and staff in their own session get 404, as for any ticket not theirs.';

/** Passing a ticket on (issue 38): only its current holder. */
export const ticketTransferRows: Rows = {
  'GET /api/ticket-transfers/:ticketId': {
    why: holderOnly,
    input: async (w) => ({ params: { ticketId: await membersTicket(w) } }),
    expect: memberOfA(200),
  },
  'GET /api/ticket-transfers/:ticketId/recipients': {
    why: holderOnly,
    input: async (w) => ({ params: { ticketId: await membersTicket(w) }, query: { search: '' } }),
    expect: memberOfA(200),
  },
  'POST /api/ticket-transfers': {
    why: `${holderOnly} The colleague is school A’s admin.`,
    input: async (w) => ({
      body: { ticketId: await membersTicket(w), recipient: { kind: 'COLLEAGUE', userId: w.schoolA.admin.user.id } },
    }),
    expect: memberOfA(200),
  },
};
