import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminEventPaymentQuery, AdminEventPaymentRow } from '@portal/domain/commerce/payments.ts';
import type { Database, Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { eventRegistrationPayments, eventRegistrationSeats } from '../../db/schema/registration-requests.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

/**
 * The staff list's rows: one query joining buyer and organization, with the payment's event names
 * and ticket counts as correlated subqueries (so a page is one round trip, whatever its size).
 */
function rowQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      buyerEmail: users.email,
      organizationName: organizations.name,
      events: sql<string[]>`coalesce((
        select json_agg(named.name order by named.start_date, named.name)
        from (
          select distinct ${events.name} as name, ${events.startDate} as start_date
          from ${eventPaymentItems} inner join ${events} on ${events.id} = ${eventPaymentItems.eventId}
          where ${eventPaymentItems.paymentId} = ${eventPayments.id}
        ) named
      ), '[]'::json)`,
      numberOfTickets: sql<number>`(select coalesce(sum(${eventPaymentItems.numberOfTickets}), 0) from ${eventPaymentItems} where ${eventPaymentItems.paymentId} = ${eventPayments.id})::int`,
      allocatedTickets: sql<number>`(select count(*) from ${eventTickets} inner join ${eventPaymentItems} on ${eventPaymentItems.id} = ${eventTickets.paymentItemId} where ${eventPaymentItems.paymentId} = ${eventPayments.id})::int`,
      total: eventPayments.totalCents,
      refundReason: eventPayments.refundReason,
      createdAt: eventPayments.createdAt,
      applicationId: eventPayments.applicationId,
      registrationRequestId: eventRegistrationPayments.requestId,
      attendeesNamed: sql<
        number | null
      >`case when ${eventRegistrationPayments.requestId} is null then null else (select count(*) from ${eventRegistrationSeats} where ${eventRegistrationSeats.requestId} = ${eventRegistrationPayments.requestId})::int end`,
      receiptNumber: eventPaymentReceipts.number,
    })
    .from(eventPayments)
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .leftJoin(eventPaymentReceipts, eq(eventPaymentReceipts.paymentId, eventPayments.id))
    .where(where)
    .$dynamic();
}

type StoredRow = Awaited<ReturnType<typeof rowQuery>>[number];

function present({ buyerFirstName, buyerLastName, ...row }: StoredRow): AdminEventPaymentRow {
  return {
    ...row,
    buyerName: `${buyerFirstName} ${buyerLastName}`,
    events: typeof row.events === 'string' ? (JSON.parse(row.events) as string[]) : row.events,
    createdAt: row.createdAt.toISOString(),
  };
}

type RowFilter = Pick<AdminEventPaymentQuery, 'status' | 'search'>;

/** By status, searched by buyer email or name, organization name or payment id: the list's and its file's. */
function filtered(filter: RowFilter) {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.status ? eq(eventPayments.status, filter.status) : undefined,
    like
      ? or(
          ilike(users.email, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(organizations.name, like),
          ilike(sql`${eventPayments.id}::text`, like),
        )
      : undefined,
  );
}

const newestFirst = [desc(eventPayments.createdAt), desc(eventPayments.id)];

/** Newest first, one page. */
export async function listRows(db: Database, filter: AdminEventPaymentQuery) {
  const where = filtered(filter);
  const [rows, [total]] = await Promise.all([
    rowQuery(db, where)
      .orderBy(...newestFirst)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: count() })
      .from(eventPayments)
      .innerJoin(users, eq(users.id, eventPayments.userId))
      .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
      .where(where),
  ]);
  return { items: rows.map(present), total: total?.total ?? 0 };
}

/** Every payment the list shows under `filter`, in its order, a page at a time (keyset on created time and id). */
export function exportRows(db: Database, filter: RowFilter, pageSize = exportPageSize) {
  return keysetRows<AdminEventPaymentRow>(async (after, limit) => {
    const rows = await rowQuery(
      db,
      and(
        filtered(filter),
        // The row's time as stored, to the microsecond, that the ISO text of a Date would round.
        after
          ? sql`(${eventPayments.createdAt}, ${eventPayments.id}) < ((select ${eventPayments.createdAt} from ${eventPayments} where ${eventPayments.id} = ${after.id}), ${after.id})`
          : undefined,
      ),
    )
      .orderBy(...newestFirst)
      .limit(limit);
    return rows.map(present);
  }, pageSize);
}

export async function findPaymentRow(db: Executor, paymentId: string): Promise<AdminEventPaymentRow | undefined> {
  const [row] = await rowQuery(db, eq(eventPayments.id, paymentId));
  return row && present(row);
}

/** What the refund dialog reads of a payment besides its lines. */
export async function paymentAmounts(db: Executor, paymentId: string) {
  const [payment] = await db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      totalCents: eventPayments.totalCents,
      refundedCents: eventPayments.refundedCents,
    })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId));
  return payment;
}
