import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AdminRefundQuery, AdminRefundRow, CancellationRequestRow } from '@portal/domain/commerce/refunds.ts';
import type { CancellationRequestStatus } from '@portal/domain/commerce/refunds.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { cancellationRequests, creditNotes, refunds } from '../../db/schema/refunds.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

type RefundFilter = Pick<AdminRefundQuery, 'status' | 'method' | 'eventId' | 'search'>;

/** The buyer's email or full name contains the text typed. */
const buyerMatches = (search: string) =>
  sql`(${users.email} ilike ${`%${search}%`} or (${users.firstName} || ' ' || ${users.lastName}) ilike ${`%${search}%`})`;

function filtered(filter: RefundFilter): SQL | undefined {
  return and(
    filter.status ? eq(refunds.status, filter.status) : undefined,
    filter.method ? eq(refunds.method, filter.method) : undefined,
    filter.eventId
      ? sql`exists (select 1 from ${eventPaymentItems} where ${eventPaymentItems.paymentId} = ${refunds.paymentId} and ${eventPaymentItems.eventId} = ${filter.eventId})`
      : undefined,
    filter.search ? buyerMatches(filter.search) : undefined,
  );
}

/** The events a refund's payment bought, by name, in one aggregate per row (no query per row). */
const eventNames = sql<string[]>`coalesce((select array_agg(distinct ${events.name} order by ${events.name})
  from ${eventPaymentItems} inner join ${events} on ${events.id} = ${eventPaymentItems.eventId}
  where ${eventPaymentItems.paymentId} = ${refunds.paymentId}), '{}')`;

/** The same of a cancellation request's payment. */
const requestEventNames = sql<string[]>`coalesce((select array_agg(distinct ${events.name} order by ${events.name})
  from ${eventPaymentItems} inner join ${events} on ${events.id} = ${eventPaymentItems.eventId}
  where ${eventPaymentItems.paymentId} = ${cancellationRequests.paymentId}), '{}')`;

function rowQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: refunds.id,
      paymentId: refunds.paymentId,
      amountCents: refunds.amountCents,
      status: refunds.status,
      method: refunds.method,
      reason: refunds.reason,
      creditNoteNumber: creditNotes.number,
      createdAt: refunds.createdAt,
      settledAt: refunds.settledAt,
      firstName: users.firstName,
      lastName: users.lastName,
      buyerEmail: users.email,
      events: eventNames,
    })
    .from(refunds)
    .innerJoin(eventPayments, eq(eventPayments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .leftJoin(creditNotes, eq(creditNotes.refundId, refunds.id))
    .where(where);
}

type Row = Awaited<ReturnType<typeof rowQuery>>[number];

const present = ({ firstName, lastName, createdAt, settledAt, ...row }: Row): AdminRefundRow => ({
  ...row,
  buyerName: `${firstName} ${lastName}`,
  createdAt: createdAt.toISOString(),
  settledAt: settledAt?.toISOString() ?? null,
});

const newestFirst = [desc(refunds.createdAt), desc(refunds.id)];

export async function listRefunds(db: Database, filter: AdminRefundQuery) {
  const where = filtered(filter);
  const rows = await rowQuery(db, where)
    .orderBy(...newestFirst)
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db
    .select({ total: count() })
    .from(refunds)
    .innerJoin(eventPayments, eq(eventPayments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .where(where);
  return { items: rows.map(present), total: total?.total ?? 0 };
}

/** Every refund the list shows under `filter`, a page at a time (keyset on created time and id). */
export function exportRefundRows(db: Database, filter: RefundFilter, pageSize = exportPageSize) {
  return keysetRows<AdminRefundRow>(async (after, limit) => {
    const rows = await rowQuery(
      db,
      and(
        filtered(filter),
        after
          ? sql`(${refunds.createdAt}, ${refunds.id}) < ((select ${refunds.createdAt} from ${refunds} where ${refunds.id} = ${after.id}), ${after.id})`
          : undefined,
      ),
    )
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(present);
  }, pageSize);
}

export async function listCancellationRequests(
  db: Database,
  filter: {
    status?: CancellationRequestStatus | undefined;
    search?: string | undefined;
    page: number;
    pageSize: number;
  },
): Promise<{ items: CancellationRequestRow[]; total: number }> {
  const where = and(
    filter.status ? eq(cancellationRequests.status, filter.status) : undefined,
    filter.search ? buyerMatches(filter.search) : undefined,
  );
  const rows = await db
    .select({
      id: cancellationRequests.id,
      paymentId: cancellationRequests.paymentId,
      status: cancellationRequests.status,
      reason: cancellationRequests.reason,
      firstName: users.firstName,
      lastName: users.lastName,
      buyerEmail: users.email,
      choice: cancellationRequests.choice,
      events: requestEventNames,
      createdAt: cancellationRequests.createdAt,
    })
    .from(cancellationRequests)
    .innerJoin(users, eq(users.id, cancellationRequests.requestedById))
    .where(where)
    .orderBy(desc(cancellationRequests.createdAt), desc(cancellationRequests.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db
    .select({ total: count() })
    .from(cancellationRequests)
    .innerJoin(users, eq(users.id, cancellationRequests.requestedById))
    .where(where);
  return {
    items: rows.map(({ firstName, lastName, choice, createdAt, ...row }) => ({
      ...row,
      buyerName: `${firstName} ${lastName}`,
      tickets: choice.items.reduce((sum, item) => sum + item.ticketIds.length + item.unassigned, 0),
      createdAt: createdAt.toISOString(),
    })),
    total: total?.total ?? 0,
  };
}

/** An OPEN request, decided once: the conditional update lets one staff decision through. */
export async function decideRequest(
  tx: Executor,
  requestId: string,
  decision: { status: 'APPROVED' | 'DECLINED'; decidedById: string; decidedAt: Date },
) {
  const [decided] = await tx
    .update(cancellationRequests)
    .set(decision)
    .where(and(eq(cancellationRequests.id, requestId), eq(cancellationRequests.status, 'OPEN')))
    .returning({
      paymentId: cancellationRequests.paymentId,
      choice: cancellationRequests.choice,
      requestedById: cancellationRequests.requestedById,
    });
  return decided;
}

export async function requestExists(db: Executor, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cancellationRequests.id })
    .from(cancellationRequests)
    .where(eq(cancellationRequests.id, requestId));
  return Boolean(row);
}

export async function linkRequestCancellation(tx: Executor, requestId: string, cancellationId: string) {
  await tx.update(cancellationRequests).set({ cancellationId }).where(eq(cancellationRequests.id, requestId));
}

export async function buyerOf(tx: Executor, userId: string) {
  const [buyer] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return buyer;
}

/** The refund's status, for a 404 or 409 when it cannot be settled. */
export async function refundStatusOf(db: Executor, refundId: string) {
  const [refund] = await db.select({ status: refunds.status }).from(refunds).where(eq(refunds.id, refundId));
  return refund?.status;
}
