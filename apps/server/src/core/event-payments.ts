import { and, asc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import type { Database, Executor } from '../db/client.ts';
import { executeStatic, isoTimestamp, staticStatement } from '../db/prepared.ts';
import { coupons, eventPaymentItems, eventPayments, events, purchaseOrders } from '../db/schema/commerce.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { legacyEventApplications } from '../db/schema/applications.ts';
import { eventPaymentReceipts } from '../db/schema/receipts.ts';

/**
 * Who may see an event payment: its buyer, and the active OWNERs and ADMINs of the organization it
 * was bought for. Everyone else is told it does not exist.
 *
 * The managed organizations are collected into an array first: with `organization_id in (subquery)`
 * PostgreSQL cannot combine the OR's two sides as index scans and reads every payment, whereas
 * `= any(array(...))` is a value list it can feed to event_payments_organization next to
 * event_payments_user (a BitmapOr). `userId` may be a placeholder of a prepared query.
 */
export function paymentVisibleTo(userId: string | Placeholder): SQL {
  const managed = sql`select ${organizationMemberships.organizationId} from ${organizationMemberships}
    where ${organizationMemberships.userId} = ${userId} and ${organizationMemberships.archivedAt} is null
    and ${organizationMemberships.role} in ('OWNER', 'ADMIN')`;
  return (
    or(eq(eventPayments.userId, userId), sql`${eventPayments.organizationId} = any(array(${managed}))`) ?? sql`false`
  );
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

const purchaseOrdersOfPayments = staticStatement(
  'purchase_orders_of',
  sql`select ${purchaseOrders.paymentId} as "paymentId", ${purchaseOrders.id} as id, ${purchaseOrders.number} as number,
      ${purchaseOrders.status} as status, ${purchaseOrders.totalCents} as "totalCents",
      ${isoTimestamp(purchaseOrders.createdAt)} as "createdAt"
    from ${purchaseOrders}
    where ${purchaseOrders.paymentId} = any(${sql.placeholder('paymentIds')}::uuid[])
    order by ${purchaseOrders.createdAt} desc, ${purchaseOrders.id}`,
);

/** A purchase order of a payment as PostgreSQL answers it; built once, read raw (every payments page asks it). */
interface PaymentPurchaseOrderRow {
  paymentId: string;
  id: string;
  number: string;
  status: (typeof purchaseOrders.status.enumValues)[number];
  totalCents: number;
  /** ISO 8601, as the API answers it. */
  createdAt: string;
}

/** The purchase orders of some payments, newest first, in one query. */
export async function purchaseOrdersOf(
  db: Executor,
  paymentIds: readonly string[],
): Promise<PaymentPurchaseOrderRow[]> {
  if (paymentIds.length === 0) return [];
  return executeStatic<PaymentPurchaseOrderRow>(db, purchaseOrdersOfPayments, { paymentIds: [...paymentIds] });
}

/**
 * One event payment as GET /api/event-payments/:id answers it, when `viewerId` may see it
 * (paymentVisibleTo); with `buyerOnly`, only its buyer may.
 */
export async function readEventPayment(
  db: Database,
  paymentId: string,
  viewerId: string,
  buyerOnly = false,
): Promise<EventPaymentReply | undefined> {
  const [payment] = await db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      provider: eventPayments.provider,
      organizationId: eventPayments.organizationId,
      organizationName: organizations.name,
      subtotal: eventPayments.subtotalCents,
      discount: eventPayments.discountCents,
      total: eventPayments.totalCents,
      holdExpiresAt: eventPayments.holdExpiresAt,
      createdAt: eventPayments.createdAt,
      paidAt: eventPayments.paidAt,
      refundReason: eventPayments.refundReason,
      couponCode: coupons.code,
      couponType: coupons.type,
      couponDiscountAmount: coupons.discountAmount,
      couponDiscountPercentage: coupons.discountPercentage,
      legacyApplicationId: legacyEventApplications.id,
      legacyEventName: legacyEventApplications.eventName,
      receiptNumber: eventPaymentReceipts.number,
    })
    .from(eventPayments)
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .leftJoin(coupons, eq(coupons.id, eventPayments.couponId))
    .leftJoin(legacyEventApplications, eq(legacyEventApplications.id, eventPayments.legacyApplicationId))
    .leftJoin(eventPaymentReceipts, eq(eventPaymentReceipts.paymentId, eventPayments.id))
    .where(
      and(eq(eventPayments.id, paymentId), buyerOnly ? eq(eventPayments.userId, viewerId) : paymentVisibleTo(viewerId)),
    );
  if (!payment) return undefined;
  const [items, orders] = await Promise.all([
    db
      .select({
        id: eventPaymentItems.id,
        eventId: eventPaymentItems.eventId,
        sectionId: eventPaymentItems.sectionId,
        title: eventPaymentItems.title,
        numberOfTickets: eventPaymentItems.numberOfTickets,
        price: eventPaymentItems.priceCents,
        subtotal: sql<number>`(${eventPaymentItems.numberOfTickets} * ${eventPaymentItems.priceCents})::int`,
        eventName: events.name,
        startDate: events.startDate,
        endDate: events.endDate,
      })
      .from(eventPaymentItems)
      .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
      .where(eq(eventPaymentItems.paymentId, paymentId))
      .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id)),
    purchaseOrdersOf(db, [paymentId]),
  ]);
  return {
    id: payment.id,
    status: payment.status,
    method: payment.method,
    provider: payment.provider,
    organizationId: payment.organizationId,
    organizationName: payment.organizationName,
    items,
    legacyApplication:
      payment.legacyApplicationId && payment.legacyEventName
        ? { id: payment.legacyApplicationId, eventName: payment.legacyEventName }
        : null,
    couponUse:
      payment.couponCode && payment.couponType
        ? {
            coupon: {
              code: payment.couponCode,
              type: payment.couponType,
              discountAmount: payment.couponDiscountAmount,
              discountPercentage: payment.couponDiscountPercentage,
            },
          }
        : null,
    subtotal: payment.subtotal,
    discount: payment.discount,
    total: payment.total,
    purchaseOrders: orders.map(({ paymentId: _payment, ...order }) => order),
    refundReason: payment.refundReason,
    holdExpiresAt: iso(payment.holdExpiresAt),
    createdAt: payment.createdAt.toISOString(),
    paidAt: iso(payment.paidAt),
    receiptNumber: payment.receiptNumber,
  };
}
