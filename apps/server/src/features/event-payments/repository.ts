import { and, count, desc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { paymentVisibleTo } from '../../core/event-payments.ts';

/**
 * One page of the payments `userId` may see, newest first, with buyer and organization names. An
 * event application's payment is its applicant's seat: listed to the applicant alone (not to their
 * organization's OWNERs and ADMINs), and not once cancelled or expired (an attempt the application
 * replaced, as when the payment method changed).
 *
 * The page is cut from the payments alone before the names are joined: PostgreSQL cannot tell how
 * many organizations `paymentVisibleTo`'s array holds, guesses a thousand or so matching payments,
 * and with the joins in the same query planned a scan of every payment to feed them; cut first, the
 * join reads one user and one organization per row shown.
 */
function paymentPageQueries(db: Executor) {
  const visible = and(
    paymentVisibleTo(sql.placeholder('userId')),
    or(
      isNull(eventPayments.applicationId),
      and(eq(eventPayments.userId, sql.placeholder('userId')), notInArray(eventPayments.status, ['CANCELLED', 'EXPIRED'])),
    ),
  );
  const shown = db
    .select({
      id: eventPayments.id,
      userId: eventPayments.userId,
      organizationId: eventPayments.organizationId,
      status: eventPayments.status,
      method: eventPayments.method,
      total: eventPayments.totalCents,
      createdAt: eventPayments.createdAt,
      applicationId: eventPayments.applicationId,
    })
    .from(eventPayments)
    .where(visible)
    .orderBy(desc(eventPayments.createdAt), desc(eventPayments.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('shown');
  return {
    page: db
      .select({
        id: shown.id,
        status: shown.status,
        method: shown.method,
        organizationName: organizations.name,
        buyerFirstName: users.firstName,
        buyerLastName: users.lastName,
        total: shown.total,
        createdAt: shown.createdAt,
        applicationId: shown.applicationId,
      })
      .from(shown)
      .innerJoin(users, eq(users.id, shown.userId))
      .leftJoin(organizations, eq(organizations.id, shown.organizationId))
      .orderBy(desc(shown.createdAt), desc(shown.id))
      .prepare('payments_page'),
    count: db.select({ total: count() }).from(eventPayments).where(visible).prepare('payments_count'),
  };
}

/** Built once per database handle: drizzle building this SQL on each request cost more CPU than running it. */
const paymentPages = new WeakMap<Executor, ReturnType<typeof paymentPageQueries>>();

export async function pageOfPayments(db: Executor, userId: string, page: { page: number; pageSize: number }) {
  let queries = paymentPages.get(db);
  if (!queries) {
    queries = paymentPageQueries(db);
    paymentPages.set(db, queries);
  }
  const values = { userId, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const [rows, [total]] = await Promise.all([queries.page.execute(values), queries.count.execute(values)]);
  return { rows, total: total?.total ?? 0 };
}

function eventsOfPaymentsQuery(db: Executor) {
  return db
    .select({
      paymentId: eventPaymentItems.paymentId,
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      kind: events.kind,
      daysBeforePurchaseClose: events.daysBeforePurchaseClose,
      numberOfTickets: sql<number>`sum(${eventPaymentItems.numberOfTickets})::int`,
      allocatedTickets: sql<number>`sum((select count(*) from ${eventTickets} where ${eventTickets.paymentItemId} = ${eventPaymentItems.id}))::int`,
    })
    .from(eventPaymentItems)
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .where(sql`${eventPaymentItems.paymentId} = any(${sql.placeholder('paymentIds')}::uuid[])`)
    .groupBy(eventPaymentItems.paymentId, events.id)
    .orderBy(events.startDate, events.name)
    .prepare('events_of_payments');
}

const eventsOfPaymentsQueries = new WeakMap<Executor, ReturnType<typeof eventsOfPaymentsQuery>>();

/** Per payment: its events (once each, with what decides whether allocation is open), its number of tickets and how many are allocated, for a page of payments in one query. */
export async function eventsOfPayments(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  let query = eventsOfPaymentsQueries.get(db);
  if (!query) {
    query = eventsOfPaymentsQuery(db);
    eventsOfPaymentsQueries.set(db, query);
  }
  return query.execute({ paymentIds: [...paymentIds] });
}
