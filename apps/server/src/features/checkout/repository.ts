import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeStatic, staticStatement, type StaticStatement } from '../../db/prepared.ts';
import type { ChainTaken, SeatChain } from '../../core/capacity.ts';
import { cartItems, carts, eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import type { AuditEntry } from '../../platform/audit.ts';
import type { NewEventPayment, NewEventPaymentItem, OpenedPayment } from '../../core/event-payments.ts';

/** A payment as the checkout writes and answers it. */
export type CheckedOutPayment = Pick<
  OpenedPayment,
  'id' | 'status' | 'method' | 'provider' | 'checkoutUrl' | 'totalCents' | 'holdExpiresAt'
>;

export interface CheckoutWrite {
  /** The payment; its id chosen by the caller (the provider's page may name it before it is written). */
  payment: Omit<NewEventPayment, 'seatsHeld' | 'applicationId'> & { id: string };
  items: readonly NewEventPaymentItem[];
  /** The audit entry of the checkout; its subject is the new payment. */
  audit: Omit<AuditEntry, 'subjectId'>;
}

const timestamp = (date: Date | null | undefined) => (date ? date.toISOString() : null);
const input = (name: string) => sql.placeholder(name);

/**
 * Everything the checkout writes, in one statement built once per kind of seats (db/prepared.ts): the
 * payment holding its seats (with the provider's page when it is known before), its items, the
 * emptied cart (lines and coupon), the audit row and, when the seats are a capacity.SeatChain, the seats.
 */
const checkoutWrites = new Map<string, StaticStatement>();

function checkoutWrite(seats: SeatChain | null): StaticStatement {
  const name = seats ? `checkout_write_${seats.name}` : 'checkout_write';
  const built = checkoutWrites.get(name);
  if (built) return built;
  const statement = staticStatement(name, writeSql(seats));
  checkoutWrites.set(name, statement);
  return statement;
}

const writeSql = (seats: SeatChain | null) =>
  sql`with payment as (
      insert into ${eventPayments} (id, user_id, organization_id, status, method, provider, checkout_url, provider_reference,
        subtotal_cents, discount_cents, total_cents, coupon_id, seats_held, hold_expires_at, paid_at, idempotency_key,
        idempotency_fingerprint, application_id)
      values (${input('id')}, ${input('userId')}, ${input('organizationId')}, ${input('status')}, ${input('method')}, ${input('provider')},
        ${input('checkoutUrl')}, ${input('providerReference')}, ${input('subtotalCents')}, ${input('discountCents')}, ${input('totalCents')},
        ${input('couponId')}, true, ${input('holdExpiresAt')}::timestamptz, ${input('paidAt')}::timestamptz, ${input('idempotencyKey')},
        ${input('idempotencyFingerprint')}, null)
      returning id, status, method, provider, checkout_url, total_cents, hold_expires_at
    ), items as (
      insert into ${eventPaymentItems} (payment_id, event_id, section_id, ticket_type_id, title, number_of_tickets, price_cents)
      select payment.id, item.event_id, item.section_id, item.ticket_type_id, item.title, item.number_of_tickets, item.price_cents
      from payment, json_to_recordset(${input('items')}::json)
        as item(event_id uuid, section_id uuid, ticket_type_id uuid, title text, number_of_tickets integer, price_cents integer)
    ), emptied as (
      delete from ${cartItems} where user_id = ${input('userId')}
    ), uncouponed as (
      update ${carts} set coupon_id = null where user_id = ${input('userId')}
    ), audited as (
      insert into ${auditLog} (actor_id, impersonator_id, action, subject_type, subject_id, data)
      select ${input('actorId')}::uuid, ${input('impersonatorId')}::uuid, ${input('action')}, ${input('subjectType')}, payment.id::text,
        ${input('auditData')}::jsonb
      from payment
    )${seats ? sql`, ${seats.steps}` : sql``}
    select id, status, method, provider, checkout_url, total_cents, hold_expires_at${seats ? sql`, ${seats.counts}` : sql``}
    from payment`;

interface WrittenPayment extends ChainTaken {
  id: string;
  status: CheckedOutPayment['status'];
  method: CheckedOutPayment['method'];
  provider: CheckedOutPayment['provider'];
  checkout_url: string | null;
  total_cents: number;
  hold_expires_at: string | null;
}

/**
 * The checkout's writes (checkoutWrite), with `seats` taken in the same statement (or, when null, none: the
 * checkout takes them in a statement after it). Either way the capacity rows stay locked only for their own
 * updates and the commit. A replayed Idempotency-Key fails here, on the event_payments_idempotency unique index.
 * Answers the payment, and the statement's row to say which of the seats' buckets were taken.
 */
export async function writeCheckout(
  tx: Executor,
  write: CheckoutWrite,
  seats: SeatChain | null,
): Promise<{ payment: CheckedOutPayment; taken: ChainTaken }> {
  const { payment, items, audit } = write;
  const [row] = await executeStatic<WrittenPayment>(tx, checkoutWrite(seats), {
    ...seats?.values,
    id: payment.id,
    userId: payment.userId,
    organizationId: payment.organizationId ?? null,
    status: payment.status,
    method: payment.method,
    provider: payment.provider ?? null,
    checkoutUrl: payment.checkoutUrl ?? null,
    providerReference: payment.providerReference ?? null,
    subtotalCents: payment.subtotalCents,
    discountCents: payment.discountCents ?? 0,
    totalCents: payment.totalCents,
    couponId: payment.couponId ?? null,
    holdExpiresAt: timestamp(payment.holdExpiresAt),
    paidAt: timestamp(payment.paidAt),
    idempotencyKey: payment.idempotencyKey ?? null,
    idempotencyFingerprint: payment.idempotencyFingerprint ?? null,
    items: JSON.stringify(
      items.map((item) => ({
        event_id: item.eventId,
        section_id: item.sectionId ?? null,
        ticket_type_id: item.ticketTypeId,
        title: item.title,
        number_of_tickets: item.numberOfTickets,
        price_cents: item.priceCents,
      })),
    ),
    actorId: audit.actorId,
    impersonatorId: audit.impersonatorId ?? null,
    action: audit.action,
    subjectType: audit.subjectType,
    auditData: JSON.stringify(audit.data ?? {}),
  });
  if (!row) throw new Error('event payment was not written');
  return {
    payment: {
      id: row.id,
      status: row.status,
      method: row.method,
      provider: row.provider,
      checkoutUrl: row.checkout_url,
      totalCents: row.total_cents,
      holdExpiresAt: row.hold_expires_at === null ? null : new Date(row.hold_expires_at),
    },
    taken: row,
  };
}

/** Takes a coupon that can no longer be used off the buyer's cart (unless another was applied meanwhile). */
export async function dropCartCoupon(db: Executor, userId: string, couponId: string): Promise<void> {
  await db
    .update(carts)
    .set({ couponId: null })
    .where(and(eq(carts.userId, userId), eq(carts.couponId, couponId)));
}
