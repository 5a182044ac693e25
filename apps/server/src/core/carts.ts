import { asc, eq, sql } from 'drizzle-orm';
import { couponRefusal, maxTicketsPerLine, type CartReply, type CouponRefusal } from '@portal/domain/commerce/cart.ts';
import type { Coupon } from '@portal/domain/commerce/pricing.ts';
import { lineSubtotal, orderTotals } from '@portal/domain/commerce/pricing.ts';
import { lineRefusal, purchaseRefusals, type PurchaseRefusal } from '@portal/domain/events/catalogue.ts';
import type { Database, Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { managedOrganizationIdsArray } from './memberships.ts';
import {
  cartItems,
  carts,
  coupons,
  eventGroupings,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
} from '../db/schema/commerce.ts';

/**
 * A member's cart as the cart screen and the checkout both read it: one query for the lines with
 * their event, section and ticket type, one for the coupon; totals from @portal/domain/commerce/pricing.
 */

export interface CartLine {
  id: string;
  eventId: string;
  sectionId: string | null;
  ticketTypeId: string;
  ticketTypeName: string;
  title: string;
  numberOfTickets: number;
  /** One ticket, in cents: 0 for a free section. */
  price: number;
  /** Seats left in the line's bucket; null when unlimited. */
  remaining: number | null;
  /** Why the catalogue would not sell this line now (catalogue.lineRefusal); null when it would. */
  refusal: PurchaseRefusal | null;
  /** A section line's grouping and how a sold-out grouping is named ("Fall Conference Day — Morning"), for capacity.takeSeats. */
  grouping?: { id: string; title: string };
}

export interface CartCoupon extends Coupon {
  id: string;
  /** Why it does not apply to this cart now; null when it does. */
  refusal: CouponRefusal | null;
}

export interface LoadedCart {
  lines: CartLine[];
  coupon: CartCoupon | null;
}

export const lineTitle = (eventName: string, sectionTitle: string | null) =>
  sectionTitle ? `${eventName} — ${sectionTitle}` : eventName;

/** One ticket of a line, in cents: 0 for a free section. */
const linePrice = sql<number>`case when ${eventSections.isFree} then 0 else ${eventTicketTypes.priceCents} end`;
/** Seats left for a line: a section line is limited by its section and by its grouping (least() skips an unlimited null). */
const lineRemaining = sql<number | null>`case when ${cartItems.sectionId} is null
  then ${events.maxTickets} - ${events.ticketsTaken}
  else least(${eventSections.maxTickets} - ${eventSections.ticketsTaken}, ${eventGroupings.maxTickets} - ${eventGroupings.ticketsTaken}) end`;
const lineEventHasSections = sql<boolean>`exists (select 1 from event_sections s where s.event_id = ${cartItems.eventId})`;

const lineColumns = {
  id: cartItems.id,
  eventId: cartItems.eventId,
  sectionId: cartItems.sectionId,
  ticketTypeId: eventTicketTypes.id,
  ticketTypeName: eventTicketTypes.name,
  eventName: events.name,
  sectionTitle: eventSections.title,
  groupingId: eventGroupings.id,
  groupingName: eventGroupings.name,
  numberOfTickets: cartItems.numberOfTickets,
  price: linePrice,
  remaining: lineRemaining,
  published: events.published,
  acceptsApplications: events.acceptsApplications,
  startDate: events.startDate,
  daysBeforePurchaseClose: events.daysBeforePurchaseClose,
  hasSections: lineEventHasSections,
  ticketTypeEventId: eventTicketTypes.eventId,
  sectionEventId: eventSections.eventId,
};

const couponColumns = {
  id: coupons.id,
  code: coupons.code,
  type: coupons.type,
  discountAmount: coupons.discountAmount,
  discountPercentage: coupons.discountPercentage,
  active: coupons.active,
  validFrom: coupons.validFrom,
  validUntil: coupons.validUntil,
  maxUses: coupons.maxUses,
  timesUsed: coupons.timesUsed,
  eventId: coupons.eventId,
};

/** The cart's lines with their event, ticket type, section and grouping (one query). */
const linesOf = (db: Executor, userId: string) =>
  db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(events, eq(events.id, cartItems.eventId))
    .innerJoin(eventTicketTypes, eq(eventTicketTypes.id, cartItems.ticketTypeId))
    .leftJoin(eventSections, eq(eventSections.id, cartItems.sectionId))
    .leftJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));

/** The cart's coupon, when one is applied. */
const couponOf = (db: Executor, userId: string) =>
  db
    .select(couponColumns)
    .from(carts)
    .innerJoin(coupons, eq(coupons.id, carts.couponId))
    .where(eq(carts.userId, userId));

type LineRow = Awaited<ReturnType<typeof linesOf>>[number];
type CouponRow = Awaited<ReturnType<typeof couponOf>>[number];

function toLine(row: LineRow, today: string): CartLine {
  return {
    id: row.id,
    eventId: row.eventId,
    sectionId: row.sectionId,
    ticketTypeId: row.ticketTypeId,
    ticketTypeName: row.ticketTypeName,
    title: lineTitle(row.eventName, row.sectionTitle),
    numberOfTickets: row.numberOfTickets,
    price: Number(row.price),
    remaining: row.remaining === null ? null : Math.max(Number(row.remaining), 0),
    refusal: lineRefusal(
      {
        event: {
          published: row.published,
          acceptsApplications: row.acceptsApplications,
          startDate: row.startDate,
          daysBeforePurchaseClose: row.daysBeforePurchaseClose,
          hasSections: row.hasSections,
        },
        ticketTypeOfEvent: row.ticketTypeEventId === row.eventId,
        section: row.sectionId === null ? 'none' : row.sectionEventId === row.eventId ? 'ofEvent' : 'notOfEvent',
      },
      today,
    ),
    ...(row.groupingId !== null && row.groupingName !== null
      ? { grouping: { id: row.groupingId, title: `${row.eventName} — ${row.groupingName}` } }
      : {}),
  };
}

function toCoupon(row: CouponRow, now: Date, lines: readonly CartLine[]): CartCoupon {
  return {
    id: row.id,
    code: row.code,
    type: row.type,
    discountAmount: row.discountAmount,
    discountPercentage: row.discountPercentage,
    refusal: couponRefusal(
      row,
      now,
      lines.map((line) => line.eventId),
    ),
  };
}

/** Reads the cart of `userId`: one query for the lines, one for the coupon; totals from @portal/domain/commerce/pricing. */
export async function loadCart(db: Database, userId: string, now: Date, today: string): Promise<LoadedCart> {
  const [rows, [couponRow]] = await Promise.all([
    linesOf(db, userId).prepare('cart_lines').execute(),
    couponOf(db, userId).prepare('cart_coupon').execute(),
  ]);
  const lines = rows.map((row) => toLine(row, today));
  return { lines, coupon: couponRow ? toCoupon(couponRow, now, lines) : null };
}

export interface CheckoutCart extends LoadedCart {
  /** The organizations the buyer manages (memberships.managedOrganizationIds); read only with lines. */
  managedOrganizationIds: string[];
}

const userId = sql.placeholder('userId');

/**
 * The checkout's read of the cart, built once (db/prepared.ts): the lines locked (FOR UPDATE OF
 * cart_items only, never the capacity rows, so two checkouts of one cart run one after the other),
 * with the coupon and the organizations the buyer manages on every line's row.
 */
const checkoutCartStatement = staticStatement(
  'checkout_cart',
  sql`select ${cartItems.id} as "id", ${cartItems.eventId} as "eventId", ${cartItems.sectionId} as "sectionId",
      ${eventTicketTypes.id} as "ticketTypeId", ${eventTicketTypes.name} as "ticketTypeName", ${events.name} as "eventName",
      ${eventSections.title} as "sectionTitle", ${eventGroupings.id} as "groupingId", ${eventGroupings.name} as "groupingName",
      ${cartItems.numberOfTickets} as "numberOfTickets", ${linePrice} as "price", ${lineRemaining} as "remaining",
      ${events.published} as "published", ${events.acceptsApplications} as "acceptsApplications", ${events.startDate} as "startDate",
      ${events.daysBeforePurchaseClose} as "daysBeforePurchaseClose", ${lineEventHasSections} as "hasSections",
      ${eventTicketTypes.eventId} as "ticketTypeEventId", ${eventSections.eventId} as "sectionEventId",
      ${coupons.id} as "couponId", ${coupons.code} as "couponCode", ${coupons.type} as "couponType",
      ${coupons.discountAmount} as "couponDiscountAmount", ${coupons.discountPercentage} as "couponDiscountPercentage",
      ${coupons.active} as "couponActive", ${coupons.validFrom} as "couponValidFrom", ${coupons.validUntil} as "couponValidUntil",
      ${coupons.maxUses} as "couponMaxUses", ${coupons.timesUsed} as "couponTimesUsed", ${coupons.eventId} as "couponEventId",
      ${managedOrganizationIdsArray(userId)} as "managed"
    from ${cartItems}
    inner join ${events} on ${events.id} = ${cartItems.eventId}
    inner join ${eventTicketTypes} on ${eventTicketTypes.id} = ${cartItems.ticketTypeId}
    left join ${eventSections} on ${eventSections.id} = ${cartItems.sectionId}
    left join ${eventGroupings} on ${eventGroupings.id} = ${eventSections.groupingId}
    left join ${carts} on ${carts.userId} = ${cartItems.userId}
    left join ${coupons} on ${coupons.id} = ${carts.couponId}
    where ${cartItems.userId} = ${userId}
    order by ${cartItems.createdAt}, ${cartItems.id}
    for update of ${cartItems}`,
);

interface CheckoutCartRow extends LineRow {
  couponId: string | null;
  couponCode: string;
  couponType: CouponRow['type'];
  couponDiscountAmount: number | null;
  couponDiscountPercentage: number | null;
  couponActive: boolean;
  couponValidFrom: string | null;
  couponValidUntil: string | null;
  couponMaxUses: number | null;
  couponTimesUsed: number;
  couponEventId: string | null;
  managed: string[];
}

const timestampOf = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The cart as the checkout reads it, in one statement inside its transaction (checkoutCartStatement).
 * An empty cart answers no lines, no coupon and no organizations: the checkout refuses it.
 */
export async function loadCheckoutCart(tx: Executor, buyerId: string, now: Date, today: string): Promise<CheckoutCart> {
  const rows = await executeStatic<CheckoutCartRow>(tx, checkoutCartStatement, { userId: buyerId });
  const lines = rows.map((row) => toLine(row, today));
  const [first] = rows;
  const coupon =
    first && first.couponId !== null
      ? toCoupon(
          {
            id: first.couponId,
            code: first.couponCode,
            type: first.couponType,
            discountAmount: first.couponDiscountAmount,
            discountPercentage: first.couponDiscountPercentage,
            active: first.couponActive,
            validFrom: timestampOf(first.couponValidFrom),
            validUntil: timestampOf(first.couponValidUntil),
            maxUses: first.couponMaxUses,
            timesUsed: first.couponTimesUsed,
            eventId: first.couponEventId,
          },
          now,
          lines,
        )
      : null;
  return { lines, coupon, managedOrganizationIds: first?.managed ?? [] };
}

/** The coupon that prices the cart: the applied one, unless it no longer applies (then the cart is priced without it). */
export const applicableCoupon = (cart: LoadedCart): CartCoupon | null =>
  cart.coupon && cart.coupon.refusal === null ? cart.coupon : null;

export function presentCart(cart: LoadedCart): CartReply {
  const coupon = applicableCoupon(cart);
  const totals = orderTotals(cart.lines, coupon);
  return {
    items: cart.lines.map((line) => ({
      id: line.id,
      eventId: line.eventId,
      sectionId: line.sectionId,
      title: line.title,
      numberOfTickets: line.numberOfTickets,
      ticketType: { id: line.ticketTypeId, name: line.ticketTypeName, price: line.price },
      subtotal: lineSubtotal(line),
      remaining: line.remaining,
      display: line.refusal === null,
      unavailableReason: line.refusal && purchaseRefusals[line.refusal],
    })),
    couponUse: coupon
      ? {
          coupon: {
            code: coupon.code,
            type: coupon.type,
            discountAmount: coupon.discountAmount,
            discountPercentage: coupon.discountPercentage,
          },
        }
      : null,
    ...totals,
  };
}

/** The cart_items_one_line unique index: one line per ticket type and section. */
const sameLine = sql.raw(
  `(user_id, ticket_type_id, coalesce(section_id, '00000000-0000-0000-0000-000000000000'::uuid))`,
);

/** Adds tickets to the cart: the same ticket type and section again raise the line, up to the limit. */
export async function addToCart(
  db: Executor,
  line: { userId: string; eventId: string; sectionId: string | null; ticketTypeId: string; numberOfTickets: number },
): Promise<void> {
  await db.execute(sql`
    insert into cart_items (user_id, event_id, section_id, ticket_type_id, number_of_tickets)
    values (${line.userId}, ${line.eventId}, ${line.sectionId}, ${line.ticketTypeId}, ${line.numberOfTickets})
    on conflict ${sameLine}
    do update set number_of_tickets = least(cart_items.number_of_tickets + excluded.number_of_tickets, ${maxTicketsPerLine})`);
}

/**
 * Puts a payment's tickets (and its coupon, when the cart has none) back into the buyer's cart, as
 * when a card is declined or the provider could not be reached: the member can try again. An event
 * application's payment never came from the cart: the applicant pays again from the application.
 */
export async function restoreCart(
  db: Executor,
  paymentId: string,
  userId: string,
  couponId: string | null,
): Promise<void> {
  const [payment] = await db
    .select({ applicationId: eventPayments.applicationId })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId));
  if (!payment || payment.applicationId !== null) return;
  await db.execute(sql`
    insert into cart_items (user_id, event_id, section_id, ticket_type_id, number_of_tickets)
    select ${userId}, i.event_id, i.section_id, i.ticket_type_id, least(i.number_of_tickets, ${maxTicketsPerLine})
    from event_payment_items i where i.payment_id = ${paymentId}
    on conflict ${sameLine}
    do update set number_of_tickets = least(cart_items.number_of_tickets + excluded.number_of_tickets, ${maxTicketsPerLine})`);
  if (couponId) {
    await db
      .insert(carts)
      .values({ userId, couponId })
      .onConflictDoUpdate({
        target: carts.userId,
        set: { couponId: sql`coalesce(${carts.couponId}, excluded.coupon_id)` },
      });
  }
}
