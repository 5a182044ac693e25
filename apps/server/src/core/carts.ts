import { eq, sql } from 'drizzle-orm';
import { couponRefusal, maxTicketsPerLine, type CartReply, type CouponRefusal } from '@portal/domain/commerce/cart.ts';
import { cancellationPolicyText } from '@portal/domain/commerce/refunds.ts';
import type { Coupon } from '@portal/domain/commerce/pricing.ts';
import { lineSubtotal, orderTotals } from '@portal/domain/commerce/pricing.ts';
import { lineRefusal, purchaseRefusals, type PurchaseRefusal } from '@portal/domain/events/catalogue.ts';
import type { Database, Executor } from '../db/client.ts';
import { executeStatic, staticStatement } from '../db/prepared.ts';
import { managedOrganizationIdsArray } from './memberships.ts';
import { cartQuoteHoldsSeats } from './quotes.ts';
import { policyOfEvent, type EventPolicyRow } from './cancellation-policy.ts';
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
 * A member's cart as the cart screen and the checkout both read it: one statement for the lines with
 * their event, section and ticket type and the coupon; totals from @portal/domain/commerce/pricing.
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
  /** The event's cancellation policy in words (refunds.ts cancellationPolicyText), as the cart and checkout show it. */
  cancellationPolicy: string;
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

/** A line's row as the cart statements answer it (their column aliases). */
interface LineRow {
  id: string;
  eventId: string;
  sectionId: string | null;
  ticketTypeId: string;
  ticketTypeName: string;
  eventName: string;
  sectionTitle: string | null;
  groupingId: string | null;
  groupingName: string | null;
  numberOfTickets: number;
  price: number;
  remaining: number | null;
  published: boolean;
  acceptsApplications: boolean;
  startDate: string;
  daysBeforePurchaseClose: number;
  hasSections: boolean;
  ticketTypeEventId: string;
  sectionEventId: string | null;
  cancelDaysBefore: EventPolicyRow['cancelDaysBefore'];
  feeType: EventPolicyRow['feeType'];
  feeValue: EventPolicyRow['feeValue'];
  purchaseOrderRefund: EventPolicyRow['purchaseOrderRefund'];
}

type CouponRow = Pick<
  typeof coupons.$inferSelect,
  | 'id'
  | 'code'
  | 'type'
  | 'discountAmount'
  | 'discountPercentage'
  | 'active'
  | 'validFrom'
  | 'validUntil'
  | 'maxUses'
  | 'timesUsed'
  | 'eventId'
>;

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
    cancellationPolicy: cancellationPolicyText(policyOfEvent(row)),
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

const userId = sql.placeholder('userId');

/** The cart's coupon columns, named as CouponRowColumns reads them, for the statements that read it with the lines. */
const couponSelection = sql`${coupons.id} as "couponId", ${coupons.code} as "couponCode", ${coupons.type} as "couponType",
      ${coupons.discountAmount} as "couponDiscountAmount", ${coupons.discountPercentage} as "couponDiscountPercentage",
      ${coupons.active} as "couponActive", ${coupons.validFrom} as "couponValidFrom", ${coupons.validUntil} as "couponValidUntil",
      ${coupons.maxUses} as "couponMaxUses", ${coupons.timesUsed} as "couponTimesUsed", ${coupons.eventId} as "couponEventId"`;

const lineSelection = sql`${cartItems.id} as "id", ${cartItems.eventId} as "eventId", ${cartItems.sectionId} as "sectionId",
      ${eventTicketTypes.id} as "ticketTypeId", ${eventTicketTypes.name} as "ticketTypeName", ${events.name} as "eventName",
      ${eventSections.title} as "sectionTitle", ${eventGroupings.id} as "groupingId", ${eventGroupings.name} as "groupingName",
      ${cartItems.numberOfTickets} as "numberOfTickets", ${linePrice} as "price", ${lineRemaining} as "remaining",
      ${events.published} as "published", ${events.acceptsApplications} as "acceptsApplications", ${events.startDate} as "startDate",
      ${events.daysBeforePurchaseClose} as "daysBeforePurchaseClose", ${lineEventHasSections} as "hasSections",
      ${eventTicketTypes.eventId} as "ticketTypeEventId", ${eventSections.eventId} as "sectionEventId",
      ${events.cancelDaysBefore} as "cancelDaysBefore", ${events.cancellationFeeType} as "feeType",
      ${events.cancellationFeeValue} as "feeValue", ${events.purchaseOrderRefund} as "purchaseOrderRefund"`;

/**
 * The cart screen's read, built once (db/prepared.ts): the lines with their event, ticket type, section and
 * grouping, and the coupon on every row. It starts from the buyer, so a cart with a coupon and no line still
 * answers one row (its line columns null) and the coupon is shown.
 */
const cartStatement = staticStatement(
  'cart_read',
  sql`select ${lineSelection}, ${couponSelection}
    from (select ${userId}::uuid as user_id) buyer
    left join ${cartItems} on ${cartItems.userId} = buyer.user_id
    left join ${events} on ${events.id} = ${cartItems.eventId}
    left join ${eventTicketTypes} on ${eventTicketTypes.id} = ${cartItems.ticketTypeId}
    left join ${eventSections} on ${eventSections.id} = ${cartItems.sectionId}
    left join ${eventGroupings} on ${eventGroupings.id} = ${eventSections.groupingId}
    left join ${carts} on ${carts.userId} = buyer.user_id
    left join ${coupons} on ${coupons.id} = ${carts.couponId}
    order by ${cartItems.createdAt}, ${cartItems.id}`,
);

/** The coupon of a cart row that names one (the statements above carry it on every row). */
const couponOfRow = (row: CouponRowColumns, now: Date, lines: readonly CartLine[]): CartCoupon | null =>
  row.couponId === null
    ? null
    : toCoupon(
        {
          id: row.couponId,
          code: row.couponCode,
          type: row.couponType,
          discountAmount: row.couponDiscountAmount,
          discountPercentage: row.couponDiscountPercentage,
          active: row.couponActive,
          validFrom: timestampOf(row.couponValidFrom),
          validUntil: timestampOf(row.couponValidUntil),
          maxUses: row.couponMaxUses,
          timesUsed: row.couponTimesUsed,
          eventId: row.couponEventId,
        },
        now,
        lines,
      );

/** Reads the cart of `userId` in one statement (cartStatement); totals from @portal/domain/commerce/pricing. */
export async function loadCart(db: Database, buyerId: string, now: Date, today: string): Promise<LoadedCart> {
  const rows = await executeStatic<CouponRowColumns & (LineRow | { [K in keyof LineRow]: null })>(db, cartStatement, {
    userId: buyerId,
  });
  const lines = rows.flatMap((row) => (row.id === null ? [] : [toLine(row, today)]));
  const [first] = rows;
  return { lines, coupon: first ? couponOfRow(first, now, lines) : null };
}

const timestampOf = (value: string | null) => (value === null ? null : new Date(value));

export interface CheckoutCart extends LoadedCart {
  /** The organizations the buyer manages (memberships.managedOrganizationIds); read only with lines. */
  managedOrganizationIds: string[];
  /** Whether a quote of the buyer's cart holds seats (core/quotes.ts releaseCartQuoteHolds); read only with lines. */
  quoteHoldsSeats: boolean;
}

/**
 * The checkout's read of the cart, built once (db/prepared.ts): the lines locked (FOR UPDATE OF
 * cart_items only, never the capacity rows, so two checkouts of one cart run one after the other),
 * with the coupon, the organizations the buyer manages and whether a quote of the cart holds seats on
 * every line's row. Most buyers have no such quote: asked here, its release costs them no statement.
 */
const checkoutCartStatement = staticStatement(
  'checkout_cart',
  sql`select ${lineSelection}, ${couponSelection}, ${managedOrganizationIdsArray(userId)} as "managed",
      ${cartQuoteHoldsSeats(userId)} as "quoteHoldsSeats"
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

/** A cart row's coupon, as the cart statements name its columns (each null when the cart has none). */
interface CouponRowColumns {
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
}

interface CheckoutCartRow extends LineRow, CouponRowColumns {
  managed: string[];
  quoteHoldsSeats: boolean;
}

/**
 * The cart as the checkout reads it, in one statement inside its transaction (checkoutCartStatement).
 * An empty cart answers no lines, no coupon and no organizations: the checkout refuses it.
 */
export async function loadCheckoutCart(tx: Executor, buyerId: string, now: Date, today: string): Promise<CheckoutCart> {
  const rows = await executeStatic<CheckoutCartRow>(tx, checkoutCartStatement, { userId: buyerId });
  const lines = rows.map((row) => toLine(row, today));
  const [first] = rows;
  const coupon = first ? couponOfRow(first, now, lines) : null;
  return {
    lines,
    coupon,
    managedOrganizationIds: first?.managed ?? [],
    quoteHoldsSeats: first?.quoteHoldsSeats ?? false,
  };
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
      cancellationPolicy: line.cancellationPolicy,
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

/** Adding to the cart, built once (db/prepared.ts): every purchase through the cart screen runs it. */
const addToCartStatement = staticStatement(
  'cart_add',
  sql`insert into cart_items (user_id, event_id, section_id, ticket_type_id, number_of_tickets)
    values (${sql.placeholder('userId')}::uuid, ${sql.placeholder('eventId')}::uuid, ${sql.placeholder('sectionId')}::uuid,
      ${sql.placeholder('ticketTypeId')}::uuid, ${sql.placeholder('numberOfTickets')}::int)
    on conflict ${sameLine}
    do update set number_of_tickets = least(cart_items.number_of_tickets + excluded.number_of_tickets, ${maxTicketsPerLine})`,
);

/** Adds tickets to the cart: the same ticket type and section again raise the line, up to the limit. */
export async function addToCart(
  db: Executor,
  line: { userId: string; eventId: string; sectionId: string | null; ticketTypeId: string; numberOfTickets: number },
): Promise<void> {
  await executeStatic(db, addToCartStatement, line);
}

/** Takes every line out of the buyer's cart (its coupon stays): what was in it was bought another way. */
export async function emptyCartLines(tx: Executor, buyerId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, buyerId));
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
