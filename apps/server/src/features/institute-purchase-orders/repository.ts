import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPayments, events, eventTicketTypes } from '../../db/schema/commerce.ts';
import { purchaseOrderApplications } from '../../db/schema/purchase-order-links.ts';
import { organizationMemberships } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

/** Institutes: published events that take applications. */
const isInstitute = and(eq(events.acceptsApplications, true), eq(events.published, true));

export async function listInstitutes(db: Database, page: { page: number; pageSize: number }) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: events.id,
        name: events.name,
        startDate: events.startDate,
        endDate: events.endDate,
        priceCents: eventTicketTypes.priceCents,
      })
      .from(events)
      .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, events.applicationTicketTypeId))
      .where(isInstitute)
      .orderBy(asc(events.startDate), asc(events.name), asc(events.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(events).where(isInstitute),
  ]);
  return { items: rows, total: total?.total ?? 0 };
}

/** The institute a purchase order is for, with the ticket type and price an accepted applicant pays. */
export async function findInstitute(db: Executor, instituteId: string) {
  const [row] = await db
    .select({
      id: events.id,
      name: events.name,
      ticketTypeId: eventTicketTypes.id,
      priceCents: eventTicketTypes.priceCents,
    })
    .from(events)
    .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, events.applicationTicketTypeId))
    .where(and(eq(events.id, instituteId), isInstitute));
  return row;
}

/** A payment that pays the application, or already waits on a purchase order for it. */
const settledOrUnderReview = sql`exists (select 1 from ${eventPayments}
  where ${eventPayments.applicationId} = ${eventApplications.id} and ${eventPayments.status} in ('PO_SUBMITTED', 'PAID'))`;

/**
 * Who an institute purchase order may pay for: accepted applicants of the institute, active members
 * of the organization the purchase order is made out by, whose application is neither paid nor
 * already under a purchase order.
 */
function available(instituteId: string, organizationId: string) {
  return and(
    eq(eventApplications.eventId, instituteId),
    eq(eventApplications.status, 'ACCEPTED'),
    sql`exists (select 1 from ${organizationMemberships} where ${organizationMemberships.userId} = ${eventApplications.userId}
      and ${organizationMemberships.organizationId} = ${organizationId} and ${isNull(organizationMemberships.archivedAt)})`,
    sql`not ${settledOrUnderReview}`,
  );
}

export async function countAvailable(db: Executor, instituteId: string, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(eventApplications)
    .where(available(instituteId, organizationId));
  return row?.total ?? 0;
}

const applicantColumns = {
  applicationId: eventApplications.id,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

export async function findAvailable(db: Executor, instituteId: string, organizationId: string, email: string) {
  const [row] = await db
    .select(applicantColumns)
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .where(and(available(instituteId, organizationId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return row;
}

/**
 * The available applicants among `emails`, their applications locked until the transaction ends: two
 * purchase orders racing for one applicant are taken one after the other, and the second finds the
 * application under review.
 */
export async function lockAvailable(
  db: Executor,
  instituteId: string,
  organizationId: string,
  emails: readonly string[],
) {
  return db
    .select(applicantColumns)
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .where(and(available(instituteId, organizationId), inArray(sql`lower(${users.email})`, [...emails])))
    .for('update', { of: eventApplications });
}

/** Payments of these applications still open (a card payment started, a purchase order not sent). */
export async function openPayments(db: Executor, applicationIds: readonly string[]) {
  if (applicationIds.length === 0) return [];
  return db
    .select({ id: eventPayments.id, status: eventPayments.status, applicationId: eventPayments.applicationId })
    .from(eventPayments)
    .where(
      and(
        inArray(eventPayments.applicationId, [...applicationIds]),
        inArray(eventPayments.status, ['PENDING', 'AWAITING_PO']),
      ),
    );
}

/** One applicant's share of an institute purchase order: the application and the payment made for it. */
export type PurchaseOrderApplicationLink = typeof purchaseOrderApplications.$inferInsert;

/** Ties an institute purchase order to each applicant's application and payment, in one statement. */
export async function linkPurchaseOrderApplications(db: Executor, links: PurchaseOrderApplicationLink[]) {
  await db.insert(purchaseOrderApplications).values(links);
}
