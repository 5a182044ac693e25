import { and, eq, inArray, isNull, notExists, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { executeStatic, isoTimestamp, staticStatement } from '../../db/prepared.ts';
import { coupons, eventPaymentItems, eventPayments, events } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { eventPaymentReceipts } from '../../db/schema/receipts.ts';
import { eventRegistrationPayments, eventRegistrationSeats } from '../../db/schema/registration-requests.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { cancellationRequests, creditNotes, refunds } from '../../db/schema/refunds.ts';
import { paymentVisibleTo } from '../../core/event-payments.ts';

/*
 * The statements of the payments list are built once, when the module loads, and their rows are read
 * as PostgreSQL answers them: drizzle building this SQL, and mapping each cell of its rows, cost more
 * CPU per request than running it.
 */

const requestLink = sql`(select 1 from ${eventRegistrationPayments} where ${eventRegistrationPayments.paymentId} = ${eventPayments.id})`;

/**
 * The payments `userId` may see. An event application's payment is its applicant's seat, and a
 * registration request's payment the seats of the attendees its requester named: each listed to its
 * buyer alone (not to the organization's OWNERs and ADMINs, who can open neither the application nor
 * the request), and not once cancelled or expired (an attempt the application or request replaced,
 * as when the payment method or the seats changed). A previous-system application's payment is an
 * application's too, its id answered as applicationId.
 */
const applicationOf = sql`coalesce(${eventPayments.applicationId}, ${eventPayments.legacyApplicationId})`;
const visible = and(
  paymentVisibleTo(sql.placeholder('userId')),
  or(
    and(isNull(applicationOf), notExists(requestLink)),
    and(
      eq(eventPayments.userId, sql.placeholder('userId')),
      notInArray(eventPayments.status, ['CANCELLED', 'EXPIRED']),
    ),
  ),
);

/**
 * One page of them, newest first, with buyer and organization names. The page is cut from the
 * payments alone before the names are joined: PostgreSQL cannot tell how many organizations
 * `paymentVisibleTo`'s array holds, guesses a thousand or so matching payments, and with the joins in
 * the same query planned a scan of every payment to feed them; cut first, the join reads one user
 * and one organization per row shown.
 */
const paymentPage = staticStatement(
  'payments_page',
  sql`select shown.id, shown.status, shown.method, o.name as "organizationName", u.first_name as "buyerFirstName",
      u.last_name as "buyerLastName", shown.total_cents as total, ${isoTimestamp(sql`shown.created_at`)} as "createdAt",
      shown.application_id as "applicationId", rp.request_id as "registrationRequestId",
      case when rp.request_id is null then null
        else (select count(*) from ${eventRegistrationSeats} seat where seat.request_id = rp.request_id)::int
      end as "attendeesNamed",
      receipt.number as "receiptNumber", shown.refunded_cents as "refundedCents",
      shown.user_id = ${sql.placeholder('userId')} as "isBuyer"
    from (
      select ${eventPayments.id} as id, ${eventPayments.userId} as user_id, ${eventPayments.organizationId} as organization_id,
        ${eventPayments.status} as status, ${eventPayments.method} as method, ${eventPayments.totalCents} as total_cents,
        ${eventPayments.refundedCents} as refunded_cents,
        ${eventPayments.createdAt} as created_at, ${applicationOf} as application_id
      from ${eventPayments}
      where ${visible}
      order by ${eventPayments.createdAt} desc, ${eventPayments.id} desc
      limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
    ) shown
    join ${users} u on u.id = shown.user_id
    left join ${organizations} o on o.id = shown.organization_id
    left join ${eventRegistrationPayments} rp on rp.payment_id = shown.id
    left join ${eventPaymentReceipts} receipt on receipt.payment_id = shown.id
    order by shown.created_at desc, shown.id desc`,
);

const paymentCount = staticStatement(
  'payments_count',
  sql`select count(*)::int as total from ${eventPayments} where ${visible}`,
);

/** A row of a payments page as PostgreSQL answers it. */
export interface PaymentPageRow {
  id: string;
  status: (typeof eventPayments.status.enumValues)[number];
  method: (typeof eventPayments.method.enumValues)[number];
  organizationName: string | null;
  buyerFirstName: string;
  buyerLastName: string;
  total: number;
  /** ISO 8601, as the API answers it. */
  createdAt: string;
  applicationId: string | null;
  registrationRequestId: string | null;
  attendeesNamed: number | null;
  receiptNumber: number | null;
  refundedCents: number;
  isBuyer: boolean;
}

export async function pageOfPayments(db: Database, userId: string, page: { page: number; pageSize: number }) {
  const values = { userId, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const [rows, [counted]] = await Promise.all([
    executeStatic<PaymentPageRow>(db, paymentPage, values),
    executeStatic<{ total: number }>(db, paymentCount, values),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

const paymentEvents = staticStatement(
  'events_of_payments',
  sql`select ${eventPaymentItems.paymentId} as "paymentId", ${events.id} as id, ${events.name} as name,
      ${events.startDate} as "startDate", ${events.endDate} as "endDate", ${events.kind} as kind,
      ${events.daysBeforePurchaseClose} as "daysBeforePurchaseClose",
      sum(${eventPaymentItems.numberOfTickets})::int as "numberOfTickets",
      sum((select count(*) from ${eventTickets} where ${eventTickets.paymentItemId} = ${eventPaymentItems.id}))::int as "allocatedTickets"
    from ${eventPaymentItems}
    join ${events} on ${events.id} = ${eventPaymentItems.eventId}
    where ${eventPaymentItems.paymentId} = any(${sql.placeholder('paymentIds')}::uuid[])
    group by ${eventPaymentItems.paymentId}, ${events.id}
    order by ${events.startDate}, ${events.name}`,
);

/** An event of a payment as PostgreSQL answers it (dates as text). */
export interface PaymentEventRow {
  paymentId: string;
  id: string;
  name: string;
  startDate: string;
  endDate: string;
  kind: (typeof events.kind.enumValues)[number];
  daysBeforePurchaseClose: number;
  numberOfTickets: number;
  allocatedTickets: number;
}

/** Per payment: its events (once each, with what decides whether allocation is open), its number of tickets and how many are allocated, for a page of payments in one query. */
export async function eventsOfPayments(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return executeStatic<PaymentEventRow>(db, paymentEvents, { paymentIds: [...paymentIds] });
}

/** The credit notes of a page of payments, oldest first, in one query. */
export async function creditNotesOfPayments(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({ paymentId: creditNotes.paymentId, refundId: creditNotes.refundId, number: creditNotes.number })
    .from(creditNotes)
    .where(inArray(creditNotes.paymentId, [...paymentIds]))
    .orderBy(creditNotes.number);
}

/** Whether `userId` may see the payment (its buyer, or an OWNER or ADMIN of its organization). */
export async function isPaymentVisible(db: Executor, paymentId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventPayments.id })
    .from(eventPayments)
    .where(and(eq(eventPayments.id, paymentId), paymentVisibleTo(userId)));
  return row !== undefined;
}

/**
 * The buyer's unfinished orders (decision 0160): their own card payments not completed and
 * purchase-order checkouts without their purchase order, still holding seats, from the cart or an
 * application (a registration request's payment is its request page's), the hold ending first first.
 */
const unfinished = and(
  eq(eventPayments.userId, sql.placeholder('userId')),
  inArray(eventPayments.status, ['PENDING', 'AWAITING_PO']),
  eq(eventPayments.seatsHeld, true),
  notExists(requestLink),
);

const unfinishedPage = staticStatement(
  'unfinished_orders_page',
  sql`select ${eventPayments.id} as id, ${eventPayments.status} as status, ${eventPayments.method} as method,
      ${applicationOf} as "applicationId", ${organizations.name} as "organizationName",
      ${eventPayments.totalCents} as total, ${coupons.code} as "couponCode",
      ${isoTimestamp(eventPayments.holdExpiresAt)} as "holdExpiresAt", ${isoTimestamp(eventPayments.createdAt)} as "createdAt"
    from ${eventPayments}
    left join ${organizations} on ${organizations.id} = ${eventPayments.organizationId}
    left join ${coupons} on ${coupons.id} = ${eventPayments.couponId}
    where ${unfinished}
    order by ${eventPayments.holdExpiresAt}, ${eventPayments.id}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`,
);

const unfinishedCount = staticStatement(
  'unfinished_orders_count',
  sql`select count(*)::int as total from ${eventPayments} where ${unfinished}`,
);

/** A row of the unfinished orders as PostgreSQL answers it. */
export interface UnfinishedOrderDbRow {
  id: string;
  status: (typeof eventPayments.status.enumValues)[number];
  method: (typeof eventPayments.method.enumValues)[number];
  applicationId: string | null;
  organizationName: string | null;
  total: number;
  couponCode: string | null;
  holdExpiresAt: string | null;
  createdAt: string;
}

export async function pageOfUnfinishedOrders(db: Database, userId: string, page: { page: number; pageSize: number }) {
  const values = { userId, limit: page.pageSize, offset: (page.page - 1) * page.pageSize };
  const [rows, [counted]] = await Promise.all([
    executeStatic<UnfinishedOrderDbRow>(db, unfinishedPage, values),
    executeStatic<{ total: number }>(db, unfinishedCount, values),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The lines of some payments (title and tickets, as bought), in one query. */
export async function linesOfPayments(db: Executor, paymentIds: readonly string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({
      paymentId: eventPaymentItems.paymentId,
      title: eventPaymentItems.title,
      numberOfTickets: eventPaymentItems.numberOfTickets,
    })
    .from(eventPaymentItems)
    .where(inArray(eventPaymentItems.paymentId, [...paymentIds]))
    .orderBy(eventPaymentItems.title, eventPaymentItems.id);
}

/** A buyer's request to cancel; the partial unique index refuses a second one waiting (null then). */
export async function insertCancellationRequest(db: Executor, request: typeof cancellationRequests.$inferInsert) {
  const [made] = await db
    .insert(cancellationRequests)
    .values(request)
    .onConflictDoNothing()
    .returning({ id: cancellationRequests.id, status: cancellationRequests.status });
  return made;
}

/** What the cancellation page reads of a payment. */
export async function paymentOfBuyer(db: Executor, paymentId: string) {
  const [payment] = await db
    .select({
      userId: eventPayments.userId,
      status: eventPayments.status,
      method: eventPayments.method,
      totalCents: eventPayments.totalCents,
      refundedCents: eventPayments.refundedCents,
      /** An institute seat or a registration request's seats, not a cart order. */
      ofApplicationOrRequest: sql<boolean>`(${applicationOf} is not null or exists ${requestLink})`,
    })
    .from(eventPayments)
    .where(eq(eventPayments.id, paymentId));
  return payment;
}

/** A refund of the payment that has a credit note (the buyer's download). */
export async function refundOfPayment(db: Executor, paymentId: string, refundId: string) {
  const [refund] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.id, refundId), eq(refunds.paymentId, paymentId)));
  return refund;
}
