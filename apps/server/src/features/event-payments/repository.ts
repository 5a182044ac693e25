import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { paymentVisibleTo } from '../../core/event-payments.ts';

/**
 * One page of the payments `userId` may see, newest first, with buyer and organization names. An
 * event application's payment is listed with its application, not here: it has no tickets to allocate.
 */
export async function pageOfPayments(db: Executor, userId: string, page: { page: number; pageSize: number }) {
  const visible = and(paymentVisibleTo(userId), isNull(eventPayments.applicationId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventPayments.id,
        status: eventPayments.status,
        method: eventPayments.method,
        organizationName: organizations.name,
        buyerFirstName: users.firstName,
        buyerLastName: users.lastName,
        total: eventPayments.totalCents,
        createdAt: eventPayments.createdAt,
      })
      .from(eventPayments)
      .innerJoin(users, eq(users.id, eventPayments.userId))
      .leftJoin(organizations, eq(organizations.id, eventPayments.organizationId))
      .where(visible)
      .orderBy(desc(eventPayments.createdAt), desc(eventPayments.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(eventPayments).where(visible),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Per payment: its events (once each), its number of tickets and how many are allocated, for a page of payments in one query. */
export async function eventsOfPayments(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: eventPaymentItems.paymentId,
      id: events.id,
      name: events.name,
      startDate: events.startDate,
      endDate: events.endDate,
      numberOfTickets: sql<number>`sum(${eventPaymentItems.numberOfTickets})::int`,
      allocatedTickets: sql<number>`sum((select count(*) from ${eventTickets} where ${eventTickets.paymentItemId} = ${eventPaymentItems.id}))::int`,
    })
    .from(eventPaymentItems)
    .innerJoin(events, eq(events.id, eventPaymentItems.eventId))
    .where(inArray(eventPaymentItems.paymentId, [...paymentIds]))
    .groupBy(eventPaymentItems.paymentId, events.id, events.name, events.startDate, events.endDate)
    .orderBy(events.startDate, events.name);
}
