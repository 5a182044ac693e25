import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CancellationReply } from '@portal/domain/commerce/refunds.ts';
import { districtFundMessages } from '@portal/domain/organizations/district-funds.ts';
import {
  districtSeatMessages,
  type SeatBlockPage,
  type SeatsAheadCart,
} from '@portal/domain/organizations/seat-blocks.ts';
import { cartItems, carts, eventPaymentItems, eventPayments, eventSections } from '../../db/schema/commerce.ts';
import { districtFundEntries, districtSeatGifts } from '../../db/schema/district-funds.ts';
import { districts } from '../../db/schema/organizations.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { createCoupon } from '../../test/commerce-factories.ts';
import { fillCartWithConferenceDay, fundedDistrict } from '../../test/districts.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { school } from '../../test/school.ts';

const t = useTestApp();
const ticketCents = 14_900;

const base = (districtId: string) => `/api/district-funds/${districtId}/seat-blocks`;
const buyAhead = (caller: Caller, districtId: string) => call(t.app, 'POST', base(districtId), { caller });
const blocksOf = async (caller: Caller, districtId: string) => {
  const response = await call(t.app, 'GET', base(districtId), { caller });
  expect(response.statusCode).toBe(200);
  return response.json<SeatBlockPage>();
};
const give = (caller: Caller, districtId: string, blockId: string, body: unknown, key: string = randomUUID()) =>
  call(t.app, 'POST', `${base(districtId)}/${blockId}/gifts`, { caller, body, headers: { 'idempotency-key': key } });
const giveBack = (caller: Caller, districtId: string, blockId: string, body: unknown, key: string = randomUUID()) =>
  call(t.app, 'POST', `${base(districtId)}/${blockId}/returns`, { caller, body, headers: { 'idempotency-key': key } });

async function balanceOf(districtId: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ balance: sql<number>`coalesce(sum(${districtFundEntries.amountCents}), 0)::int` })
    .from(districtFundEntries)
    .where(eq(districtFundEntries.districtId, districtId));
  return row?.balance ?? 0;
}

async function taken(sectionId: string): Promise<number> {
  const [row] = await t.deps.db
    .select({ taken: eventSections.ticketsTaken })
    .from(eventSections)
    .where(eq(eventSections.id, sectionId));
  return row?.taken ?? -1;
}

/** A district with $1,000 whose administrator bought `seats` seats ahead; answers the block. */
async function boughtAhead(seats: number, sectionMaxTickets: number | null = 20) {
  const made = await fundedDistrict(t, 100_000);
  const day = await fillCartWithConferenceDay(t, made.administrator.user.id, seats, sectionMaxTickets);
  const bought = await buyAhead(made.administrator.caller, made.districtId);
  expect(bought.statusCode, bought.body).toBe(201);
  const [block] = (await blocksOf(made.administrator.caller, made.districtId)).items;
  if (!block) throw new Error('no seats bought ahead');
  return { ...made, day, block };
}

describe('a district administrator buys the seats in their cart ahead, from the fund', () => {
  it('shows the cart first, then buys it: seats counted, the fund spent, a block a line, the cart emptied', async () => {
    const { districtId, administrator } = await fundedDistrict(t, 100_000);
    const day = await fillCartWithConferenceDay(t, administrator.user.id, 3);
    const preview = await call(t.app, 'GET', `${base(districtId)}/cart`, { caller: administrator.caller });
    expect(preview.json<SeatsAheadCart>()).toEqual({
      lines: [{ title: `${day.event.name} — Coaching Writing`, numberOfTickets: 3, priceCents: ticketCents }],
      totalCents: 3 * ticketCents,
      balanceCents: 100_000,
      refusal: null,
    });

    const bought = await buyAhead(administrator.caller, districtId);
    expect(bought.statusCode).toBe(201);
    expect(bought.json()).toEqual({ blocks: 1, seats: 3, totalCents: 3 * ticketCents });
    expect(await taken(day.section.id)).toBe(3);
    expect(await balanceOf(districtId)).toBe(100_000 - 3 * ticketCents);
    const [spend] = await t.deps.db
      .select()
      .from(districtFundEntries)
      .where(and(eq(districtFundEntries.districtId, districtId), eq(districtFundEntries.kind, 'SPEND')));
    expect(spend).toMatchObject({ amountCents: -3 * ticketCents, organizationId: null, paymentId: null });
    expect(spend?.reason).toBe(districtSeatMessages.boughtReason(`3 × ${day.event.name} — Coaching Writing`));
    const blocks = await blocksOf(administrator.caller, districtId);
    expect(blocks.total).toBe(1);
    expect(blocks.items[0]).toMatchObject({ seats: 3, seatsGiven: 0, seatsReturned: 0, seatsLeft: 3 });
    expect(spend?.seatBlockId).toBe(blocks.items[0]?.id);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, administrator.user.id))).toEqual([]);

    // A second click finds the cart empty: nothing is bought twice.
    const again = await buyAhead(administrator.caller, districtId);
    expect(again.statusCode).toBe(400);
    expect(again.json().detail).toBe(districtSeatMessages.cartEmpty);
    expect(await balanceOf(districtId)).toBe(100_000 - 3 * ticketCents);
  });

  it('refuses a cart the fund cannot cover (409) and writes nothing: seats, fund and cart as they were', async () => {
    const { districtId, administrator } = await fundedDistrict(t, 40_000);
    const day = await fillCartWithConferenceDay(t, administrator.user.id, 3);
    const preview = await call(t.app, 'GET', `${base(districtId)}/cart`, { caller: administrator.caller });
    expect(preview.json<SeatsAheadCart>().refusal).toBe(districtSeatMessages.balanceShort(40_000));
    const refused = await buyAhead(administrator.caller, districtId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(districtSeatMessages.balanceShort(40_000));
    expect(await taken(day.section.id)).toBe(0);
    expect(await balanceOf(districtId)).toBe(40_000);
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, administrator.user.id))).toHaveLength(1);
  });

  it('refuses seats no longer there (409), a cart with a coupon (409) and an empty cart (400)', async () => {
    const { districtId, administrator } = await fundedDistrict(t, 100_000);
    await fillCartWithConferenceDay(t, administrator.user.id, 3, 2);
    const soldOut = await buyAhead(administrator.caller, districtId);
    expect(soldOut.statusCode).toBe(409);
    expect(await balanceOf(districtId)).toBe(100_000);

    await t.deps.db.delete(cartItems).where(eq(cartItems.userId, administrator.user.id));
    const empty = await buyAhead(administrator.caller, districtId);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().detail).toBe(districtSeatMessages.cartEmpty);

    const day = await fillCartWithConferenceDay(t, administrator.user.id, 1);
    const coupon = await createCoupon(t.deps.db, { eventId: day.event.id });
    await t.deps.db.insert(carts).values({ userId: administrator.user.id, couponId: coupon.id });
    const withCoupon = await buyAhead(administrator.caller, districtId);
    expect(withCoupon.statusCode).toBe(409);
    expect(withCoupon.json().detail).toBe(districtSeatMessages.couponOnCart);
  });

  it('refuses anyone but the district’s administrators: a school’s owner, another district’s, an unknown district', async () => {
    const { districtId, school: first } = await fundedDistrict(t, 100_000);
    const other = await fundedDistrict(t, 100_000);
    await fillCartWithConferenceDay(t, first.owner.user.id, 1);
    for (const caller of [first.owner.caller, other.administrator.caller]) {
      expect((await buyAhead(caller, districtId)).statusCode).toBe(403);
      expect((await call(t.app, 'GET', base(districtId), { caller })).statusCode).toBe(403);
      expect((await call(t.app, 'GET', `${base(districtId)}/cart`, { caller })).statusCode).toBe(403);
    }
    expect((await buyAhead(other.administrator.caller, randomUUID())).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `${base('not-an-id')}`, { caller: other.administrator.caller })).statusCode).toBe(
      400,
    );
    expect(await balanceOf(districtId)).toBe(100_000);
  });
});

describe('seats bought ahead are given to the district’s schools or returned', () => {
  it('gives seats to a school as its paid order: receipt, its managers mailed, the buckets unmoved', async () => {
    const { districtId, administrator, school: first, day, block } = await boughtAhead(3);
    const given = await give(administrator.caller, districtId, block.id, {
      organizationId: first.organization.id,
      seats: 2,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({
      message: districtSeatMessages.given(2, first.organization.name),
      seatsLeft: 1,
    });
    const [gift] = await t.deps.db.select().from(districtSeatGifts).where(eq(districtSeatGifts.blockId, block.id));
    const payment = (
      await t.deps.db
        .select()
        .from(eventPayments)
        .where(eq(eventPayments.id, gift?.paymentId ?? ''))
    )[0];
    expect(payment).toMatchObject({
      organizationId: first.organization.id,
      userId: administrator.user.id,
      status: 'PAID',
      method: 'DISTRICT_FUNDS',
      totalCents: 2 * ticketCents,
      seatsHeld: true,
    });
    const items = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, payment?.id ?? ''));
    expect(items).toMatchObject([{ sectionId: day.section.id, numberOfTickets: 2, priceCents: ticketCents }]);
    expect(
      await t.deps.db
        .select()
        .from(eventPaymentReceipts)
        .where(eq(eventPaymentReceipts.paymentId, payment?.id ?? '')),
    ).toHaveLength(1);
    expect(await taken(day.section.id)).toBe(3);
    // Bought once: the gift spends nothing more from the fund.
    expect(await balanceOf(districtId)).toBe(100_000 - 3 * ticketCents);
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, first.owner.user.email));
    const [district] = await t.deps.db.select().from(districts).where(eq(districts.id, districtId));
    expect(mails.map((mail) => mail.subject)).toContain(districtSeatMessages.giftSubject(district?.name ?? ''));
    // The school's owner sees the order among the school's payments.
    const payments = await call(t.app, 'GET', '/api/event-payments?pageSize=50', { caller: first.owner.caller });
    expect(payments.json<{ items: { id: string }[] }>().items.map((row) => row.id)).toContain(payment?.id);
  });

  it('refuses more seats than the block holds (409), a school of another district (400) and bad input (400)', async () => {
    const { districtId, administrator, school: first, block } = await boughtAhead(2);
    const tooMany = await give(administrator.caller, districtId, block.id, {
      organizationId: first.organization.id,
      seats: 3,
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().detail).toBe(districtSeatMessages.tooMany(2));
    const elsewhere = await school(t);
    const outside = await give(administrator.caller, districtId, block.id, {
      organizationId: elsewhere.organization.id,
      seats: 1,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(districtFundMessages.schoolNotInDistrict);
    for (const body of [
      { organizationId: first.organization.id, seats: 0 },
      { organizationId: 'x', seats: 1 },
      { organizationId: first.organization.id, seats: 1.5 },
    ])
      expect((await give(administrator.caller, districtId, block.id, body)).statusCode).toBe(400);
    expect((await giveBack(administrator.caller, districtId, block.id, { seats: -1 })).statusCode).toBe(400);
    expect(
      (await give(administrator.caller, districtId, randomUUID(), { organizationId: first.organization.id, seats: 1 }))
        .statusCode,
    ).toBe(404);
    expect((await blocksOf(administrator.caller, districtId)).items[0]?.seatsLeft).toBe(2);
  });

  it('refuses a school’s owner and another district’s administrator giving or returning seats (403)', async () => {
    const { districtId, school: first, block } = await boughtAhead(2);
    const other = await fundedDistrict(t, 0);
    for (const caller of [first.owner.caller, other.administrator.caller]) {
      expect(
        (await give(caller, districtId, block.id, { organizationId: first.organization.id, seats: 1 })).statusCode,
      ).toBe(403);
      expect((await giveBack(caller, districtId, block.id, { seats: 1 })).statusCode).toBe(403);
    }
  });

  it('gives the last seat once when two gifts of it race: one given, one refused', async () => {
    const { districtId, administrator, school: first, block } = await boughtAhead(1);
    const body = { organizationId: first.organization.id, seats: 1 };
    const answers = await Promise.all([
      give(administrator.caller, districtId, block.id, body),
      give(administrator.caller, districtId, block.id, body),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(
      await t.deps.db.select().from(districtSeatGifts).where(eq(districtSeatGifts.blockId, block.id)),
    ).toHaveLength(1);
  });

  it('gives and returns once per Idempotency-Key: a repeat answers the same, another body with it is refused', async () => {
    const { districtId, administrator, school: first, day, block } = await boughtAhead(3);
    const body = { organizationId: first.organization.id, seats: 1 };
    const key = randomUUID();
    const answers = [
      await give(administrator.caller, districtId, block.id, body, key),
      await give(administrator.caller, districtId, block.id, body, key),
    ];
    expect(answers.map((answer) => answer.json<{ message: string; seatsLeft: number }>())).toEqual([
      { message: districtSeatMessages.given(1, first.organization.name), seatsLeft: 2 },
      { message: districtSeatMessages.given(1, first.organization.name), seatsLeft: 2 },
    ]);
    expect(
      await t.deps.db.select().from(districtSeatGifts).where(eq(districtSeatGifts.blockId, block.id)),
    ).toHaveLength(1);
    const reused = await give(administrator.caller, districtId, block.id, { ...body, seats: 2 }, key);
    expect(reused.statusCode).toBe(422);

    const returnKey = randomUUID();
    for (let i = 0; i < 2; i += 1)
      expect((await giveBack(administrator.caller, districtId, block.id, { seats: 1 }, returnKey)).json()).toEqual({
        message: districtSeatMessages.returned(1, ticketCents),
        seatsLeft: 1,
      });
    expect(await taken(day.section.id)).toBe(2);
    expect(await balanceOf(districtId)).toBe(100_000 - 2 * ticketCents);

    const unkeyed = await call(t.app, 'POST', `${base(districtId)}/${block.id}/returns`, {
      caller: administrator.caller,
      body: { seats: 1 },
    });
    expect(unkeyed.statusCode).toBe(400);
  });

  it('returns unused seats: back on sale and their price back in the fund', async () => {
    const { districtId, administrator, day, block } = await boughtAhead(3);
    const returned = await giveBack(administrator.caller, districtId, block.id, { seats: 2 });
    expect(returned.statusCode).toBe(200);
    expect(returned.json()).toEqual({ message: districtSeatMessages.returned(2, 2 * ticketCents), seatsLeft: 1 });
    expect(await taken(day.section.id)).toBe(1);
    expect(await balanceOf(districtId)).toBe(100_000 - ticketCents);
    const tooMany = await giveBack(administrator.caller, districtId, block.id, { seats: 2 });
    expect(tooMany.statusCode).toBe(409);
    expect((await blocksOf(administrator.caller, districtId)).items[0]).toMatchObject({
      seatsReturned: 2,
      seatsLeft: 1,
    });
  });

  it('a given order cancelled by its buyer, the administrator, goes back to the district’s fund, not to the school’s allowance', async () => {
    const { districtId, administrator, school: first, block } = await boughtAhead(2);
    await give(administrator.caller, districtId, block.id, { organizationId: first.organization.id, seats: 2 });
    const [gift] = await t.deps.db.select().from(districtSeatGifts).where(eq(districtSeatGifts.blockId, block.id));
    const [item] = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, gift?.paymentId ?? ''));
    const cancelled = await call(t.app, 'POST', `/api/event-payments/${gift?.paymentId}/cancellation`, {
      caller: administrator.caller,
      body: { items: [{ itemId: item?.id, unassigned: 2 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<CancellationReply>().refund).toMatchObject({
      amountCents: 2 * ticketCents,
      method: 'DISTRICT_FUND',
      status: 'SETTLED',
    });
    expect(await balanceOf(districtId)).toBe(100_000);
    const refunds = await t.deps.db
      .select()
      .from(districtFundEntries)
      .where(and(eq(districtFundEntries.kind, 'REFUND'), isNotNull(districtFundEntries.paymentId)));
    expect(refunds.filter((row) => row.districtId === districtId)).toMatchObject([
      { amountCents: 2 * ticketCents, organizationId: null, paymentId: gift?.paymentId },
    ]);
  });
});

describe('staff see the seats every district bought ahead', () => {
  it('lists them for staff, refuses anyone else (403), an unknown district (404) and a bad id (400)', async () => {
    const { districtId, staff, administrator, block } = await boughtAhead(2);
    const path = `/api/admin/district-funds/${districtId}/seat-blocks`;
    const listed = await call(t.app, 'GET', path, { caller: staff.caller });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<SeatBlockPage>().items).toMatchObject([{ id: block.id, seats: 2, seatsLeft: 2 }]);
    expect((await call(t.app, 'GET', path, { caller: administrator.caller })).statusCode).toBe(403);
    const unknown = `/api/admin/district-funds/${randomUUID()}/seat-blocks`;
    expect((await call(t.app, 'GET', unknown, { caller: staff.caller })).statusCode).toBe(404);
    const bad = '/api/admin/district-funds/x/seat-blocks';
    expect((await call(t.app, 'GET', bad, { caller: staff.caller })).statusCode).toBe(400);
  });
});
