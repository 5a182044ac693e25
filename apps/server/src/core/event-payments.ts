import { and, asc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import type { Database, Executor } from '../db/client.ts';
import { executeStatic, isoTimestamp, staticStatement } from '../db/prepared.ts';
import { coupons, eventPaymentItems, eventPayments, events, purchaseOrders } from '../db/schema/commerce.ts';
import { organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { legacyEventApplications } from '../db/schema/applications.ts';
import { eventPaymentReceipts } from '../db/schema/receipts.ts';
import { eventRegistrationPayments } from '../db/schema/registration-requests.ts';
import { actorOf, audit } from '../platform/audit.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import { releasePayment, type ReleaseResult } from './capacity.ts';

/**
 * The event_payments table's shared lookups and writes: who may see a payment and how it is read,
 * a payment by its Idempotency-Key, and opening one with its items. The seats and the coupon use a
 * payment holds are capacity's (core/capacity.ts); the checkout's one-statement write is its own.
 */

export const openedPaymentColumns = {
  id: eventPayments.id,
  status: eventPayments.status,
  method: eventPayments.method,
  provider: eventPayments.provider,
  checkoutUrl: eventPayments.checkoutUrl,
  totalCents: eventPayments.totalCents,
  holdExpiresAt: eventPayments.holdExpiresAt,
  couponId: eventPayments.couponId,
  applicationId: eventPayments.applicationId,
  legacyApplicationId: eventPayments.legacyApplicationId,
};
/** A payment as the paths that open one answer it (where the buyer goes next, what a card provider is sent). */
export type OpenedPayment = { [K in keyof typeof openedPaymentColumns]: (typeof eventPayments.$inferSelect)[K] };

/** A payment made with an Idempotency-Key: the fingerprint of the request that made it, and the registration request it pays. */
export interface PaymentWithKey extends OpenedPayment {
  idempotencyFingerprint: string | null;
  registrationRequestId: string | null;
}

/** The payment this buyer made with this Idempotency-Key (a cart's checkout, an application's or a request's pay). */
export async function findPaymentByIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<PaymentWithKey | undefined> {
  const [payment] = await db
    .select({
      ...openedPaymentColumns,
      idempotencyFingerprint: eventPayments.idempotencyFingerprint,
      registrationRequestId: eventRegistrationPayments.requestId,
    })
    .from(eventPayments)
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(and(eq(eventPayments.userId, userId), eq(eventPayments.idempotencyKey, key)))
    .prepare('payment_by_idempotency_key')
    .execute();
  return payment;
}

export type NewEventPayment = typeof eventPayments.$inferInsert;
export type NewEventPaymentItem = Omit<typeof eventPaymentItems.$inferInsert, 'paymentId'>;

/** Writes a payment and its items (none for a previous-system application's balance); its seats are the caller's to take. */
export async function insertEventPayment(
  tx: Executor,
  payment: NewEventPayment,
  items: readonly NewEventPaymentItem[],
): Promise<OpenedPayment> {
  const [created] = await tx.insert(eventPayments).values(payment).returning(openedPaymentColumns);
  if (!created) throw new Error('event payment was not written');
  if (items.length > 0)
    await tx.insert(eventPaymentItems).values(items.map((item) => ({ ...item, paymentId: created.id })));
  return created;
}

/**
 * A buyer's unpaid payment cancelled at their hand (capacity.releasePayment gives its seats and coupon
 * use back; a payment paid meanwhile stays PAID), audited as event-payment.cancel with what it was for.
 */
export async function cancelPayment(
  tx: Executor,
  auth: RequestAuth,
  payment: { id: string; status: string },
  now: Date,
  data: Record<string, unknown>,
): Promise<ReleaseResult> {
  const released = await releasePayment(tx, payment.id, 'CANCELLED', now);
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-payment.cancel',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { from: payment.status, ...data },
  });
  return released;
}

/**
 * The buyer's own payment, row-locked for the rest of the transaction, with what tells a cart's
 * checkout from an application's or a registration request's payment (the purchase-order page's
 * Cancel, an unfinished order's Discard and Pay now). Another member's: undefined.
 */
export async function lockOwnPayment(tx: Executor, paymentId: string, userId: string) {
  const [row] = await tx
    .select({
      status: eventPayments.status,
      method: eventPayments.method,
      couponId: eventPayments.couponId,
      totalCents: eventPayments.totalCents,
      applicationId: eventPayments.applicationId,
      legacyApplicationId: eventPayments.legacyApplicationId,
      forRegistration: sql<boolean>`exists (select 1 from ${eventRegistrationPayments} where ${eventRegistrationPayments.paymentId} = ${eventPayments.id})`,
    })
    .from(eventPayments)
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.userId, userId)))
    .for('update');
  return row;
}

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
