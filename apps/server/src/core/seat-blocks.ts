import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import { purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import {
  districtSeatMessages,
  seatMoveRefusal,
  seatsAheadRefusal,
  seatsLeft,
  type SeatBlock,
  type SeatBlockPage,
  type SeatsAheadCart,
} from '@portal/domain/organizations/seat-blocks.ts';
import type { Database, Executor } from '../db/client.ts';
import { pageTotal } from '../db/page-total.ts';
import { districtSeatBlocks, districtSeatGifts, districtSeatReturns } from '../db/schema/district-funds.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, conflict, notFound } from '../platform/errors.ts';
import { requireSameRequest, type IdempotentRequest } from '../platform/idempotency.ts';
import { queueMail } from '../platform/mail.ts';
import { feedWaitingLists, markPaid, releaseSeats, takeSeats } from './capacity.ts';
import { applicableCoupon, emptyCartLines, loadCart, loadCheckoutCart, type LoadedCart } from './carts.ts';
import { appendEntry, fundBalance, lockFund } from './district-funds.ts';
import { insertEventPayment } from './event-payments.ts';
import { managerEmails } from './memberships.ts';
import { releaseCartQuoteHolds } from './quotes.ts';

/**
 * Seats a district bought ahead (issue 41, docs/decisions/0232-seats-bought-ahead.md): the one owner of
 * district_seat_blocks, district_seat_gifts and district_seat_returns. A block's seats are counted in the event's buckets from
 * the moment they are bought; while not given nor returned the block holds them, and a seat given is
 * held by its school's payment (the buckets do not move). Lock order as everywhere: seat buckets, the
 * fund, the receipt counter; a block's own row is locked before any of them.
 */

function refusalMessage(cart: LoadedCart, balanceCents: number): string | null {
  const { total } = orderTotals(cart.lines, null);
  const refusedLine = cart.lines.find((line) => line.refusal !== null);
  const refusal = seatsAheadRefusal({
    lines: cart.lines.length,
    lineRefused: refusedLine !== undefined,
    hasCoupon: applicableCoupon(cart) !== null,
    totalCents: total,
    balanceCents,
  });
  if (refusal === null) return null;
  if (refusal === 'lineRefused' && refusedLine?.refusal)
    return `${refusedLine.title}: ${purchaseRefusals[refusedLine.refusal]}`;
  if (refusal === 'balanceShort') return districtSeatMessages.balanceShort(balanceCents);
  return refusal === 'couponOnCart' ? districtSeatMessages.couponOnCart : districtSeatMessages.cartEmpty;
}

/** What the administrator's cart would buy ahead from the district's fund, and why it cannot (null: it can). */
export async function seatsAheadCartOf(
  db: Database,
  districtId: string,
  buyerId: string,
  now: Date,
  today: string,
): Promise<SeatsAheadCart> {
  const cart = await loadCart(db, buyerId, now, today);
  const balanceCents = await fundBalance(db, districtId);
  return {
    lines: cart.lines.map((line) => ({
      title: line.title,
      numberOfTickets: line.numberOfTickets,
      priceCents: line.price,
    })),
    totalCents: orderTotals(cart.lines, null).total,
    balanceCents,
    refusal: refusalMessage(cart, balanceCents),
  };
}

/**
 * The administrator's cart bought ahead for the district, in the caller's transaction: each line's
 * seats taken (sold out: 409, nothing written), then under the fund's lock its price spent (a fund that
 * cannot cover the cart: 409), one block and one SPEND row a line, and the cart's lines taken out.
 */
export async function buySeatsAhead(
  tx: Executor,
  purchase: { districtId: string; buyerId: string; now: Date; today: string },
): Promise<{ blocks: number; seats: number; totalCents: number }> {
  const cart = await loadCheckoutCart(tx, purchase.buyerId, purchase.now, purchase.today);
  // Everything but the balance is refused before any seat is taken; the balance is read under the fund's lock below.
  const early = refusalMessage(cart, Number.POSITIVE_INFINITY);
  if (early !== null) throw cart.lines.length === 0 ? badRequest(early) : conflict(early);
  // Seats the buyer's own quote holds pass to this purchase, as they would to a checkout.
  if (cart.quoteHoldsSeats) await releaseCartQuoteHolds(tx, purchase.buyerId);
  await takeSeats(tx, cart.lines);
  await lockFund(tx, purchase.districtId);
  const short = refusalMessage(cart, await fundBalance(tx, purchase.districtId));
  if (short !== null) throw conflict(short);
  const { total } = orderTotals(cart.lines, null);
  for (const line of cart.lines) {
    const [block] = await tx
      .insert(districtSeatBlocks)
      .values({
        districtId: purchase.districtId,
        eventId: line.eventId,
        sectionId: line.sectionId,
        ticketTypeId: line.ticketTypeId,
        title: line.title,
        priceCents: line.price,
        seats: line.numberOfTickets,
        createdById: purchase.buyerId,
      })
      .returning({ id: districtSeatBlocks.id });
    const amount = line.price * line.numberOfTickets;
    // A free section's seats cost the fund nothing, and the ledger has no row of zero.
    if (block && amount > 0)
      await appendEntry(tx, {
        districtId: purchase.districtId,
        kind: 'SPEND',
        amountCents: -amount,
        seatBlockId: block.id,
        reason: districtSeatMessages.boughtReason(`${line.numberOfTickets} × ${line.title}`),
        createdById: purchase.buyerId,
      });
  }
  await emptyCartLines(tx, purchase.buyerId);
  return {
    blocks: cart.lines.length,
    seats: cart.lines.reduce((sum, line) => sum + line.numberOfTickets, 0),
    totalCents: total,
  };
}

/** The district's block, locked FOR UPDATE; another district's or an unknown one is 404. */
async function lockBlock(tx: Executor, districtId: string, blockId: string) {
  const [block] = await tx
    .select()
    .from(districtSeatBlocks)
    .where(and(eq(districtSeatBlocks.id, blockId), eq(districtSeatBlocks.districtId, districtId)))
    .for('update');
  if (!block) throw notFound(districtSeatMessages.blockNotFound);
  return block;
}

function refuseMove(block: typeof districtSeatBlocks.$inferSelect, seats: number): void {
  if (seatMoveRefusal(block, seats) === 'tooMany') throw conflict(districtSeatMessages.tooMany(seatsLeft(block)));
}

export interface SeatGift {
  districtId: string;
  districtName: string;
  blockId: string;
  school: { id: string; name: string };
  seats: number;
  givenById: string;
  idempotency: IdempotentRequest;
  publicUrl: string;
  now: Date;
}

/** What a gift or a return with this key already did, read under the block's lock (so a racing twin waits for it). */
async function earlierMove(
  tx: Executor,
  table: typeof districtSeatGifts | typeof districtSeatReturns,
  userId: string,
  idempotency: IdempotentRequest,
): Promise<{ seats: number } | undefined> {
  const [made] = await tx
    .select({ seats: table.seats, fingerprint: table.idempotencyFingerprint })
    .from(table)
    .where(and(eq(table.createdById, userId), eq(table.idempotencyKey, idempotency.key)));
  if (!made) return undefined;
  requireSameRequest(made.fingerprint, idempotency);
  return made;
}

/**
 * Seats of a block given to one of the district's schools (the caller checked it is), in the caller's
 * transaction: a paid District funds order of the school for those seats (its receipt issued), bought
 * by the administrator, which the school's managers allocate in Manage Events and are mailed about.
 * The seats pass from the block to the order: the buckets do not move. More than the block holds: 409.
 * The same Idempotency-Key again gives nothing more and answers the seats left.
 */
export async function giveSeats(tx: Executor, gift: SeatGift): Promise<{ seatsLeft: number; replayed: boolean }> {
  const block = await lockBlock(tx, gift.districtId, gift.blockId);
  if (await earlierMove(tx, districtSeatGifts, gift.givenById, gift.idempotency))
    return { seatsLeft: seatsLeft(block), replayed: true };
  refuseMove(block, gift.seats);
  const totalCents = block.priceCents * gift.seats;
  const paymentId = randomUUID();
  await insertEventPayment(
    tx,
    {
      id: paymentId,
      userId: gift.givenById,
      organizationId: gift.school.id,
      status: 'AWAITING_APPROVAL',
      method: 'DISTRICT_FUNDS',
      subtotalCents: totalCents,
      discountCents: 0,
      totalCents,
      seatsHeld: true,
    },
    [
      {
        eventId: block.eventId,
        sectionId: block.sectionId,
        ticketTypeId: block.ticketTypeId,
        title: block.title,
        numberOfTickets: gift.seats,
        priceCents: block.priceCents,
      },
    ],
  );
  await tx
    .update(districtSeatBlocks)
    .set({ seatsGiven: sql`${districtSeatBlocks.seatsGiven} + ${gift.seats}` })
    .where(eq(districtSeatBlocks.id, block.id));
  await tx.insert(districtSeatGifts).values({
    paymentId,
    blockId: block.id,
    organizationId: gift.school.id,
    seats: gift.seats,
    idempotencyKey: gift.idempotency.key,
    idempotencyFingerprint: gift.idempotency.fingerprint,
    createdById: gift.givenById,
  });
  await markPaid(tx, paymentId, 'district-fund', gift.now);
  for (const to of await managerEmails(tx, gift.school.id)) {
    await queueMail(tx, {
      to,
      subject: districtSeatMessages.giftSubject(gift.districtName),
      text: [
        `${gift.districtName} gave ${gift.school.name} ${gift.seats} ${gift.seats === 1 ? 'seat' : 'seats'} it bought ahead: ${block.title}.`,
        '',
        `Allocate them to your staff in Manage Events: ${gift.publicUrl}/members/manage-events`,
      ].join('\n'),
    });
  }
  return { seatsLeft: seatsLeft(block) - gift.seats, replayed: false };
}

/**
 * Seats of a block returned unused, in the caller's transaction: they go back on sale (to the waiting
 * lists first) and their price back to the fund as a REFUND row of the block. More than it holds: 409.
 * The same Idempotency-Key again returns nothing more and answers what the first return did.
 */
export async function returnSeats(
  tx: Executor,
  move: {
    districtId: string;
    blockId: string;
    seats: number;
    returnedById: string;
    idempotency: IdempotentRequest;
    now: Date;
  },
): Promise<{ amountCents: number; seatsLeft: number; replayed: boolean }> {
  const block = await lockBlock(tx, move.districtId, move.blockId);
  const earlier = await earlierMove(tx, districtSeatReturns, move.returnedById, move.idempotency);
  if (earlier) return { amountCents: earlier.seats * block.priceCents, seatsLeft: seatsLeft(block), replayed: true };
  refuseMove(block, move.seats);
  await tx
    .update(districtSeatBlocks)
    .set({ seatsReturned: sql`${districtSeatBlocks.seatsReturned} + ${move.seats}` })
    .where(eq(districtSeatBlocks.id, block.id));
  await tx.insert(districtSeatReturns).values({
    blockId: block.id,
    seats: move.seats,
    idempotencyKey: move.idempotency.key,
    idempotencyFingerprint: move.idempotency.fingerprint,
    createdById: move.returnedById,
  });
  const key = { eventId: block.eventId, sectionId: block.sectionId };
  await releaseSeats(tx, [{ ...key, numberOfTickets: move.seats, title: block.title }]);
  await feedWaitingLists(tx, [key], move.now);
  const amountCents = block.priceCents * move.seats;
  if (amountCents > 0)
    await appendEntry(tx, {
      districtId: move.districtId,
      kind: 'REFUND',
      amountCents,
      seatBlockId: block.id,
      reason: districtSeatMessages.returnedReason(move.seats, block.title),
      createdById: move.returnedById,
    });
  return { amountCents, seatsLeft: seatsLeft(block) - move.seats, replayed: false };
}

/**
 * The refund of an order given from seats bought ahead, to its district's fund, in the refund's transaction;
 * false when the payment is no such gift (core/district-funds refundToFund then refunds the school's spend).
 * No SPEND of the school paid it, so the money goes back to the district's own part of the fund (no school
 * named) and the school's allowance is not raised by it.
 */
export async function refundGiftToFund(
  tx: Executor,
  refund: { paymentId: string; amountCents: number; reason: string; createdById: string },
): Promise<boolean> {
  const [gift] = await tx
    .select({ districtId: districtSeatBlocks.districtId })
    .from(districtSeatGifts)
    .innerJoin(districtSeatBlocks, eq(districtSeatBlocks.id, districtSeatGifts.blockId))
    .where(eq(districtSeatGifts.paymentId, refund.paymentId));
  if (!gift) return false;
  await appendEntry(tx, {
    districtId: gift.districtId,
    kind: 'REFUND',
    amountCents: refund.amountCents,
    paymentId: refund.paymentId,
    reason: refund.reason,
    createdById: refund.createdById,
  });
  return true;
}

/** The district's seats bought ahead, newest first, a page at a time. */
export async function seatBlocksPage(
  db: Executor,
  districtId: string,
  page: { page: number; pageSize: number },
): Promise<SeatBlockPage> {
  const rows = await db
    .select({
      id: districtSeatBlocks.id,
      title: districtSeatBlocks.title,
      priceCents: districtSeatBlocks.priceCents,
      seats: districtSeatBlocks.seats,
      seatsGiven: districtSeatBlocks.seatsGiven,
      seatsReturned: districtSeatBlocks.seatsReturned,
      createdByName: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      createdAt: districtSeatBlocks.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(districtSeatBlocks)
    .leftJoin(users, eq(users.id, districtSeatBlocks.createdById))
    .where(eq(districtSeatBlocks.districtId, districtId))
    .orderBy(desc(districtSeatBlocks.createdAt), desc(districtSeatBlocks.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const total = await pageTotal(db, rows, districtSeatBlocks, eq(districtSeatBlocks.districtId, districtId));
  const items: SeatBlock[] = rows.map(({ total: _total, createdAt, ...row }) => ({
    ...row,
    seatsLeft: seatsLeft(row),
    createdAt: createdAt.toISOString(),
  }));
  return { items, total, page: page.page, pageSize: page.pageSize };
}
