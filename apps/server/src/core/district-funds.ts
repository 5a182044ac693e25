import { and, asc, desc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  districtFundMessages,
  districtSpendDecision,
  type DistrictFundEntryKind,
  type DistrictFundEntryPage,
  type DistrictFundSummary,
  type DistrictFundSummaryPage,
} from '@portal/domain/organizations/district-funds.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { Executor } from '../db/client.ts';
import { pageTotal } from '../db/page-total.ts';
import {
  districtFundAllowances,
  districtFundApprovals,
  districtFundEntries,
  districtFunds,
} from '../db/schema/district-funds.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { districtMemberships, districts, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { conflict, forbidden, notFound } from '../platform/errors.ts';
import { queueMail } from '../platform/mail.ts';
import { markPaid } from './capacity.ts';
import { activeMembershipRole } from './memberships.ts';

/**
 * District funds (issue 41, docs/decisions/0214-district-funds.md): the one owner of the district_fund*
 * tables. The ledger is append-only (a trigger refuses UPDATE and DELETE) and the balance is its sum.
 * Whatever can lower the balance locks the fund's row first, in this order after seats and coupons and
 * before the receipt counter: two spends of the last dollars queue on it, the second reads the first's
 * row and is refused, and the balance never goes below zero.
 */

/** Who administers a district: an active district membership as OWNER or ADMIN. */
const administers = (districtId: string | SQL, userId: string) =>
  and(
    eq(districtMemberships.districtId, districtId),
    eq(districtMemberships.userId, userId),
    isNull(districtMemberships.archivedAt),
    inArray(districtMemberships.role, ['OWNER', 'ADMIN']),
  );

/**
 * The district's name when the caller administers it. An unknown district is 404; someone who is not
 * its administrator is refused (403), so another district's fund is never read or changed.
 */
export async function requireDistrictAdministrator(db: Executor, districtId: string, userId: string): Promise<string> {
  const [row] = await db
    .select({
      name: districts.name,
      administrator: sql<boolean>`exists (select 1 from ${districtMemberships} where ${administers(districtId, userId)})`,
    })
    .from(districts)
    .where(eq(districts.id, districtId));
  if (!row) throw notFound(districtFundMessages.districtNotFound);
  if (!row.administrator) throw forbidden(districtFundMessages.notAdministrator);
  return row.name;
}

/** The fund's row, made on first use; FOR UPDATE in the caller's transaction (see the lock order above). */
export async function lockFund(tx: Executor, districtId: string): Promise<void> {
  await tx.insert(districtFunds).values({ districtId }).onConflictDoNothing();
  await tx
    .select({ districtId: districtFunds.districtId })
    .from(districtFunds)
    .where(eq(districtFunds.districtId, districtId))
    .for('update');
}

export async function ensureFund(tx: Executor, districtId: string): Promise<void> {
  await tx.insert(districtFunds).values({ districtId }).onConflictDoNothing();
}

/** The balance: the sum of the ledger. */
export async function fundBalance(db: Executor, districtId: string): Promise<number> {
  const [row] = await db
    .select({ balance: sql<number>`coalesce(sum(${districtFundEntries.amountCents}), 0)::int` })
    .from(districtFundEntries)
    .where(eq(districtFundEntries.districtId, districtId));
  return row?.balance ?? 0;
}

/** What a school spent from its district's fund, refunds taken off. */
export async function schoolSpent(db: Executor, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ spent: sql<number>`coalesce(-sum(${districtFundEntries.amountCents}), 0)::int` })
    .from(districtFundEntries)
    .where(
      and(
        eq(districtFundEntries.organizationId, organizationId),
        inArray(districtFundEntries.kind, ['SPEND', 'REFUND']),
      ),
    );
  return row?.spent ?? 0;
}

export interface LedgerRow {
  districtId: string;
  kind: DistrictFundEntryKind;
  amountCents: number;
  organizationId?: string | null;
  paymentId?: string | null;
  /** Seats bought ahead that this row paid for or gave back (core/seat-blocks.ts). */
  seatBlockId?: string | null;
  reference?: string | null;
  reason: string;
  createdById: string | null;
}

export async function appendEntry(tx: Executor, row: LedgerRow): Promise<string> {
  // Stamped when written, after the fund's lock (not at the transaction's start): the ledger's order by created_at is
  // the order the balance moved in, which bench's 'district fund below zero' adds up.
  const [written] = await tx
    .insert(districtFundEntries)
    .values({ ...row, createdAt: sql`clock_timestamp()` })
    .returning({ id: districtFundEntries.id });
  if (!written) throw new Error('the fund entry was not written');
  return written.id;
}

/**
 * A deposit or an adjustment by staff, under the fund's lock: one that would take the balance below
 * zero is refused (409) and nothing is written.
 */
export async function recordStaffEntry(tx: Executor, row: LedgerRow): Promise<string> {
  await lockFund(tx, row.districtId);
  const balance = await fundBalance(tx, row.districtId);
  if (balance + row.amountCents < 0) throw conflict(districtFundMessages.overdrawn(balance));
  return appendEntry(tx, row);
}

/** The school's district and allowance, when its district's administrators made it eligible. */
async function schoolAllowance(db: Executor, organizationId: string) {
  const [row] = await db
    .select({
      districtId: organizations.districtId,
      districtName: districts.name,
      schoolName: organizations.name,
      limitCents: districtFundAllowances.limitCents,
      allowanceDistrictId: districtFundAllowances.districtId,
    })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .leftJoin(districtFundAllowances, eq(districtFundAllowances.organizationId, organizations.id))
    .where(eq(organizations.id, organizationId));
  return row;
}

/** What the checkout offers a school's buyer: whether District funds can pay, and what is left. */
export async function districtFundOptionOf(db: Executor, organizationId: string, userId: string) {
  const none = { available: false, districtName: null, leftCents: null, balanceCents: null };
  if ((await activeMembershipRole(db, organizationId, userId)) !== 'OWNER') return none;
  const school = await schoolAllowance(db, organizationId);
  if (!school?.districtId || school.limitCents === null || school.allowanceDistrictId !== school.districtId)
    return none;
  const balance = await fundBalance(db, school.districtId);
  const spent = await schoolSpent(db, organizationId);
  return {
    available: true,
    districtName: school.districtName,
    leftCents: Math.max(0, school.limitCents - spent),
    balanceCents: balance,
  };
}

export interface FundPayment {
  paymentId: string;
  organizationId: string | null;
  totalCents: number;
  buyerId: string;
}

/** The district's administrators' addresses, for the mail of an order waiting for them. */
async function administratorEmails(db: Executor, districtId: string): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(districtMemberships)
    .innerJoin(users, eq(users.id, districtMemberships.userId))
    .where(
      and(
        eq(districtMemberships.districtId, districtId),
        isNull(districtMemberships.archivedAt),
        inArray(districtMemberships.role, ['OWNER', 'ADMIN']),
      ),
    );
  return rows.map((row) => row.email);
}

/**
 * The checkout's District funds, in its transaction, after the payment, its seats and its coupon use
 * are written (the payment is AWAITING_APPROVAL, openingTerms): only the school's OWNER pays this way,
 * for a school its district made eligible. Under the fund's lock, an order the balance cannot cover is
 * refused (409, everything undone); within the school's allowance left the fund pays at once (a SPEND
 * row, then markPaid and its receipt); past it, the order waits and the administrators are mailed.
 */
export async function payFromDistrictFund(
  tx: Executor,
  payment: FundPayment,
  now: Date,
  publicUrl: string,
): Promise<'PAID' | 'AWAITING_APPROVAL'> {
  const { organizationId } = payment;
  if (!organizationId || (await activeMembershipRole(tx, organizationId, payment.buyerId)) !== 'OWNER')
    throw forbidden(districtFundMessages.notEligible);
  const school = await schoolAllowance(tx, organizationId);
  const districtId = school?.districtId ?? null;
  if (!school || !districtId || school.allowanceDistrictId !== districtId)
    throw forbidden(districtFundMessages.notEligible);
  await lockFund(tx, districtId);
  const balance = await fundBalance(tx, districtId);
  const decision = districtSpendDecision({
    eligible: school.limitCents !== null,
    allowanceCents: school.limitCents ?? 0,
    spentCents: await schoolSpent(tx, organizationId),
    balanceCents: balance,
    totalCents: payment.totalCents,
  });
  if (decision === 'notEligible') throw forbidden(districtFundMessages.notEligible);
  if (decision === 'balanceShort') throw conflict(districtFundMessages.balanceShort(balance));
  if (decision === 'payNow') {
    await spend(tx, districtId, organizationId, payment, 'Paid at checkout, within the school’s allowance', now);
    return 'PAID';
  }
  await tx
    .insert(districtFundApprovals)
    .values({ paymentId: payment.paymentId, districtId, organizationId, createdAt: now });
  for (const to of await administratorEmails(tx, districtId)) {
    await queueMail(tx, {
      to,
      subject: districtFundMessages.approvalSubject(school.schoolName),
      text: [
        `${school.schoolName} asks ${school.districtName ?? 'the district'} to pay an order of ${formatCents(payment.totalCents)} from the district fund, past what the school may spend at once.`,
        '',
        `Approve or decline it: ${publicUrl}/members/districts/${districtId}`,
      ].join('\n'),
    });
  }
  return 'AWAITING_APPROVAL';
}

/** A SPEND row and the payment PAID (markPaid issues the receipt, last). The fund is locked by the caller. */
async function spend(
  tx: Executor,
  districtId: string,
  organizationId: string,
  payment: Pick<FundPayment, 'paymentId' | 'totalCents' | 'buyerId'>,
  reason: string,
  now: Date,
  approvedById?: string,
): Promise<void> {
  await appendEntry(tx, {
    districtId,
    kind: 'SPEND',
    amountCents: -payment.totalCents,
    organizationId,
    paymentId: payment.paymentId,
    reason,
    createdById: approvedById ?? payment.buyerId,
  });
  await markPaid(tx, payment.paymentId, 'district-fund', now);
}

/**
 * An administrator's approval of a waiting order, in the caller's transaction with the payment row
 * locked and found AWAITING_APPROVAL: under the fund's lock, a balance that no longer covers it is
 * refused (409); else the fund pays it.
 */
export async function approveFundSpend(
  tx: Executor,
  approval: { districtId: string; organizationId: string; paymentId: string; totalCents: number; buyerId: string },
  approvedById: string,
  now: Date,
): Promise<void> {
  await lockFund(tx, approval.districtId);
  const balance = await fundBalance(tx, approval.districtId);
  if (approval.totalCents > balance) throw conflict(districtFundMessages.balanceShort(balance));
  await spend(
    tx,
    approval.districtId,
    approval.organizationId,
    approval,
    'Approved by the district administrator',
    now,
    approvedById,
  );
  await tx
    .update(districtFundApprovals)
    .set({ decidedById: approvedById, decidedAt: now })
    .where(eq(districtFundApprovals.paymentId, approval.paymentId));
}

/**
 * The buyer withdraws their order before a district administrator decided it, in the caller's
 * transaction with the payment row locked and found AWAITING_APPROVAL: the approval row is decided by
 * the buyer, withdrawn (so it leaves the administrators' list), and they are told. False when no
 * approval of it waits (decided already, or never asked).
 */
export async function withdrawFundRequest(tx: Executor, paymentId: string, buyerId: string, now: Date) {
  const [withdrawn] = await tx
    .update(districtFundApprovals)
    .set({ decidedById: buyerId, decidedAt: now, withdrawn: true })
    .where(and(eq(districtFundApprovals.paymentId, paymentId), isNull(districtFundApprovals.decidedAt)))
    .returning({ districtId: districtFundApprovals.districtId, organizationId: districtFundApprovals.organizationId });
  if (!withdrawn) return false;
  const [school] = await tx
    .select({ name: organizations.name, totalCents: eventPayments.totalCents })
    .from(organizations)
    .innerJoin(eventPayments, eq(eventPayments.id, paymentId))
    .where(eq(organizations.id, withdrawn.organizationId));
  const schoolName = school?.name ?? 'A school';
  for (const to of await administratorEmails(tx, withdrawn.districtId)) {
    await queueMail(tx, {
      to,
      subject: districtFundMessages.withdrawnSubject(schoolName),
      text: [
        `${schoolName} withdrew its order of ${formatCents(school?.totalCents ?? 0)} that waited for your approval. Nothing is paid from the district fund and there is nothing to decide.`,
      ].join('\n'),
    });
  }
  return true;
}

/** A declined order's approval row, with why. */
export async function markDeclined(tx: Executor, paymentId: string, declinedById: string, reason: string, now: Date) {
  await tx
    .update(districtFundApprovals)
    .set({ decidedById: declinedById, decidedAt: now, declineReason: reason })
    .where(eq(districtFundApprovals.paymentId, paymentId));
}

/**
 * Money of a fund-paid payment given back (a cancellation's refund, core/refunds.ts): a REFUND row for
 * the school that spent it, in the refund's transaction. Adding never takes the balance below zero, so
 * the fund is not locked.
 */
export async function refundToFund(
  tx: Executor,
  refund: { paymentId: string; amountCents: number; reason: string; createdById: string },
): Promise<void> {
  const [spent] = await tx
    .select({ districtId: districtFundEntries.districtId, organizationId: districtFundEntries.organizationId })
    .from(districtFundEntries)
    .where(and(eq(districtFundEntries.paymentId, refund.paymentId), eq(districtFundEntries.kind, 'SPEND')));
  if (!spent) throw new Error('a district fund refund of a payment the fund did not pay');
  await appendEntry(tx, {
    districtId: spent.districtId,
    kind: 'REFUND',
    amountCents: refund.amountCents,
    organizationId: spent.organizationId,
    paymentId: refund.paymentId,
    reason: refund.reason,
    createdById: refund.createdById,
  });
}

/** The outer districts row, named in full: drizzle leaves a one-table query's columns unqualified. */
const districtIdColumn = sql`${districts}.${sql.identifier('id')}`;
const waitingCount = sql<number>`(select count(*)::int from ${districtFundApprovals}
  inner join ${eventPayments} on ${eventPayments.id} = ${districtFundApprovals.paymentId}
  where ${districtFundApprovals.districtId} = ${districtIdColumn} and ${districtFundApprovals.decidedAt} is null
    and ${eventPayments.status} = 'AWAITING_APPROVAL')`;
const balanceOf = sql<number>`(select coalesce(sum(${districtFundEntries.amountCents}), 0)::int from ${districtFundEntries}
  where ${districtFundEntries.districtId} = ${districtIdColumn})`;

/**
 * Districts with their fund's balance and the orders waiting for approval, by name, a page at a time:
 * every district for staff (`administeredBy` null), or those the caller administers.
 */
export async function fundSummaries(
  db: Executor,
  filter: { administeredBy: string | null; search?: string; page: number; pageSize: number },
): Promise<DistrictFundSummaryPage> {
  const conditions = [
    filter.search ? ilike(districts.name, `%${filter.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    filter.administeredBy
      ? sql`exists (select 1 from ${districtMemberships} where ${administers(districtIdColumn, filter.administeredBy)})`
      : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select({
      districtId: districts.id,
      districtName: districts.name,
      balanceCents: balanceOf,
      waitingCount,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(districts)
    .where(where)
    .orderBy(asc(districts.name), asc(districts.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const total = rows[0]?.total ?? (filter.page === 1 ? 0 : await countDistricts(db, where));
  return { items: rows.map(({ total: _total, ...row }) => row), page: filter.page, pageSize: filter.pageSize, total };
}

async function countDistricts(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(districts)
    .where(where);
  return row?.count ?? 0;
}

/** One district's fund: balance and waiting orders; undefined for an unknown district. */
export async function fundSummary(db: Executor, districtId: string): Promise<DistrictFundSummary | undefined> {
  const [row] = await db
    .select({ districtId: districts.id, districtName: districts.name, balanceCents: balanceOf, waitingCount })
    .from(districts)
    .where(eq(districts.id, districtId));
  return row;
}

/** The fund's ledger, newest first, a page at a time, with the school and who wrote each row. */
export async function fundEntriesPage(
  db: Executor,
  districtId: string,
  page: { page: number; pageSize: number },
): Promise<DistrictFundEntryPage> {
  const rows = await db
    .select({
      id: districtFundEntries.id,
      kind: districtFundEntries.kind,
      amountCents: districtFundEntries.amountCents,
      organizationName: organizations.name,
      paymentId: districtFundEntries.paymentId,
      reference: districtFundEntries.reference,
      reason: districtFundEntries.reason,
      createdByName: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      createdAt: districtFundEntries.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(districtFundEntries)
    .leftJoin(organizations, eq(organizations.id, districtFundEntries.organizationId))
    .leftJoin(users, eq(users.id, districtFundEntries.createdById))
    .where(eq(districtFundEntries.districtId, districtId))
    .orderBy(desc(districtFundEntries.createdAt), desc(districtFundEntries.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const total = await pageTotal(db, rows, districtFundEntries, eq(districtFundEntries.districtId, districtId));
  return {
    items: rows.map(({ total: _total, createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() })),
    page: page.page,
    pageSize: page.pageSize,
    total,
  };
}
