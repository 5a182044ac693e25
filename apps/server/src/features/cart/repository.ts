import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeStatic, staticStatement } from '../../db/prepared.ts';
import { cartItems, carts, eventGroupings, events, eventSections } from '../../db/schema/commerce.ts';

/**
 * Seats a section still sells: its own and its grouping's, whichever is fewer (least() and greatest()
 * skip a NULL, so an unlimited limit is left out, and both unlimited is named null before it reads as 0).
 */
const sectionRemaining = sql<
  number | null
>`case when ${eventSections.maxTickets} is null and ${eventGroupings.maxTickets} is null then null
  else greatest(least(${eventSections.maxTickets} - ${eventSections.ticketsTaken}, ${eventGroupings.maxTickets} - ${eventGroupings.ticketsTaken}), 0) end`;

const noSection = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

const input = (name: string) => sql.placeholder(name);

interface PurchaseTargetRow {
  id: string;
  name: string;
  published: boolean;
  acceptsApplications: boolean;
  startDate: string;
  daysBeforePurchaseClose: number;
  remaining: number | null;
  hasSections: boolean;
  ticketTypeFound: boolean;
  sectionId: string | null;
  sectionTitle: string | null;
  sectionRemaining: number | null;
  inCart: number;
}

/** purchaseTarget's statement, built once (db/prepared.ts): every add to the cart runs it. */
const purchaseTargetStatement = staticStatement(
  'cart_purchase_target',
  sql`select ${events.id} as "id", ${events.name} as "name", ${events.published} as "published",
      ${events.acceptsApplications} as "acceptsApplications", ${events.startDate} as "startDate",
      ${events.daysBeforePurchaseClose} as "daysBeforePurchaseClose",
      case when events.max_tickets is null then null else greatest(events.max_tickets - events.tickets_taken, 0) end as "remaining",
      exists (select 1 from event_sections s where s.event_id = events.id) as "hasSections",
      exists (select 1 from event_ticket_types t where t.id = ${input('ticketTypeId')}::uuid and t.event_id = events.id) as "ticketTypeFound",
      ${eventSections.id} as "sectionId", ${eventSections.title} as "sectionTitle", ${sectionRemaining} as "sectionRemaining",
      coalesce((select c.number_of_tickets from cart_items c where c.user_id = ${input('userId')}::uuid
        and c.ticket_type_id = ${input('ticketTypeId')}::uuid
        and coalesce(c.section_id, ${noSection}) = coalesce(${input('sectionId')}::uuid, ${noSection})), 0)::int as "inCart"
    from ${events}
    left join ${eventSections} on ${eventSections.id} = ${input('sectionId')}::uuid and ${eventSections.eventId} = ${events.id}
    left join ${eventGroupings} on ${eventGroupings.id} = ${eventSections.groupingId}
    where ${events.id} = ${input('eventId')}::uuid`,
);

/**
 * What adding to the cart checks (catalogue.lineRefusal), in one statement: the event, whether the
 * ticket type and the section are its own, the seats left, and the tickets of this ticket type and
 * section already in the member's cart.
 */
export async function purchaseTarget(
  db: Executor,
  userId: string,
  eventId: string,
  ticketTypeId: string,
  sectionId: string | null,
) {
  const [row] = await executeStatic<PurchaseTargetRow>(db, purchaseTargetStatement, {
    userId,
    eventId,
    ticketTypeId,
    sectionId,
  });
  if (!row) return undefined;
  const { sectionId: foundSection, sectionTitle, sectionRemaining: left, ticketTypeFound, inCart, ...event } = row;
  return {
    event,
    ticketTypeFound,
    section:
      foundSection !== null && sectionTitle !== null
        ? { id: foundSection, title: sectionTitle, remaining: left }
        : undefined,
    inCart,
  };
}

/** One line of the member's own cart, with its bucket's seats left (null when unlimited). */
export async function findOwnLine(db: Executor, userId: string, itemId: string) {
  const [line] = await db
    .select({
      id: cartItems.id,
      // greatest() skips a NULL, so an unlimited bucket (no maxTickets) is named before it reads as 0 left.
      remaining: sql<number | null>`case when ${cartItems.sectionId} is null
        then case when ${events.maxTickets} is null then null else greatest(${events.maxTickets} - ${events.ticketsTaken}, 0) end
        else ${sectionRemaining} end`,
    })
    .from(cartItems)
    .innerJoin(events, eq(events.id, cartItems.eventId))
    .leftJoin(eventSections, eq(eventSections.id, cartItems.sectionId))
    .leftJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
  return line;
}

export async function setLineQuantity(
  db: Executor,
  userId: string,
  itemId: string,
  numberOfTickets: number,
): Promise<void> {
  await db
    .update(cartItems)
    .set({ numberOfTickets })
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)));
}

export async function deleteLine(db: Executor, userId: string, itemId: string): Promise<boolean> {
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  return deleted.length === 1;
}

export async function setCartCoupon(db: Executor, userId: string, couponId: string | null): Promise<void> {
  await db.insert(carts).values({ userId, couponId }).onConflictDoUpdate({ target: carts.userId, set: { couponId } });
}
