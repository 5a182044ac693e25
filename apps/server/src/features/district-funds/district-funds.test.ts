import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { districtFundMessages, type DistrictFundSummary } from '@portal/domain/organizations/district-funds.ts';
import type { CancellationReply } from '@portal/domain/commerce/refunds.ts';
import { cartItems, eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';
import { districtFundEntries } from '../../db/schema/district-funds.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { readCsv } from '../../test/exports.ts';
import { fillCartWithConferenceDay, fundedDistrict, neighbourSchool } from '../../test/districts.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
const ticketCents = 14_900;

const district = (depositCents: number) => fundedDistrict(t, depositCents);
const neighbour = (districtId: string) => neighbourSchool(t, districtId);

const setLimit = (caller: Caller, districtId: string, organizationId: string, limitCents: number) =>
  call(t.app, 'PUT', `/api/district-funds/${districtId}/schools/${organizationId}/allowance`, {
    caller,
    body: { limitCents },
  });

const fillCart = (userId: string, tickets: number) => fillCartWithConferenceDay(t, userId, tickets);

const payFromFund = (caller: Caller, organizationId: string) =>
  call(t.app, 'POST', '/api/checkout', {
    caller,
    body: { method: 'DISTRICT_FUNDS', organizationId },
    headers: { 'idempotency-key': randomUUID() },
  });

async function summary(caller: Caller, districtId: string) {
  const response = await call(t.app, 'GET', `/api/district-funds/${districtId}`, { caller });
  expect(response.statusCode).toBe(200);
  return response.json<DistrictFundSummary>();
}

async function paymentOf(paymentId: string) {
  const [payment] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, paymentId));
  return payment;
}

async function mailsTo(email: string) {
  return t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email));
}

describe('staff record deposits and see every fund', () => {
  it('writes a deposit to the ledger with its reference; the balance is the sum', async () => {
    const { staff, districtId } = await district(50_000);
    const again = await call(t.app, 'POST', `/api/admin/district-funds/${districtId}/entries`, {
      caller: staff.caller,
      body: { kind: 'DEPOSIT', amountCents: 25_000, reference: 'CHK 4411', reason: 'Second semester' },
    });
    expect(again.json<DistrictFundSummary>().balanceCents).toBe(75_000);
    const entries = await call(t.app, 'GET', `/api/admin/district-funds/${districtId}/entries`, {
      caller: staff.caller,
    });
    expect(entries.json().items).toMatchObject([
      { kind: 'DEPOSIT', amountCents: 25_000, reference: 'CHK 4411', reason: 'Second semester' },
      { kind: 'DEPOSIT', amountCents: 50_000, reference: 'PO-D-1001', reason: 'Title II' },
    ]);
    const list = await call(t.app, 'GET', '/api/admin/district-funds?pageSize=100&search=District of', {
      caller: staff.caller,
    });
    expect(list.json().items).toContainEqual(expect.objectContaining({ districtId, balanceCents: 75_000 }));
  });

  it('refuses a deposit of nothing (400) and an adjustment below zero (409)', async () => {
    const { staff, districtId } = await district(10_000);
    const zero = await call(t.app, 'POST', `/api/admin/district-funds/${districtId}/entries`, {
      caller: staff.caller,
      body: { kind: 'DEPOSIT', amountCents: -5, reference: 'X', reason: 'Y' },
    });
    expect(zero.statusCode).toBe(400);
    const below = await call(t.app, 'POST', `/api/admin/district-funds/${districtId}/entries`, {
      caller: staff.caller,
      body: { kind: 'ADJUSTMENT', amountCents: -10_001, reference: 'Fix', reason: 'Typo' },
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().detail).toBe(districtFundMessages.overdrawn(10_000));
  });

  it('keeps the ledger append-only: the database refuses UPDATE and DELETE', async () => {
    const { districtId } = await district(10_000);
    await expect(
      t.deps.db
        .update(districtFundEntries)
        .set({ amountCents: 1 })
        .where(eq(districtFundEntries.districtId, districtId)),
    ).rejects.toThrow();
    await expect(
      t.deps.db.delete(districtFundEntries).where(eq(districtFundEntries.districtId, districtId)),
    ).rejects.toThrow();
  });
});

describe('district administrators set what each school may spend', () => {
  it("lists the district's schools with their allowance, spent and left", async () => {
    const { districtId, administrator, school: first } = await district(10_000);
    expect((await setLimit(administrator.caller, districtId, first.organization.id, 30_000)).statusCode).toBe(200);
    const schools = await call(t.app, 'GET', `/api/district-funds/${districtId}/schools`, {
      caller: administrator.caller,
    });
    expect(schools.json().items).toEqual([
      {
        organizationId: first.organization.id,
        name: first.organization.name,
        eligible: true,
        limitCents: 30_000,
        spentCents: 0,
        leftCents: 30_000,
      },
    ]);
    const mine = await call(t.app, 'GET', '/api/district-funds', { caller: administrator.caller });
    expect(mine.json().items).toEqual([expect.objectContaining({ districtId, balanceCents: 10_000, waitingCount: 0 })]);
  });

  it("refuses a non-administrator (403), another district's administrator (403), another district's school (400), bad input (400)", async () => {
    const { districtId, school: first } = await district(10_000);
    const other = await district(10_000);
    expect((await setLimit(first.owner.caller, districtId, first.organization.id, 1)).statusCode).toBe(403);
    const foreign = await setLimit(other.administrator.caller, districtId, first.organization.id, 1);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toBe(districtFundMessages.notAdministrator);
    expect(
      (await call(t.app, 'GET', `/api/district-funds/${districtId}/entries`, { caller: other.administrator.caller }))
        .statusCode,
    ).toBe(403);
    const outside = await setLimit(other.administrator.caller, other.districtId, first.organization.id, 1);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().detail).toBe(districtFundMessages.schoolNotInDistrict);
    expect(
      (await setLimit(other.administrator.caller, other.districtId, other.school.organization.id, -1)).statusCode,
    ).toBe(400);
    expect((await setLimit(other.administrator.caller, randomUUID(), other.school.organization.id, 1)).statusCode).toBe(
      404,
    );
  });
});

describe('paying with District funds at checkout', () => {
  it("pays at once within the school's allowance: a SPEND row, the receipt, the balance lowered", async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 50_000);
    const option = await call(t.app, 'GET', `/api/district-funds/options?organizationId=${first.organization.id}`, {
      caller: first.owner.caller,
    });
    expect(option.json()).toMatchObject({ available: true, leftCents: 50_000, balanceCents: 100_000 });
    await fillCart(first.owner.user.id, 2);

    const response = await payFromFund(first.owner.caller, first.organization.id);
    expect(response.statusCode).toBe(201);
    const { eventPaymentId, redirectUrl } = response.json<{ eventPaymentId: string; redirectUrl: string }>();
    expect(redirectUrl).toContain('source=district-funds');
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'PAID', method: 'DISTRICT_FUNDS', provider: null });
    const receipts = await t.deps.db
      .select()
      .from(eventPaymentReceipts)
      .where(eq(eventPaymentReceipts.paymentId, eventPaymentId));
    expect(receipts).toHaveLength(1);
    const [spent] = await t.deps.db
      .select()
      .from(districtFundEntries)
      .where(and(eq(districtFundEntries.paymentId, eventPaymentId), eq(districtFundEntries.kind, 'SPEND')));
    expect(spent).toMatchObject({ amountCents: -2 * ticketCents, organizationId: first.organization.id });
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(100_000 - 2 * ticketCents);
  });

  it('refuses a school that is not eligible, its ADMIN, and an order past the balance; nothing is written', async () => {
    const { districtId, administrator, school: first } = await district(20_000);
    await fillCart(first.owner.user.id, 1);
    const notEligible = await payFromFund(first.owner.caller, first.organization.id);
    expect(notEligible.statusCode).toBe(403);
    expect(notEligible.json().detail).toBe(districtFundMessages.notEligible);

    await setLimit(administrator.caller, districtId, first.organization.id, 1_000_000);
    await fillCart(first.admin.user.id, 1);
    expect((await payFromFund(first.admin.caller, first.organization.id)).statusCode).toBe(403);

    await fillCart(first.owner.user.id, 1);
    const past = await payFromFund(first.owner.caller, first.organization.id);
    expect(past.statusCode).toBe(409);
    expect(past.json().detail).toBe(districtFundMessages.balanceShort(20_000));
    const left = await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, first.owner.user.id));
    expect(left).toHaveLength(2);
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(20_000);
  });

  it("waits for approval past the school's allowance: the administrator is mailed, approves, the fund pays", async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 10_000);
    await fillCart(first.owner.user.id, 1);
    const response = await payFromFund(first.owner.caller, first.organization.id);
    expect(response.statusCode).toBe(201);
    const { eventPaymentId } = response.json<{ eventPaymentId: string }>();
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'AWAITING_APPROVAL', seatsHeld: true });
    const mails = await mailsTo(administrator.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([districtFundMessages.approvalSubject(first.organization.name)]);
    expect((await summary(administrator.caller, districtId)).waitingCount).toBe(1);
    const approvals = await call(t.app, 'GET', `/api/district-funds/${districtId}/approvals`, {
      caller: administrator.caller,
    });
    expect(approvals.json()).toMatchObject({
      total: 1,
      items: [{ paymentId: eventPaymentId, totalCents: ticketCents }],
    });

    const other = await district(0);
    const foreign = await call(t.app, 'POST', `/api/district-funds/${districtId}/approvals/${eventPaymentId}/approve`, {
      caller: other.administrator.caller,
    });
    expect(foreign.statusCode).toBe(403);

    const approved = await call(
      t.app,
      'POST',
      `/api/district-funds/${districtId}/approvals/${eventPaymentId}/approve`,
      {
        caller: administrator.caller,
      },
    );
    expect(approved.json()).toMatchObject({ status: 'PAID' });
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'PAID' });
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(100_000 - ticketCents);
    const twice = await call(t.app, 'POST', `/api/district-funds/${districtId}/approvals/${eventPaymentId}/approve`, {
      caller: administrator.caller,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('declines with a reason: the order is unpaid again, its tickets back in the cart, the buyer told why', async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 0);
    await fillCart(first.owner.user.id, 1);
    const { eventPaymentId } = (await payFromFund(first.owner.caller, first.organization.id)).json<{
      eventPaymentId: string;
    }>();
    const noReason = await call(
      t.app,
      'POST',
      `/api/district-funds/${districtId}/approvals/${eventPaymentId}/decline`,
      {
        caller: administrator.caller,
        body: { reason: ' ' },
      },
    );
    expect(noReason.statusCode).toBe(400);
    const declined = await call(
      t.app,
      'POST',
      `/api/district-funds/${districtId}/approvals/${eventPaymentId}/decline`,
      {
        caller: administrator.caller,
        body: { reason: 'Over this term’s budget' },
      },
    );
    expect(declined.json()).toMatchObject({ status: 'CANCELLED' });
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false });
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, first.owner.user.id))).toHaveLength(1);
    const mail = (await mailsTo(first.owner.user.email)).find(
      (row) => row.subject === districtFundMessages.declinedSubject,
    );
    expect(mail?.text).toContain('Over this term’s budget');
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(100_000);
  });

  it('the buyer withdraws an order still waiting: cancelled, its tickets back in the cart, off the list; no one else can', async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 0);
    await fillCart(first.owner.user.id, 1);
    const { eventPaymentId } = (await payFromFund(first.owner.caller, first.organization.id)).json<{
      eventPaymentId: string;
    }>();
    const withdraw = (caller: Caller, id = eventPaymentId) =>
      call(t.app, 'POST', `/api/event-payments/${id}/withdraw`, { caller });
    const listed = await call(t.app, 'GET', '/api/event-payments', { caller: first.owner.caller });
    expect(listed.json().items).toEqual([expect.objectContaining({ id: eventPaymentId, mayWithdraw: true })]);

    expect((await withdraw(first.admin.caller)).statusCode).toBe(404);
    expect((await withdraw(administrator.caller)).statusCode).toBe(404);
    expect((await withdraw(first.owner.caller, 'not-a-payment')).statusCode).toBe(400);
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'AWAITING_APPROVAL', seatsHeld: true });

    const withdrawn = await withdraw(first.owner.caller);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toEqual({ status: 'CANCELLED', message: districtFundMessages.withdrawn });
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'CANCELLED', seatsHeld: false });
    expect(await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, first.owner.user.id))).toHaveLength(1);
    const approvals = await call(t.app, 'GET', `/api/district-funds/${districtId}/approvals`, {
      caller: administrator.caller,
    });
    expect(approvals.json()).toMatchObject({ total: 0, items: [] });
    expect((await summary(administrator.caller, districtId)).waitingCount).toBe(0);
    expect((await mailsTo(administrator.user.email)).map((mail) => mail.subject)).toContain(
      districtFundMessages.withdrawnSubject(first.organization.name),
    );
    expect((await withdraw(first.owner.caller)).statusCode).toBe(409);
    const late = await call(t.app, 'POST', `/api/district-funds/${districtId}/approvals/${eventPaymentId}/approve`, {
      caller: administrator.caller,
    });
    expect(late.statusCode).toBe(409);
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(100_000);
  });

  it('an order the administrator decided already cannot be withdrawn (409)', async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 0);
    await fillCart(first.owner.user.id, 1);
    const { eventPaymentId } = (await payFromFund(first.owner.caller, first.organization.id)).json<{
      eventPaymentId: string;
    }>();
    const approved = await call(
      t.app,
      'POST',
      `/api/district-funds/${districtId}/approvals/${eventPaymentId}/approve`,
      {
        caller: administrator.caller,
      },
    );
    expect(approved.statusCode).toBe(200);
    const refused = await call(t.app, 'POST', `/api/event-payments/${eventPaymentId}/withdraw`, {
      caller: first.owner.caller,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(districtFundMessages.notWaiting);
    expect(await paymentOf(eventPaymentId)).toMatchObject({ status: 'PAID' });
  });

  it('two schools spending the last dollars at once: one is paid, one refused, the balance never below zero', async () => {
    const { districtId, administrator, school: first } = await district(ticketCents);
    const second = await neighbour(districtId);
    await setLimit(administrator.caller, districtId, first.organization.id, 100_000);
    await setLimit(administrator.caller, districtId, second.organization.id, 100_000);
    await fillCart(first.owner.user.id, 1);
    await fillCart(second.owner.user.id, 1);

    const responses = await Promise.all([
      payFromFund(first.owner.caller, first.organization.id),
      payFromFund(second.owner.caller, second.organization.id),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const [row] = await t.deps.db
      .select({ balance: sql<number>`sum(${districtFundEntries.amountCents})::int`, count: sql<number>`count(*)::int` })
      .from(districtFundEntries)
      .where(eq(districtFundEntries.districtId, districtId));
    expect(row).toEqual({ balance: 0, count: 2 });
  });

  it('a cancellation refunds to the fund: a REFUND row, the balance and the school’s allowance credited', async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 50_000);
    await fillCart(first.owner.user.id, 2);
    const { eventPaymentId } = (await payFromFund(first.owner.caller, first.organization.id)).json<{
      eventPaymentId: string;
    }>();
    const [item] = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, eventPaymentId));
    const cancelled = await call(t.app, 'POST', `/api/event-payments/${eventPaymentId}/cancellation`, {
      caller: first.owner.caller,
      body: { items: [{ itemId: item?.id, unassigned: 2 }] },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json<CancellationReply>().refund).toMatchObject({
      amountCents: 2 * ticketCents,
      method: 'DISTRICT_FUND',
      status: 'SETTLED',
    });
    expect((await summary(administrator.caller, districtId)).balanceCents).toBe(100_000);
    const entries = await call(t.app, 'GET', `/api/district-funds/${districtId}/entries`, {
      caller: administrator.caller,
    });
    expect(entries.json().items[0]).toMatchObject({
      kind: 'REFUND',
      amountCents: 2 * ticketCents,
      organizationName: first.organization.name,
    });
    const schools = await call(t.app, 'GET', `/api/district-funds/${districtId}/schools`, {
      caller: administrator.caller,
    });
    expect(schools.json().items[0]).toMatchObject({ spentCents: 0, leftCents: 50_000 });
  });
});

describe('spending by school and event, with its export', () => {
  it('sums spends and refunds per school and event, and the CSV says the same', async () => {
    const { districtId, administrator, school: first } = await district(100_000);
    await setLimit(administrator.caller, districtId, first.organization.id, 100_000);
    const day = await fillCart(first.owner.user.id, 3);
    expect((await payFromFund(first.owner.caller, first.organization.id)).statusCode).toBe(201);
    const spending = await call(t.app, 'GET', `/api/district-funds/${districtId}/spending`, {
      caller: administrator.caller,
    });
    expect(spending.json().items).toEqual([
      {
        organizationName: first.organization.name,
        eventName: day.event.name,
        spentCents: 3 * ticketCents,
        refundedCents: 0,
        netCents: 3 * ticketCents,
      },
    ]);
    const file = await call(t.app, 'GET', `/api/district-funds/${districtId}/spending/export?format=csv`, {
      caller: administrator.caller,
    });
    expect(file.statusCode).toBe(200);
    expect(readCsv(file.body)).toEqual([
      ['School', 'Event', 'Spent', 'Refunded', 'Net'],
      [first.organization.name, day.event.name, '447.00', '0.00', '447.00'],
    ]);
    const refused = await call(t.app, 'GET', `/api/district-funds/${districtId}/spending/export?format=csv`, {
      caller: first.owner.caller,
    });
    expect(refused.statusCode).toBe(403);
  });
});
