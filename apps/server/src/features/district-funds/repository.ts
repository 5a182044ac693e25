import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  DistrictApprovalPage,
  DistrictSchoolPage,
  DistrictSpendingRow,
} from '@portal/domain/organizations/district-funds.ts';
import type { Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { districtFundAllowances, districtFundApprovals, districtFundEntries } from '../../db/schema/district-funds.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

interface PageRequest {
  page: number;
  pageSize: number;
}

const spentBy = sql<number>`(select coalesce(-sum(${districtFundEntries.amountCents}), 0)::int from ${districtFundEntries}
  where ${districtFundEntries.organizationId} = ${organizations.id} and ${districtFundEntries.kind} in ('SPEND', 'REFUND'))`;

/** The district's schools by name, each with its allowance (null: may not spend), what it spent and has left. */
export async function schoolsPage(db: Executor, districtId: string, page: PageRequest): Promise<DistrictSchoolPage> {
  const rows = await db
    .select({
      organizationId: organizations.id,
      name: organizations.name,
      limitCents: districtFundAllowances.limitCents,
      spentCents: spentBy,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(organizations)
    .leftJoin(
      districtFundAllowances,
      and(
        eq(districtFundAllowances.organizationId, organizations.id),
        eq(districtFundAllowances.districtId, districtId),
      ),
    )
    .where(eq(organizations.districtId, districtId))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  return {
    items: rows.map(({ total: _total, ...row }) => ({
      ...row,
      eligible: row.limitCents !== null,
      leftCents: row.limitCents === null ? null : Math.max(0, row.limitCents - row.spentCents),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total: rows[0]?.total ?? (await schoolCount(db, districtId)),
  };
}

async function schoolCount(db: Executor, districtId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizations)
    .where(eq(organizations.districtId, districtId));
  return row?.count ?? 0;
}

/** A school's name and district; undefined when there is no such organization. */
export async function schoolOf(
  db: Executor,
  organizationId: string,
): Promise<{ name: string; districtId: string | null } | undefined> {
  const [row] = await db
    .select({ name: organizations.name, districtId: organizations.districtId })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function upsertAllowance(
  tx: Executor,
  allowance: { districtId: string; organizationId: string; limitCents: number; updatedById: string; now: Date },
): Promise<void> {
  const { now, ...row } = allowance;
  await tx
    .insert(districtFundAllowances)
    .values({ ...row, updatedAt: now })
    .onConflictDoUpdate({
      target: districtFundAllowances.organizationId,
      set: { districtId: row.districtId, limitCents: row.limitCents, updatedById: row.updatedById, updatedAt: now },
    });
}

export async function deleteAllowance(tx: Executor, districtId: string, organizationId: string): Promise<void> {
  await tx
    .delete(districtFundAllowances)
    .where(
      and(eq(districtFundAllowances.organizationId, organizationId), eq(districtFundAllowances.districtId, districtId)),
    );
}

const waiting = (districtId: string) =>
  and(
    eq(districtFundApprovals.districtId, districtId),
    isNull(districtFundApprovals.decidedAt),
    eq(eventPayments.status, 'AWAITING_APPROVAL'),
  );

/** The orders waiting for the district's approval, oldest first, with their lines (one query for the page's lines). */
export async function approvalsPage(
  db: Executor,
  districtId: string,
  page: PageRequest,
): Promise<DistrictApprovalPage> {
  const rows = await db
    .select({
      paymentId: districtFundApprovals.paymentId,
      organizationName: organizations.name,
      buyerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      totalCents: eventPayments.totalCents,
      status: eventPayments.status,
      createdAt: districtFundApprovals.createdAt,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(districtFundApprovals)
    .innerJoin(eventPayments, eq(eventPayments.id, districtFundApprovals.paymentId))
    .innerJoin(organizations, eq(organizations.id, districtFundApprovals.organizationId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .where(waiting(districtId))
    .orderBy(asc(districtFundApprovals.createdAt), asc(districtFundApprovals.paymentId))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const ids = rows.map((row) => row.paymentId);
  const lines =
    ids.length === 0
      ? []
      : await db
          .select({
            paymentId: eventPaymentItems.paymentId,
            title: eventPaymentItems.title,
            numberOfTickets: eventPaymentItems.numberOfTickets,
          })
          .from(eventPaymentItems)
          .where(inArray(eventPaymentItems.paymentId, ids))
          .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id));
  let total = rows[0]?.total;
  if (total === undefined) {
    const [counted] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(districtFundApprovals)
      .innerJoin(eventPayments, eq(eventPayments.id, districtFundApprovals.paymentId))
      .where(waiting(districtId));
    total = counted?.count ?? 0;
  }
  return {
    items: rows.map(({ total: _total, createdAt, ...row }) => ({
      ...row,
      items: lines
        .filter((line) => line.paymentId === row.paymentId)
        .map(({ title, numberOfTickets }) => ({ title, numberOfTickets })),
      createdAt: createdAt.toISOString(),
    })),
    page: page.page,
    pageSize: page.pageSize,
    total,
  };
}

/**
 * A waiting order of this district with its payment row locked (FOR UPDATE of event_payments): of two
 * decisions at once, the second waits and then finds it decided. Undefined when the district has no
 * such order.
 */
export async function lockApproval(tx: Executor, districtId: string, paymentId: string) {
  const [row] = await tx
    .select({
      paymentId: districtFundApprovals.paymentId,
      districtId: districtFundApprovals.districtId,
      organizationId: districtFundApprovals.organizationId,
      organizationName: organizations.name,
      decidedAt: districtFundApprovals.decidedAt,
      status: eventPayments.status,
      totalCents: eventPayments.totalCents,
      couponId: eventPayments.couponId,
      buyerId: eventPayments.userId,
      buyerEmail: users.email,
      buyerFirstName: users.firstName,
    })
    .from(districtFundApprovals)
    .innerJoin(eventPayments, eq(eventPayments.id, districtFundApprovals.paymentId))
    .innerJoin(organizations, eq(organizations.id, districtFundApprovals.organizationId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .where(and(eq(districtFundApprovals.paymentId, paymentId), eq(districtFundApprovals.districtId, districtId)))
    .for('update', { of: eventPayments });
  return row;
}

/** Events an order bought, named once each in order: what a spending row says the money went to. */
const eventsOfPayment = sql<string>`(select string_agg(distinct ${events.name}, ', ' order by ${events.name})
  from ${eventPaymentItems} inner join ${events} on ${events.id} = ${eventPaymentItems.eventId}
  where ${eventPaymentItems.paymentId} = ${districtFundEntries.paymentId})`;

/**
 * The fund's spending by school and event: spends and refunds of each school summed per the events of
 * the orders they paid (an order of several events counts under their names together), by school then
 * event. `limit`/`offset` page it; the export reads all of it.
 */
export async function spendingRows(
  db: Executor,
  districtId: string,
  page: PageRequest | null,
): Promise<{ rows: DistrictSpendingRow[]; total: number }> {
  const grouped = db
    .select({
      organizationName: organizations.name,
      eventName: sql<string>`coalesce(${eventsOfPayment}, '')`.as('event_name'),
      spentCents:
        sql<number>`coalesce(-sum(${districtFundEntries.amountCents}) filter (where ${districtFundEntries.kind} = 'SPEND'), 0)::int`.as(
          'spent_cents',
        ),
      refundedCents:
        sql<number>`coalesce(sum(${districtFundEntries.amountCents}) filter (where ${districtFundEntries.kind} = 'REFUND'), 0)::int`.as(
          'refunded_cents',
        ),
    })
    .from(districtFundEntries)
    .innerJoin(organizations, eq(organizations.id, districtFundEntries.organizationId))
    .where(eq(districtFundEntries.districtId, districtId))
    .groupBy(organizations.name, organizations.id, sql`2`)
    .as('grouped');
  const query = db
    .select({
      organizationName: grouped.organizationName,
      eventName: grouped.eventName,
      spentCents: grouped.spentCents,
      refundedCents: grouped.refundedCents,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(grouped)
    .orderBy(asc(grouped.organizationName), asc(grouped.eventName), desc(grouped.spentCents));
  const rows = page ? await query.limit(page.pageSize).offset((page.page - 1) * page.pageSize) : await query;
  return {
    rows: rows.map(({ total: _total, ...row }) => ({ ...row, netCents: row.spentCents - row.refundedCents })),
    total: rows[0]?.total ?? 0,
  };
}
