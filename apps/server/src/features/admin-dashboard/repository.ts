import { and, count, desc, eq, min, sql, type SQL } from 'drizzle-orm';
import type { FailedMailRow } from '@portal/domain/staff/dashboard.ts';
import type { Executor } from '../../db/client.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { cancellationRequests, refunds } from '../../db/schema/refunds.ts';
import { eventPayments, purchaseOrders } from '../../db/schema/commerce.ts';
import { packageRequests } from '../../db/schema/packages.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { eventRegistrationRequests } from '../../db/schema/registration-requests.ts';
import { paymentOverdue, requestPaymentDueAt } from '../../core/registration-requests.ts';
import { deliverMailJob } from '../../platform/mail.ts';

export interface Tally {
  count: number;
  oldestSince: Date | null;
}

/** count(*) and the earliest of `since` in one aggregate: one indexed query per card. */
async function tally(query: Promise<{ count: number; oldestSince: Date | string | null }[]>) {
  const [row] = await query;
  const oldest = row?.oldestSince ?? null;
  // An aggregate over a subquery comes back as text from the driver: read both the same way.
  return { count: row?.count ?? 0, oldestSince: oldest === null ? null : new Date(oldest) } satisfies Tally;
}

export const submittedPurchaseOrders = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(purchaseOrders.createdAt) })
      .from(purchaseOrders)
      .where(eq(purchaseOrders.status, 'SUBMITTED')),
  );

export const submittedApplications = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(eventApplications.submittedAt) })
      .from(eventApplications)
      .where(eq(eventApplications.status, 'SUBMITTED')),
  );

/** Submitted ones, first sent or sent again after staff asked for changes (both are SUBMITTED). */
export const submittedPackageRequests = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(packageRequests.submittedAt) })
      .from(packageRequests)
      .where(eq(packageRequests.status, 'SUBMITTED')),
  );

export const overdueRegistrationRequests = (db: Executor, now: Date, timeZone: string) =>
  tally(
    db
      .select({ count: count(), oldestSince: sql<Date | string | null>`min(${requestPaymentDueAt(timeZone)})` })
      .from(eventRegistrationRequests)
      .where(paymentOverdue(now, timeZone)),
  );

/** Refunds owed that staff settle by hand (a purchase order, the CashNet-style gateway), as /admin/refunds?status=OWED lists them. */
export const refundsOwed = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(refunds.createdAt) })
      .from(refunds)
      .where(eq(refunds.status, 'OWED')),
  );

/** Buyers' cancellation requests waiting for a decision. */
export const openCancellationRequests = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(cancellationRequests.createdAt) })
      .from(cancellationRequests)
      .where(eq(cancellationRequests.status, 'OPEN')),
  );

/** Card payments that succeeded after their hold ran out: no tickets were issued, the money goes back. */
export const latePayments = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(eventPayments.updatedAt) })
      .from(eventPayments)
      .where(eq(eventPayments.status, 'REFUND_NEEDED')),
  );

const failedDeliveries: SQL = and(eq(jobs.kind, deliverMailJob), eq(jobs.status, 'FAILED')) as SQL;

export const failedMail = (db: Executor) =>
  tally(
    db
      .select({ count: count(), oldestSince: min(jobs.finishedAt) })
      .from(jobs)
      .where(failedDeliveries),
  );

/** The mail of each failed delivery job, the latest failure first. */
export async function failedMailPage(db: Executor, page: { page: number; pageSize: number }) {
  const rows = await db
    .select({
      id: mailMessages.id,
      to: mailMessages.to,
      subject: mailMessages.subject,
      createdAt: mailMessages.createdAt,
      failedAt: jobs.finishedAt,
      lastError: jobs.lastError,
    })
    .from(jobs)
    .innerJoin(mailMessages, sql`${mailMessages.id} = (${jobs.payload} ->> 'mailId')::uuid`)
    .where(failedDeliveries)
    .orderBy(desc(jobs.finishedAt), desc(jobs.id))
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const { count: total } = await failedMail(db);
  return {
    total,
    items: rows.map((row): FailedMailRow => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      failedAt: row.failedAt?.toISOString() ?? null,
    })),
  };
}
