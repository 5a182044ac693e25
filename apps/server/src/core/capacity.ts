import { and, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { EventPaymentStatus, PaymentProviderName, RefundReason } from '@portal/domain/commerce/enums.ts';
import { couponRefusals } from '@portal/domain/commerce/cart.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
import { offerExpiresAt, shareFreedSeats, waitingListMessages } from '@portal/domain/events/waiting-lists.ts';
import type { Database, Executor } from '../db/client.ts';
import { executePrepared, executeStatic, staticStatement, type StaticStatement } from '../db/prepared.ts';
import {
  coupons,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
} from '../db/schema/commerce.ts';
import { auditLog } from '../db/schema/platform.ts';
import { quotes } from '../db/schema/quotes.ts';
import { eventRegistrationPayments } from '../db/schema/registration-requests.ts';
import type { AuditEntry } from '../platform/audit.ts';
import { conflict, HttpProblem, notFound } from '../platform/errors.ts';
import { enqueueJob } from '../platform/jobs.ts';
import { holdReleasedMailJob } from './hold-notices.ts';
import { issueReceipt, type CardOnReceipt } from './receipts.ts';
import { emitPaidEventTo, emitPaymentEvent, endpointIdsTaking, type PaymentEventRow } from './webhooks.ts';
import {
  addHeldSeats,
  countActiveEntries,
  dueOffers,
  endEntry,
  findEntry,
  listsWithActiveEntries,
  lockActiveEntries,
  type WaitingListKey,
} from './waiting-lists.ts';

/**
 * Seats and coupon uses as counters beside their limits (pretix's per-quota model). A conference-day
 * line counts against its section and its section's grouping (events.md §5: groups checked against
 * maxTickets), any other line against its event. Taking is one conditional UPDATE per bucket, buckets
 * in one global order (events, then sections, then groupings, each by id), so concurrent checkouts
 * queue on the rows they share and never deadlock; releasing subtracts the same amounts, exactly once
 * per payment, guarded by a conditional update of event_payments.seats_held. A CHECK constraint on
 * each counter is the backstop. Lock order everywhere: the payment row, then event buckets, then
 * section buckets, then grouping buckets (the staff editor locks sections before deleting their
 * grouping), then the coupon.
 */

export interface SeatRequest {
  eventId: string;
  sectionId: string | null;
  numberOfTickets: number;
  /** Named in the sold-out message. */
  title: string;
  /**
   * The section's grouping, when the caller has already read it (the checkout reads it with the
   * cart): then takeSeats does not look it up. Left out, it is read before any bucket is taken.
   */
  grouping?: { id: string; title: string };
}

type BucketKind = 'event' | 'section' | 'grouping';
const bucketTables = { event: events, section: eventSections, grouping: eventGroupings } as const;
const bucketRank: Record<BucketKind, number> = { event: 0, section: 1, grouping: 2 };

interface Bucket {
  kind: BucketKind;
  id: string;
  tickets: number;
  title: string;
}

/** Each section's grouping, and how a sold-out grouping is named ("Fall Conference Day — Morning"). */
async function groupingsOf(tx: Executor, sectionIds: readonly string[]) {
  if (sectionIds.length === 0) return new Map<string, { groupingId: string; title: string }>();
  const rows = await tx
    .select({
      sectionId: eventSections.id,
      groupingId: eventGroupings.id,
      groupingName: eventGroupings.name,
      eventName: events.name,
    })
    .from(eventSections)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventSections.groupingId))
    .innerJoin(events, eq(events.id, eventSections.eventId))
    .where(inArray(eventSections.id, [...sectionIds]));
  return new Map(
    rows.map((row) => [row.sectionId, { groupingId: row.groupingId, title: `${row.eventName} — ${row.groupingName}` }]),
  );
}

async function bucketsOf(tx: Executor, requests: readonly SeatRequest[]): Promise<Bucket[]> {
  const unknown = requests.flatMap((request) => (request.sectionId && !request.grouping ? [request.sectionId] : []));
  const looked = await groupingsOf(tx, [...new Set(unknown)]);
  const groupingOf = (request: SeatRequest & { sectionId: string }) =>
    request.grouping
      ? { groupingId: request.grouping.id, title: request.grouping.title }
      : looked.get(request.sectionId);
  const byKey = new Map<string, Bucket>();
  const add = (kind: BucketKind, id: string, tickets: number, title: string) => {
    const bucket = byKey.get(`${kind}:${id}`);
    if (bucket) bucket.tickets += tickets;
    else byKey.set(`${kind}:${id}`, { kind, id, tickets, title });
  };
  for (const request of requests) {
    if (!request.sectionId) {
      add('event', request.eventId, request.numberOfTickets, request.title);
      continue;
    }
    add('section', request.sectionId, request.numberOfTickets, request.title);
    const grouping = groupingOf({ ...request, sectionId: request.sectionId });
    if (grouping) add('grouping', grouping.groupingId, request.numberOfTickets, grouping.title);
  }
  return [...byKey.values()].sort(
    (a, b) => bucketRank[a.kind] - bucketRank[b.kind] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

async function takeBucket(tx: Executor, bucket: Bucket): Promise<boolean> {
  const table = bucketTables[bucket.kind];
  const n = bucket.tickets;
  const taken = await executePrepared(
    tx,
    `take_${bucket.kind}_seats`,
    sql`update ${table} set tickets_taken = tickets_taken + ${n}
      where id = ${bucket.id} and (max_tickets is null or tickets_taken + ${n} <= max_tickets)
      returning id`,
  );
  return taken.length === 1;
}

async function remainingIn(tx: Executor, bucket: Bucket): Promise<number> {
  const table = bucketTables[bucket.kind];
  const [row] = await tx
    .select({ remaining: sql<number>`greatest(coalesce(${table.maxTickets} - ${table.ticketsTaken}, 0), 0)::int` })
    .from(table)
    .where(eq(table.id, bucket.id));
  return row?.remaining ?? 0;
}

/** A bucket had fewer seats left than asked: a 409 with paymentMessages.soldOut. */
export class SoldOut extends HttpProblem {
  constructor(detail: string) {
    super(409, 'Conflict', detail);
  }
}

/**
 * Takes the seats of every request, in the caller's transaction. When a bucket is short it throws
 * SoldOut (409) and the caller's transaction undoes the buckets already taken.
 */
export async function takeSeats(tx: Executor, requests: readonly SeatRequest[]): Promise<void> {
  const buckets = await bucketsOf(tx, requests);
  // A payment of no items (a previous-system application's balance) holds no seat.
  if (buckets.length === 0) return;
  const short = isChain(buckets) ? await takeChain(tx, buckets) : await takeEach(tx, buckets);
  await refuseShort(tx, short);
}

const isChain = (buckets: readonly Bucket[]) => new Set(buckets.map((bucket) => bucket.kind)).size === buckets.length;

async function refuseShort(tx: Executor, short: Bucket | undefined): Promise<void> {
  if (short) throw new SoldOut(paymentMessages.soldOut(short.title, await remainingIn(tx, short)));
}

/**
 * Seats a caller takes inside a statement of its own (the checkout's write, which then ends with them): its
 * common table expressions (`taken_0`, `taken_1`… as takeChain's), the columns that say which buckets were taken,
 * and their parameters. Placeholders are named `seat_id0`, `seat_n0`…
 */
export interface SeatChain {
  name: string;
  steps: SQL;
  counts: SQL;
  values: Record<string, unknown>;
  buckets: readonly Bucket[];
}

/**
 * The requests' seats as a SeatChain, when takeChain would take them (at most one bucket of each kind, the usual
 * purchase); null otherwise, and then the caller calls takeSeats after its statement.
 */
export async function seatChainOf(tx: Executor, requests: readonly SeatRequest[]): Promise<SeatChain | null> {
  const buckets = await bucketsOf(tx, requests);
  if (buckets.length === 0 || !isChain(buckets)) return null;
  const kinds = buckets.map((bucket) => bucket.kind);
  const { steps, counts } = seatChainParts(kinds);
  const values: Record<string, unknown> = {};
  buckets.forEach((bucket, i) => Object.assign(values, { [`seat_id${i}`]: bucket.id, [`seat_n${i}`]: bucket.tickets }));
  return { name: kinds.join('_'), steps, counts, values, buckets };
}

const seatChainPartsBuilt = new Map<string, { steps: SQL; counts: SQL }>();

/** A SeatChain's SQL, built once per combination of kinds: every checkout asks for it. */
function seatChainParts(kinds: readonly BucketKind[]): { steps: SQL; counts: SQL } {
  const name = kinds.join('_');
  const built = seatChainPartsBuilt.get(name) ?? chainParts(kinds, 'seat_');
  seatChainPartsBuilt.set(name, built);
  return built;
}

/** What the statement that took a SeatChain answers of it: 1 in `taken_<i>` for each bucket taken. */
export interface ChainTaken {
  [column: `taken_${number}`]: number | undefined;
}

/** After the statement that took a SeatChain: SoldOut (409) when one of its buckets was short (`row` its answer). */
export async function requireChainTaken(tx: Executor, chain: SeatChain, row: ChainTaken): Promise<void> {
  await refuseShort(
    tx,
    chain.buckets.find((_, i) => row[`taken_${i}`] !== 1),
  );
}

/** One conditional UPDATE per bucket, in the global order; answers the first bucket that was short. */
async function takeEach(tx: Executor, buckets: readonly Bucket[]): Promise<Bucket | undefined> {
  for (const bucket of buckets) if (!(await takeBucket(tx, bucket))) return bucket;
  return undefined;
}

/**
 * At most one bucket of each kind (a cart of one section, the usual purchase): every bucket in one
 * statement, so the rows every buyer of the section shares stay locked for one round trip and the
 * commit rather than one round trip per bucket. Each bucket's UPDATE joins the previous one's
 * result: a row is locked only when its UPDATE writes it, and it can write only once the previous
 * bucket's row was written, so the locks are taken in the global order still, and none after a
 * short bucket. Answers the first bucket that was short.
 */
async function takeChain(tx: Executor, buckets: readonly Bucket[]): Promise<Bucket | undefined> {
  const kinds = buckets.map((bucket) => bucket.kind);
  const values: Record<string, unknown> = {};
  buckets.forEach((bucket, i) => Object.assign(values, { [`id${i}`]: bucket.id, [`n${i}`]: bucket.tickets }));
  const [row] = await executeStatic<Record<string, number>>(tx, chainStatement(kinds), values);
  return buckets.find((_, i) => row?.[`taken_${i}`] !== 1);
}

const chainStatements = new Map<string, StaticStatement>();

/** The statement of takeChain for these kinds of bucket, in order; built once per combination (at most seven). */
function chainStatement(kinds: readonly BucketKind[]): StaticStatement {
  const name = `take_seats_${kinds.join('_')}`;
  const built = chainStatements.get(name);
  if (built) return built;
  const { steps, counts } = chainParts(kinds, '');
  const statement = staticStatement(name, sql`with ${steps} select ${counts}`);
  chainStatements.set(name, statement);
  return statement;
}

/** takeChain's common table expressions and the columns that count what each took; placeholders `${prefix}id0`… */
function chainParts(kinds: readonly BucketKind[], prefix: string): { steps: SQL; counts: SQL } {
  const steps = kinds.map((kind, i) => {
    const table = bucketTables[kind];
    const n = sql.placeholder(`${prefix}n${i}`);
    const after = i === 0 ? sql`` : sql` from ${sql.identifier(`taken_${i - 1}`)}`;
    return sql`${sql.identifier(`taken_${i}`)} as (
      update ${table} set tickets_taken = ${table.ticketsTaken} + ${n}::int${after}
      where ${table.id} = ${sql.placeholder(`${prefix}id${i}`)} and (${table.maxTickets} is null or ${table.ticketsTaken} + ${n}::int <= ${table.maxTickets})
      returning ${table.id})`;
  });
  const counts = kinds.map(
    (_, i) => sql`(select count(*) from ${sql.identifier(`taken_${i}`)})::int as ${sql.identifier(`taken_${i}`)}`,
  );
  return { steps: sql.join(steps, sql`, `), counts: sql.join(counts, sql`, `) };
}

/** Gives back the seats of every request (the buckets takeSeats took), in the same global order. */
export async function releaseSeats(tx: Executor, requests: readonly SeatRequest[]): Promise<void> {
  for (const bucket of await bucketsOf(tx, requests)) {
    await tx.execute(
      sql`update ${bucketTables[bucket.kind]} set tickets_taken = tickets_taken - ${bucket.tickets} where id = ${bucket.id}`,
    );
  }
}

/** The seats a payment holds: each line's tickets less those cancelled (cancelTicketSeats). */
async function seatRequestsOf(tx: Executor, paymentId: string): Promise<SeatRequest[]> {
  const rows = await tx
    .select({
      eventId: eventPaymentItems.eventId,
      sectionId: eventPaymentItems.sectionId,
      numberOfTickets: sql<number>`(${eventPaymentItems.numberOfTickets} - ${eventPaymentItems.cancelledTickets})::int`,
      title: eventPaymentItems.title,
    })
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.paymentId, paymentId));
  return rows.filter((row) => row.numberOfTickets > 0);
}

/** Counts one use of a coupon unless it is used up; false when it is. */
export async function takeCouponUse(tx: Executor, couponId: string): Promise<boolean> {
  const counted = await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} + 1` })
    .where(
      and(eq(coupons.id, couponId), sql`(${coupons.maxUses} is null or ${coupons.timesUsed} < ${coupons.maxUses})`),
    )
    .returning({ id: coupons.id })
    .prepare('take_coupon_use')
    .execute();
  return counted.length === 1;
}

/**
 * Takes a payment's seats, then its coupon's use (the lock order: buckets, then the coupon). Sold out
 * is SoldOut (409); a coupon used up by another payment meanwhile is a 409 under `field`. Either
 * undoes the caller's transaction.
 */
export async function takeSeatsAndCouponUse(
  tx: Executor,
  seats: readonly SeatRequest[],
  couponId: string | null,
  field = 'code',
): Promise<void> {
  await takeSeats(tx, seats);
  if (couponId && !(await takeCouponUse(tx, couponId)))
    throw conflict(couponRefusals.usedUp, { [field]: couponRefusals.usedUp });
}

/** What markPaid and releasePayment read of a payment under its row lock. */
export interface LockedPayment {
  status: EventPaymentStatus;
  seatsHeld: boolean;
  couponId: string | null;
}

async function lockPayment(tx: Executor, paymentId: string): Promise<LockedPayment> {
  const [payment] = await tx
    .select({ status: eventPayments.status, seatsHeld: eventPayments.seatsHeld, couponId: eventPayments.couponId })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId))
    .for('update');
  if (!payment) throw notFound(paymentMessages.notFound);
  return payment;
}

/** What was missing when a released hold could not be taken again. */
export type RetakeRefusal = 'seatsGone' | 'couponUsedUp';

class RetakeRefused extends Error {
  constructor(readonly refusal: RetakeRefusal) {
    super(refusal);
  }
}

/**
 * Takes the hold of a payment whose seats were released (expired, declined, cancelled) back, as a
 * checkout takes it: its seats through takeSeats, then its coupon use through takeCouponUse, under
 * the same locks in the same order, inside a savepoint. Either all of it is taken and the payment
 * holds its seats again (null), or nothing is and the refusal says what was gone: a late payment
 * never sells past a seat or coupon limit. Call it with the payment row locked.
 */
export async function retakeHold(
  tx: Executor,
  paymentId: string,
  couponId: string | null,
): Promise<RetakeRefusal | null> {
  const requests = await seatRequestsOf(tx, paymentId);
  try {
    await tx.transaction(async (savepoint) => {
      try {
        await takeSeats(savepoint, requests);
      } catch (error) {
        if (error instanceof HttpProblem && error.status === 409) throw new RetakeRefused('seatsGone');
        throw error;
      }
      if (couponId && !(await takeCouponUse(savepoint, couponId))) throw new RetakeRefused('couponUsedUp');
      await savepoint.update(eventPayments).set({ seatsHeld: true }).where(eq(eventPayments.id, paymentId));
    });
  } catch (error) {
    if (error instanceof RetakeRefused) return error.refusal;
    throw error;
  }
  return null;
}

/**
 * A payment whose money the portal cannot honour (a late success that could not take its hold
 * back, or a provider's charge that does not match it) becomes REFUND_NEEDED with its reason, in the
 * caller's transaction, with the payment row locked. Seats it still held are given back exactly once
 * (the conditional update on seats_held, as releasePayment). A PAID payment is never changed.
 */
export async function markRefundNeeded(
  tx: Executor,
  paymentId: string,
  reason: RefundReason,
  now: Date,
): Promise<void> {
  const [released] = await tx
    .update(eventPayments)
    .set({ status: 'REFUND_NEEDED', refundReason: reason, seatsHeld: false, holdExpiresAt: null })
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.seatsHeld, true), ne(eventPayments.status, 'PAID')))
    .returning({ couponId: eventPayments.couponId });
  if (released) {
    await releaseHeld(tx, paymentId, released.couponId, now);
  } else {
    const [changed] = await tx
      .update(eventPayments)
      .set({ status: 'REFUND_NEEDED', refundReason: reason, holdExpiresAt: null })
      .where(and(eq(eventPayments.id, paymentId), ne(eventPayments.status, 'PAID')))
      .returning({ id: eventPayments.id });
    if (!changed) return;
  }
  await emitPaymentEvent(tx, paymentId, 'payment.refund_needed', now);
}

/**
 * A PAID payment whose buyer gave up what it bought (a cancelled registration request) becomes
 * REFUND_NEEDED with its reason, in the caller's transaction: staff refund the money, and its seats
 * and coupon use are given back exactly once (the conditional update on status and seats_held).
 * False when the payment was not PAID with its seats held (nothing changes then).
 */
export async function refundPaidPayment(
  tx: Executor,
  paymentId: string,
  reason: RefundReason,
  now: Date,
): Promise<boolean> {
  const [released] = await tx
    .update(eventPayments)
    .set({ status: 'REFUND_NEEDED', refundReason: reason, seatsHeld: false, holdExpiresAt: null })
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.status, 'PAID'), eq(eventPayments.seatsHeld, true)))
    .returning({ couponId: eventPayments.couponId });
  if (!released) return false;
  await releaseHeld(tx, paymentId, released.couponId, now);
  await emitPaymentEvent(tx, paymentId, 'payment.refund_needed', now);
  return true;
}

/** Who settled a payment: a purchase order approved by staff, a card provider, a district's fund, or nothing to pay. */
export type PaidSource = 'purchase-order' | PaymentProviderName | 'free' | 'district-fund';

/**
 * Marks a payment PAID in the caller's transaction (locks the payment row). Seats still held become
 * sold; a hold that was released (expired) is taken again with retakeHold, or it throws a 409
 * (purchaseOrderMessages.seatsGone or couponUsedUp) and changes nothing. Paying a PAID payment again
 * is a no-op ('alreadyPaid'). Unknown payment: 404. A caller that has locked the row itself (a
 * provider event) passes what it read as `locked`, so the row is not locked and read twice.
 * Every way a payment becomes paid comes here, so its receipt is issued here, last (receipts.ts),
 * with the card a provider described; a purchase order's, once its invoice is paid (invoices.ts).
 */
export async function markPaid(
  tx: Executor,
  paymentId: string,
  source: PaidSource,
  now: Date,
  locked?: LockedPayment,
  card: CardOnReceipt | null = null,
  paidAudit?: Omit<AuditEntry, 'subjectId'>,
): Promise<'paid' | 'alreadyPaid'> {
  const payment = locked ?? (await lockPayment(tx, paymentId));
  if (payment.status === 'PAID') return 'alreadyPaid';
  const refusal = payment.seatsHeld ? null : await retakeHold(tx, paymentId, payment.couponId);
  if (refusal)
    throw conflict(refusal === 'seatsGone' ? purchaseOrderMessages.seatsGone : purchaseOrderMessages.couponUsedUp);
  const [row] = await executeStatic<PaidRow>(tx, markPaidStatement, {
    paymentId,
    paidAt: now.toISOString(),
    provider: source === 'purchase-order' || source === 'free' || source === 'district-fund' ? null : source,
    actorId: paidAudit?.actorId ?? null,
    impersonatorId: paidAudit?.impersonatorId ?? null,
    action: paidAudit?.action ?? null,
    subjectType: paidAudit?.subjectType ?? null,
    auditData: JSON.stringify(paidAudit?.data ?? {}),
  });
  if (!row) throw notFound(paymentMessages.notFound);
  const { paidEndpoints, requestPaidEndpoints, ...paid } = row;
  await emitPaidEventTo(tx, paid, { paid: paidEndpoints, requestPaid: requestPaidEndpoints }, now);
  // Last: the receipt counter's row lock is held until the commit. A purchase order's payment is
  // invoiced instead: its receipt follows when the invoice is paid in full (core/invoices.ts, decision 0212).
  if (source !== 'purchase-order') await issueReceipt(tx, paymentId, now, card);
  return 'paid';
}

interface PaidRow extends PaymentEventRow {
  paidEndpoints: string[];
  requestPaidEndpoints: string[];
}

const input = (name: string) => sql.placeholder(name);

/**
 * The payment made PAID, in one statement built once: the update (a provider's payment names its provider), the
 * audit row its caller gives (none: no row), the payment as its events describe it (as webhooks.emitPaymentEvent
 * reads it) and the endpoints those events go to (webhooks.endpointIdsTaking): a card payment's success was four
 * round trips. docs/decisions/0184-begin-with-first-statement-and-payment-success-in-one.md
 */
const markPaidStatement = staticStatement(
  'mark_paid',
  sql`with paid as (
      update ${eventPayments} set status = 'PAID', seats_held = true, hold_expires_at = null,
        paid_at = ${input('paidAt')}::timestamptz, provider = coalesce(${input('provider')}::text, provider)
      where id = ${input('paymentId')}::uuid
      returning id, status, method, user_id, organization_id, total_cents, refund_reason
    ), audited as (
      insert into ${auditLog} (actor_id, impersonator_id, action, subject_type, subject_id, data)
      select ${input('actorId')}::uuid, ${input('impersonatorId')}::uuid, ${input('action')}::text,
        ${input('subjectType')}::text, paid.id::text, ${input('auditData')}::jsonb
      from paid where ${input('action')}::text is not null
    )
    select paid.id as "paymentId", paid.status, paid.method, paid.user_id as "userId",
      paid.organization_id as "organizationId", paid.total_cents as "totalCents", paid.refund_reason as "refundReason",
      (select ${eventRegistrationPayments.requestId} from ${eventRegistrationPayments}
        where ${eventRegistrationPayments.paymentId} = paid.id) as "registrationRequestId",
      ${endpointIdsTaking(sql`'payment.paid'`)} as "paidEndpoints",
      ${endpointIdsTaking(sql`'registration_request.paid'`)} as "requestPaidEndpoints"
    from paid`,
);

export interface ReleaseResult {
  /** The payment's status afterwards: the one asked for, or PAID, which is never downgraded. */
  status: EventPaymentStatus;
  /** True only for the one call that gave the seats (and the coupon use) back. */
  seatsReleased: boolean;
}

/**
 * Gives a payment's seats and coupon use back. Every payment that lets go of its seats comes here, so this is
 * where freed seats go to the waiting lists first (feedWaitingLists): while anyone waits, never to the catalogue.
 */
async function releaseHeld(tx: Executor, paymentId: string, couponId: string | null, now: Date): Promise<void> {
  const requests = await seatRequestsOf(tx, paymentId);
  await releaseSeats(tx, requests);
  await feedWaitingLists(tx, requests, now);
  if (couponId) await giveCouponUseBack(tx, couponId);
}

async function giveCouponUseBack(tx: Executor, couponId: string): Promise<void> {
  await tx
    .update(coupons)
    .set({ timesUsed: sql`${coupons.timesUsed} - 1` })
    .where(and(eq(coupons.id, couponId), sql`${coupons.timesUsed} > 0`));
}

/**
 * Ends an unpaid payment with `status` (CANCELLED: voided, declined or cancelled; EXPIRED: the hold
 * ran out) in the caller's transaction, giving its seats and coupon use back exactly once: the
 * conditional update on seats_held lets only one caller release them, however many race. A PAID
 * payment is left as it is. Unknown payment: 404.
 */
export async function releasePayment(
  tx: Executor,
  paymentId: string,
  status: 'CANCELLED' | 'EXPIRED',
  now: Date,
): Promise<ReleaseResult> {
  const [released] = await tx
    .update(eventPayments)
    .set({ status, seatsHeld: false, holdExpiresAt: null, ...(status === 'CANCELLED' ? { cancelledAt: now } : {}) })
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.seatsHeld, true), ne(eventPayments.status, 'PAID')))
    .returning({ couponId: eventPayments.couponId });
  if (released) {
    await releaseHeld(tx, paymentId, released.couponId, now);
    return { status, seatsReleased: true };
  }
  const payment = await lockPayment(tx, paymentId);
  if (payment.status === 'PAID' || payment.status === status) return { status: payment.status, seatsReleased: false };
  await tx
    .update(eventPayments)
    .set({ status, ...(status === 'CANCELLED' ? { cancelledAt: now } : {}) })
    .where(eq(eventPayments.id, paymentId));
  return { status, seatsReleased: false };
}

/**
 * A card payment not completed, held for a fresh checkout (Pay now): its hold runs again until
 * `holdExpiresAt` (the card's time from now), so the provider's new page has all of it. Only while it is PENDING and still holds its
 * seats (checked under the row lock by the update itself); false otherwise, and nothing changes.
 */
export async function renewCardHold(tx: Executor, paymentId: string, holdExpiresAt: Date): Promise<boolean> {
  const renewed = await tx
    .update(eventPayments)
    .set({ holdExpiresAt })
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.status, 'PENDING'), eq(eventPayments.seatsHeld, true)))
    .returning({ id: eventPayments.id });
  return renewed.length === 1;
}

const expiryBatch = 100;

/** The holds due, a batch of them: built once, since the screens that show seats run it on every read. */
const dueHolds = staticStatement(
  'due_holds',
  sql`select ${eventPayments.id} as "id" from ${eventPayments}
    where ${eventPayments.seatsHeld} and ${eventPayments.holdExpiresAt} < ${sql.placeholder('now')}::timestamptz
      and ${eventPayments.status} in ('PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'AWAITING_APPROVAL')
    order by ${eventPayments.holdExpiresAt} limit ${sql.raw(String(expiryBatch))}`,
);

/**
 * Releases holds whose time ran out (status EXPIRED), at most a batch of them, each in its own short
 * transaction. The conditional update re-checks the expiry under the row lock, so a hold extended
 * meanwhile (a purchase order uploaded) is kept. The buyer of a purchase-order hold is mailed that its
 * seats were let go (core/hold-notices.ts). Quotes whose seats are due back give them back too
 * (expireQuoteHolds). Called through expireDueHolds, and by the screens
 * that show a payment's status or seats left, so what they show never waits for the job.
 */
export async function expireHolds(db: Database, now: Date): Promise<number> {
  const due = await executeStatic<{ id: string }>(db, dueHolds, { now: now.toISOString() });
  let expired = 0;
  for (const { id } of due) {
    expired += await db.transaction(async (tx) => {
      const [row] = await tx
        .update(eventPayments)
        .set({ status: 'EXPIRED', seatsHeld: false, holdExpiresAt: null })
        .where(
          and(
            eq(eventPayments.id, id),
            eq(eventPayments.seatsHeld, true),
            lt(eventPayments.holdExpiresAt, now),
            inArray(eventPayments.status, ['PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'AWAITING_APPROVAL']),
          ),
        )
        .returning({ couponId: eventPayments.couponId, method: eventPayments.method });
      if (!row) return 0;
      await releaseHeld(tx, id, row.couponId, now);
      // Queued with the release it tells of: it goes once, whichever caller released the hold.
      if (row.method === 'PURCHASE_ORDER') await enqueueJob(tx, holdReleasedMailJob, { paymentId: id });
      return 1;
    });
  }
  expired += await expireQuoteHolds(db, now);
  for (const id of await dueOffers(db, now)) {
    const ended = await db.transaction(async (tx) => endWaitingListEntry(tx, id, 'EXPIRED', now, now));
    if (ended) expired += 1;
  }
  return expired;
}

/** The quotes whose seats are due back, a batch of them (the partial index quotes_held keeps it cheap). */
const dueQuoteHolds = staticStatement(
  'due_quote_holds',
  sql`select ${quotes.id} as "id" from ${quotes}
    where ${quotes.seatsHeld} and ${quotes.validUntil} <= ${sql.placeholder('now')}::timestamptz
    order by ${quotes.validUntil} limit ${sql.raw(String(expiryBatch))}`,
);

/**
 * A quote that held seats (its events' staff said so) gives them back when it runs out, like any hold:
 * exactly once, by the conditional update of seats_held, and to the waiting lists first.
 */
async function expireQuoteHolds(db: Database, now: Date): Promise<number> {
  const due = await executeStatic<{ id: string }>(db, dueQuoteHolds, { now: now.toISOString() });
  let expired = 0;
  for (const { id } of due) {
    expired += await db.transaction(async (tx) => {
      const [row] = await tx
        .update(quotes)
        .set({ seatsHeld: false })
        .where(and(eq(quotes.id, id), eq(quotes.seatsHeld, true), lte(quotes.validUntil, now)))
        .returning({ heldSeats: quotes.heldSeats });
      if (!row) return 0;
      await releaseSeats(tx, row.heldSeats);
      await feedWaitingLists(tx, row.heldSeats, now);
      return 1;
    });
  }
  return expired;
}

/**
 * Releases every hold due at `now`, a batch at a time; answers how many. The hold-expiry job runs it
 * on a timer. The seat counters count a hold until it is released, so between two runs a bucket can
 * look short because of holds already run out: buying (cart and checkout) calls it when a bucket is
 * short and checks once more if anything was released, so a sale never waits for the job.
 */
export async function expireDueHolds(db: Database, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const released = await expireHolds(db, now);
    total += released;
    if (released < expiryBatch) return total;
  }
}

/** A list's bucket rows, locked, and what is left in them. */
export interface WaitingListSeats {
  /** Named in a refusal: the section's title, or the event's name. */
  title: string;
  /** Seats neither sold nor held; null when unlimited. */
  remaining: number | null;
  enabled: boolean;
  offerHours: number;
}

const leftOf = (max: number | null, taken: number) => (max === null ? null : Math.max(max - taken, 0));
const least = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/**
 * Locks a waiting list's bucket rows in the global order (the event's row, or the section's then its
 * grouping's) and answers what is left in them: the lock every change of a list's held seats takes first, so
 * what it reads stays true until its commit. Undefined for an unknown event or section.
 */
export async function lockWaitingListSeats(tx: Executor, list: WaitingListKey): Promise<WaitingListSeats | undefined> {
  if (list.sectionId === null) {
    const [event] = await tx
      .select({
        title: events.name,
        max: events.maxTickets,
        taken: events.ticketsTaken,
        enabled: events.waitingListEnabled,
        offerHours: events.waitingListOfferHours,
      })
      .from(events)
      .where(eq(events.id, list.eventId))
      .for('update');
    return event && { ...event, remaining: leftOf(event.max, event.taken) };
  }
  const [section] = await tx
    .select({
      title: eventSections.title,
      max: eventSections.maxTickets,
      taken: eventSections.ticketsTaken,
      groupingId: eventSections.groupingId,
      enabled: events.waitingListEnabled,
      offerHours: events.waitingListOfferHours,
    })
    .from(eventSections)
    .innerJoin(events, eq(events.id, eventSections.eventId))
    .where(and(eq(eventSections.id, list.sectionId), eq(eventSections.eventId, list.eventId)))
    .for('update', { of: eventSections });
  if (!section) return undefined;
  const [grouping] = await tx
    .select({ max: eventGroupings.maxTickets, taken: eventGroupings.ticketsTaken })
    .from(eventGroupings)
    .where(eq(eventGroupings.id, section.groupingId))
    .for('update');
  const remaining = least(leftOf(section.max, section.taken), grouping ? leftOf(grouping.max, grouping.taken) : null);
  return { title: section.title, remaining, enabled: section.enabled, offerHours: section.offerHours };
}

/** Each list once, events' lists before sections', each by id: the buckets' global order. */
function listsInOrder(lists: readonly WaitingListKey[]): WaitingListKey[] {
  const byKey = new Map(lists.map((list) => [`${list.sectionId ?? ''}:${list.eventId}`, list]));
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, list]) => list);
}

/**
 * Seats free in these lists' buckets go to their entries still waiting, strictly in order
 * (shareFreedSeats): each entry's hold grows, and an entry holding all it asked for gets its offer (mailed,
 * and ended by a job when it runs out). A list without active entries leaves its seats to the catalogue.
 */
export async function feedWaitingLists(tx: Executor, lists: readonly WaitingListKey[], now: Date): Promise<void> {
  for (const list of listsInOrder(lists)) {
    if ((await countActiveEntries(tx, list)) === 0) continue;
    const seats = await lockWaitingListSeats(tx, list);
    if (!seats) continue;
    const entries = await lockActiveEntries(tx, list);
    for (const share of shareFreedSeats(entries, seats.remaining ?? Number.MAX_SAFE_INTEGER)) {
      await takeSeats(tx, [{ ...list, numberOfTickets: share.seats, title: seats.title }]);
      const offer = share.offered ? { at: now, expiresAt: offerExpiresAt(now, seats.offerHours) } : null;
      await addHeldSeats(tx, share.id, share.seats, offer);
    }
  }
}

/** Every list of an event with someone on it is fed: staff changed its capacity or its waiting-list settings. */
export async function feedEventWaitingLists(tx: Executor, eventId: string, now: Date): Promise<void> {
  await feedWaitingLists(tx, await listsWithActiveEntries(tx, eventId), now);
}

/**
 * Ends an active entry (she left, staff removed it, or with `dueBy` its offer ran out) and gives back what it
 * held, exactly once (waiting-lists.endEntry), under the list's bucket locks; the seats go to the next entries.
 * False when it was no longer active (or its offer not due).
 */
export async function endWaitingListEntry(
  tx: Executor,
  entryId: string,
  status: 'EXPIRED' | 'LEFT' | 'REMOVED',
  now: Date,
  dueBy?: Date,
): Promise<boolean> {
  const entry = await findEntry(tx, entryId);
  if (!entry) return false;
  const list = { eventId: entry.eventId, sectionId: entry.sectionId };
  const seats = await lockWaitingListSeats(tx, list);
  const ended = await endEntry(tx, entryId, status, dueBy);
  if (!ended) return false;
  if (ended.heldSeats > 0)
    await releaseSeats(tx, [{ ...list, numberOfTickets: ended.heldSeats, title: seats?.title ?? '' }]);
  await feedWaitingLists(tx, [list], now);
  return true;
}

/**
 * Staff offer an entry still waiting out of turn: the seats it lacks come from those free now, then from what
 * other entries still waiting have gathered (not yet promised to anyone), the last in line first; it gets its
 * offer. A 409 when even that is too few (raise the capacity first) or the entry is not waiting.
 */
export async function offerOutOfTurn(tx: Executor, entryId: string, now: Date): Promise<void> {
  const entry = await findEntry(tx, entryId);
  if (!entry) throw notFound(waitingListMessages.notFound);
  const list = { eventId: entry.eventId, sectionId: entry.sectionId };
  const seats = await lockWaitingListSeats(tx, list);
  const entries = await lockActiveEntries(tx, list);
  const locked = entries.find((row) => row.id === entryId);
  if (!seats || !locked || locked.status !== 'WAITING') throw conflict(waitingListMessages.notWaiting);
  const missing = locked.quantity - locked.heldSeats;
  const free = Math.min(seats.remaining ?? missing, missing);
  const lenders = entries
    .filter((row) => row.status === 'WAITING' && row.id !== entryId && row.heldSeats > 0)
    .reverse();
  const lent = lenders.reduce((sum, row) => sum + row.heldSeats, 0);
  if (free + lent < missing) throw conflict(paymentMessages.soldOut(seats.title, free + lent));
  if (free > 0) await takeSeats(tx, [{ ...list, numberOfTickets: free, title: seats.title }]);
  let borrow = missing - free;
  for (const lender of lenders) {
    if (borrow === 0) break;
    const seatsLent = Math.min(lender.heldSeats, borrow);
    await addHeldSeats(tx, lender.id, -seatsLent, null);
    borrow -= seatsLent;
  }
  await addHeldSeats(tx, entryId, missing, { at: now, expiresAt: offerExpiresAt(now, seats.offerHours) });
}

/** Tickets of one payment line to cancel. */
export interface CancelledLine {
  itemId: string;
  count: number;
}

export interface TicketSeatsCancelled {
  /** True when every ticket of the payment is now cancelled: the payment became CANCELLED, its coupon use given back. */
  allCancelled: boolean;
}

/**
 * The one place cancelled tickets free their seats (a buyer's or staff's cancellation of a PAID
 * payment's tickets), in the caller's transaction with the payment row locked. Each line's
 * cancelled_tickets is raised by a conditional update (never past its number of tickets: 409
 * `alreadyCancelled` otherwise), and the payment's seats of those tickets are given back once. When no
 * ticket is left the payment holds no seat and becomes CANCELLED, and its coupon use comes back, once,
 * by the conditional update on seats_held as releasePayment. The freed seats feed the waiting lists first.
 */
export async function cancelTicketSeats(
  tx: Executor,
  paymentId: string,
  lines: readonly CancelledLine[],
  now: Date,
  alreadyCancelled: string,
): Promise<TicketSeatsCancelled> {
  const [payment] = await tx
    .select({ seatsHeld: eventPayments.seatsHeld })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId));
  if (!payment) throw notFound(paymentMessages.notFound);
  const freed: SeatRequest[] = [];
  for (const line of lines) {
    const [item] = await tx
      .update(eventPaymentItems)
      .set({ cancelledTickets: sql`${eventPaymentItems.cancelledTickets} + ${line.count}` })
      .where(
        and(
          eq(eventPaymentItems.id, line.itemId),
          eq(eventPaymentItems.paymentId, paymentId),
          sql`${eventPaymentItems.cancelledTickets} + ${line.count} <= ${eventPaymentItems.numberOfTickets}`,
        ),
      )
      .returning({
        eventId: eventPaymentItems.eventId,
        sectionId: eventPaymentItems.sectionId,
        title: eventPaymentItems.title,
      });
    if (!item) throw conflict(alreadyCancelled);
    freed.push({ ...item, numberOfTickets: line.count });
  }
  if (payment.seatsHeld) {
    await releaseSeats(tx, freed);
    // Freed by a cancellation like any other release: to the waiting lists first.
    await feedWaitingLists(tx, freed, now);
  }
  if ((await seatRequestsOf(tx, paymentId)).length > 0) return { allCancelled: false };
  const [emptied] = await tx
    .update(eventPayments)
    .set({ status: 'CANCELLED', seatsHeld: false, holdExpiresAt: null, cancelledAt: now })
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.seatsHeld, true)))
    .returning({ couponId: eventPayments.couponId });
  if (emptied?.couponId) await giveCouponUseBack(tx, emptied.couponId);
  if (!emptied)
    await tx
      .update(eventPayments)
      .set({ status: 'CANCELLED', cancelledAt: now })
      .where(eq(eventPayments.id, paymentId));
  return { allCancelled: true };
}
