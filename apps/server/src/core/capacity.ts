import { and, eq, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { EventPaymentStatus, PaymentProviderName, RefundReason } from '@portal/domain/commerce/enums.ts';
import { couponRefusals } from '@portal/domain/commerce/cart.ts';
import { paymentMessages } from '@portal/domain/commerce/payments.ts';
import { purchaseOrderMessages } from '@portal/domain/commerce/purchase-orders.ts';
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
import { conflict, HttpProblem, notFound } from '../platform/errors.ts';
import { issueReceipt, type CardOnReceipt } from './receipts.ts';
import { emitPaymentEvent, emitPaymentEventOf, paymentEventFields } from './webhooks.ts';

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
    await releaseHeld(tx, paymentId, released.couponId);
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
  await releaseHeld(tx, paymentId, released.couponId);
  await emitPaymentEvent(tx, paymentId, 'payment.refund_needed', now);
  return true;
}

/** Who settled a payment: a purchase order approved by staff, a card provider, or nothing to pay. */
export type PaidSource = 'purchase-order' | PaymentProviderName | 'free';

/**
 * Marks a payment PAID in the caller's transaction (locks the payment row). Seats still held become
 * sold; a hold that was released (expired) is taken again with retakeHold, or it throws a 409
 * (purchaseOrderMessages.seatsGone or couponUsedUp) and changes nothing. Paying a PAID payment again
 * is a no-op ('alreadyPaid'). Unknown payment: 404. A caller that has locked the row itself (a
 * provider event) passes what it read as `locked`, so the row is not locked and read twice.
 * Every way a payment becomes paid comes here, so its receipt is issued here, last (receipts.ts),
 * with the card a provider described.
 */
export async function markPaid(
  tx: Executor,
  paymentId: string,
  source: PaidSource,
  now: Date,
  locked?: LockedPayment,
  card: CardOnReceipt | null = null,
): Promise<'paid' | 'alreadyPaid'> {
  const payment = locked ?? (await lockPayment(tx, paymentId));
  if (payment.status === 'PAID') return 'alreadyPaid';
  const refusal = payment.seatsHeld ? null : await retakeHold(tx, paymentId, payment.couponId);
  if (refusal)
    throw conflict(refusal === 'seatsGone' ? purchaseOrderMessages.seatsGone : purchaseOrderMessages.couponUsedUp);
  const [paid] = await tx
    .update(eventPayments)
    .set({
      status: 'PAID',
      seatsHeld: true,
      holdExpiresAt: null,
      paidAt: now,
      ...(source === 'purchase-order' || source === 'free' ? {} : { provider: source }),
    })
    .where(eq(eventPayments.id, paymentId))
    .returning(paymentEventFields);
  if (!paid) throw notFound(paymentMessages.notFound);
  await emitPaymentEventOf(tx, paid, 'payment.paid', now);
  // Last: the receipt counter's row lock is held until the commit.
  await issueReceipt(tx, paymentId, now, card);
  return 'paid';
}

export interface ReleaseResult {
  /** The payment's status afterwards: the one asked for, or PAID, which is never downgraded. */
  status: EventPaymentStatus;
  /** True only for the one call that gave the seats (and the coupon use) back. */
  seatsReleased: boolean;
}

async function releaseHeld(tx: Executor, paymentId: string, couponId: string | null): Promise<void> {
  await releaseSeats(tx, await seatRequestsOf(tx, paymentId));
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
    await releaseHeld(tx, paymentId, released.couponId);
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

const expiryBatch = 100;

/** The holds due, a batch of them: built once, since the screens that show seats run it on every read. */
const dueHolds = staticStatement(
  'due_holds',
  sql`select ${eventPayments.id} as "id" from ${eventPayments}
    where ${eventPayments.seatsHeld} and ${eventPayments.holdExpiresAt} < ${sql.placeholder('now')}::timestamptz
      and ${eventPayments.status} in ('PENDING', 'AWAITING_PO', 'PO_SUBMITTED')
    order by ${eventPayments.holdExpiresAt} limit ${sql.raw(String(expiryBatch))}`,
);

/**
 * Releases holds whose time ran out (status EXPIRED), at most a batch of them, each in its own short
 * transaction. The conditional update re-checks the expiry under the row lock, so a hold extended
 * meanwhile (a purchase order uploaded) is kept. Called through expireDueHolds, and by the screens
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
            inArray(eventPayments.status, ['PENDING', 'AWAITING_PO', 'PO_SUBMITTED']),
          ),
        )
        .returning({ couponId: eventPayments.couponId });
      if (!row) return 0;
      await releaseHeld(tx, id, row.couponId);
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
 * by the conditional update on seats_held as releasePayment. What frees seats later (a waiting list)
 * hooks in here.
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
  if (payment.seatsHeld) await releaseSeats(tx, freed);
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
