import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executePrepared } from '../../db/prepared.ts';
import { cartItems, carts, eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import type { AuditEntry } from '../../platform/audit.ts';

export type NewEventPayment = typeof eventPayments.$inferInsert;
export type NewEventPaymentItem = Omit<typeof eventPaymentItems.$inferInsert, 'paymentId'>;

const paymentColumns = {
  id: eventPayments.id,
  status: eventPayments.status,
  method: eventPayments.method,
  provider: eventPayments.provider,
  checkoutUrl: eventPayments.checkoutUrl,
  totalCents: eventPayments.totalCents,
  holdExpiresAt: eventPayments.holdExpiresAt,
};
export type CheckedOutPayment = { [K in keyof typeof paymentColumns]: (typeof eventPayments.$inferSelect)[K] };

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<CheckedOutPayment | undefined> {
  const [payment] = await db
    .select(paymentColumns)
    .from(eventPayments)
    .where(and(eq(eventPayments.userId, userId), eq(eventPayments.idempotencyKey, key)))
    .prepare('checkout_by_idempotency_key')
    .execute();
  return payment;
}

export interface CheckoutWrite {
  payment: Omit<NewEventPayment, 'id' | 'seatsHeld'>;
  items: readonly NewEventPaymentItem[];
  /** The audit entry of the checkout; its subject is the new payment. */
  audit: Omit<AuditEntry, 'subjectId'>;
}

const timestamp = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/**
 * Everything the checkout writes besides seats, in one statement: the payment holding its seats,
 * its items, the emptied cart (lines and coupon) and the audit row. The checkout runs it before it
 * takes any seat, so the capacity rows stay locked only for their own updates and the commit. A
 * replayed Idempotency-Key fails here, on the event_payments_idempotency unique index.
 */
export async function writeCheckout(tx: Executor, write: CheckoutWrite): Promise<CheckedOutPayment> {
  const { payment, items, audit } = write;
  const itemRows = items.map((item) => ({
    event_id: item.eventId,
    section_id: item.sectionId ?? null,
    ticket_type_id: item.ticketTypeId,
    title: item.title,
    number_of_tickets: item.numberOfTickets,
    price_cents: item.priceCents,
  }));
  const [row] = await executePrepared<Record<string, unknown>>(tx, 'checkout_write', sql`
    with payment as (
      insert into ${eventPayments} (user_id, organization_id, status, method, provider, subtotal_cents, discount_cents, total_cents,
        coupon_id, seats_held, hold_expires_at, paid_at, idempotency_key, application_id)
      values (${payment.userId}, ${payment.organizationId ?? null}, ${payment.status}, ${payment.method}, ${payment.provider ?? null},
        ${payment.subtotalCents}, ${payment.discountCents ?? 0}, ${payment.totalCents}, ${payment.couponId ?? null}, true,
        ${timestamp(payment.holdExpiresAt)}::timestamptz, ${timestamp(payment.paidAt)}::timestamptz, ${payment.idempotencyKey ?? null},
        ${payment.applicationId ?? null})
      returning id, status, method, provider, checkout_url, total_cents, hold_expires_at
    ), items as (
      insert into ${eventPaymentItems} (payment_id, event_id, section_id, ticket_type_id, title, number_of_tickets, price_cents)
      select payment.id, item.event_id, item.section_id, item.ticket_type_id, item.title, item.number_of_tickets, item.price_cents
      from payment, json_to_recordset(${JSON.stringify(itemRows)}::json)
        as item(event_id uuid, section_id uuid, ticket_type_id uuid, title text, number_of_tickets integer, price_cents integer)
    ), emptied as (
      delete from ${cartItems} where user_id = ${payment.userId}
    ), uncouponed as (
      update ${carts} set coupon_id = null where user_id = ${payment.userId}
    ), audited as (
      insert into ${auditLog} (actor_id, impersonator_id, action, subject_type, subject_id, data)
      select ${audit.actorId}::uuid, ${audit.impersonatorId ?? null}::uuid, ${audit.action}, ${audit.subjectType}, payment.id::text,
        ${JSON.stringify(audit.data ?? {})}::jsonb
      from payment
    )
    select id, status, method, provider, checkout_url, total_cents, hold_expires_at from payment`);
  if (!row) throw new Error('event payment was not written');
  return {
    id: row.id as string,
    status: row.status as CheckedOutPayment['status'],
    method: row.method as CheckedOutPayment['method'],
    provider: row.provider as CheckedOutPayment['provider'],
    checkoutUrl: row.checkout_url as string | null,
    totalCents: Number(row.total_cents),
    holdExpiresAt: row.hold_expires_at === null ? null : new Date(row.hold_expires_at as string | Date),
  };
}

/** Takes a coupon that can no longer be used off the buyer's cart (unless another was applied meanwhile). */
export async function dropCartCoupon(db: Executor, userId: string, couponId: string): Promise<void> {
  await db
    .update(carts)
    .set({ couponId: null })
    .where(and(eq(carts.userId, userId), eq(carts.couponId, couponId)));
}
