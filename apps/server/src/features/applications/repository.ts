import { and, asc, count, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { applicationPricingColumns } from '../../core/application-reads.ts';
import {
  applicationQuestions,
  eventApplicationAnswers,
  eventApplicationGroupings,
  eventApplicationSections,
  eventApplications,
  eventPaymentOptions,
  legacyEventApplications,
} from '../../db/schema/applications.ts';
import { coupons, eventPayments, events, eventTicketTypes } from '../../db/schema/commerce.ts';
import { openedPaymentColumns, type OpenedPayment } from '../../core/event-payments.ts';
import { organizationMemberships } from '../../db/schema/organizations.ts';

type Page = { page: number; pageSize: number };

/** The event an application is started for, when it exists. */
export async function findApplicationEvent(db: Executor, eventId: string) {
  const [event] = await db
    .select({ id: events.id, acceptsApplications: events.acceptsApplications })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}

/** The user's application to an event that is not voided (at most one, by the partial unique index). */
export async function findOpenApplication(db: Executor, userId: string, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: eventApplications.id })
    .from(eventApplications)
    .where(
      and(
        eq(eventApplications.userId, userId),
        eq(eventApplications.eventId, eventId),
        ne(eventApplications.status, 'VOIDED'),
      ),
    );
  return row?.id;
}

/** Starts an application; undefined when a concurrent start won the partial unique index. */
export async function insertApplication(db: Executor, userId: string, eventId: string): Promise<string | undefined> {
  const [row] = await db
    .insert(eventApplications)
    .values({ userId, eventId })
    .onConflictDoNothing()
    .returning({ id: eventApplications.id });
  return row?.id;
}

/**
 * The applicant's own application, its row locked for the rest of the transaction, with what every
 * change needs to know about its event. Anyone else's is not found.
 */
export async function lockOwnApplication(tx: Executor, applicationId: string, userId: string) {
  const [row] = await tx
    .select({
      id: eventApplications.id,
      userId: eventApplications.userId,
      eventId: eventApplications.eventId,
      status: eventApplications.status,
      paymentOptionId: eventApplications.paymentOptionId,
      couponId: eventApplications.couponId,
      eventName: events.name,
      eventType: events.eventType,
      eventSubtype: events.eventSubtype,
      ticketTypeId: events.applicationTicketTypeId,
    })
    .from(eventApplications)
    .innerJoin(events, eq(events.id, eventApplications.eventId))
    .where(and(eq(eventApplications.id, applicationId), eq(eventApplications.userId, userId)))
    .for('update', { of: eventApplications });
  return row;
}
export type LockedApplication = NonNullable<Awaited<ReturnType<typeof lockOwnApplication>>>;

export async function updateApplication(
  tx: Executor,
  applicationId: string,
  fields: Partial<typeof eventApplications.$inferInsert>,
  now: Date,
): Promise<void> {
  await tx
    .update(eventApplications)
    .set({ ...fields, updatedAt: now })
    .where(eq(eventApplications.id, applicationId));
}

/** The chosen groupings and sections replace the previous ones (the caller's transaction). */
export async function replaceSelection(
  tx: Executor,
  applicationId: string,
  groupings: readonly { groupingId: string; ranking: number | null }[],
  sections: readonly { sectionId: string; groupingId: string; ranking: number | null }[],
): Promise<void> {
  await tx.delete(eventApplicationGroupings).where(eq(eventApplicationGroupings.applicationId, applicationId));
  await tx.delete(eventApplicationSections).where(eq(eventApplicationSections.applicationId, applicationId));
  if (groupings.length > 0)
    await tx.insert(eventApplicationGroupings).values(groupings.map((grouping) => ({ applicationId, ...grouping })));
  if (sections.length > 0)
    await tx.insert(eventApplicationSections).values(sections.map((section) => ({ applicationId, ...section })));
}

export function questionsOf(db: Executor, eventId: string) {
  return db
    .select({
      id: applicationQuestions.id,
      type: applicationQuestions.type,
      options: applicationQuestions.options,
      required: applicationQuestions.required,
    })
    .from(applicationQuestions)
    .where(eq(applicationQuestions.eventId, eventId));
}

/** The answers replace the previous ones; empty answers are not stored. */
export async function replaceAnswers(
  tx: Executor,
  applicationId: string,
  answers: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  await tx.delete(eventApplicationAnswers).where(eq(eventApplicationAnswers.applicationId, applicationId));
  const rows = [...answers]
    .filter(([, value]) => value.length > 0)
    .map(([questionId, value]) => ({ applicationId, questionId, value: [...value] }));
  if (rows.length > 0) await tx.insert(eventApplicationAnswers).values(rows);
}

export async function paymentOptionsOfEvent(db: Executor, eventId: string) {
  return db
    .select({ id: eventPaymentOptions.id, label: eventPaymentOptions.label, method: eventPaymentOptions.method })
    .from(eventPaymentOptions)
    .where(eq(eventPaymentOptions.eventId, eventId));
}

/** The application's newest payment that still counts: unpaid and holding its seat, or paid. */
export async function liveApplicationPayment(db: Executor, applicationId: string): Promise<OpenedPayment | undefined> {
  const [payment] = await db
    .select(openedPaymentColumns)
    .from(eventPayments)
    .where(
      and(
        eq(eventPayments.applicationId, applicationId),
        inArray(eventPayments.status, ['PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'PAID']),
      ),
    )
    .orderBy(desc(eventPayments.createdAt), desc(eventPayments.id))
    .limit(1);
  return payment;
}

export async function ticketPrice(db: Executor, ticketTypeId: string) {
  const [row] = await db
    .select({ priceCents: eventTicketTypes.priceCents })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.id, ticketTypeId));
  return row?.priceCents;
}

/** The user's one active organization (any role), or null when they have none or several. */
export async function soleOrganization(db: Executor, userId: string): Promise<string | null> {
  const rows = await db
    .select({ organizationId: organizationMemberships.organizationId })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt)))
    .limit(2);
  return rows.length === 1 ? (rows[0]?.organizationId ?? null) : null;
}

/** One page of the user's applications, newest first, with event, option, coupon and price: one query and a count. */
export async function pageOfApplications(db: Database, userId: string, page: Page) {
  const mine = eq(eventApplications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventApplications.id,
        status: eventApplications.status,
        isSimplified: eventApplications.isSimplified,
        submittedAt: eventApplications.submittedAt,
        createdAt: eventApplications.createdAt,
        event: {
          id: events.id,
          name: events.name,
          startDate: events.startDate,
          endDate: events.endDate,
          locationName: events.locationName,
        },
        dueDays: events.paymentDueDays,
        ...applicationPricingColumns,
      })
      .from(eventApplications)
      .innerJoin(events, eq(events.id, eventApplications.eventId))
      .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, events.applicationTicketTypeId))
      .leftJoin(eventPaymentOptions, eq(eventPaymentOptions.id, eventApplications.paymentOptionId))
      .leftJoin(coupons, eq(coupons.id, eventApplications.couponId))
      .where(mine)
      .orderBy(desc(eventApplications.createdAt), desc(eventApplications.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(eventApplications).where(mine),
  ]);
  return { rows, total: total?.total ?? 0 };
}

export async function pageOfLegacyApplications(db: Database, userId: string, page: Page) {
  const mine = eq(legacyEventApplications.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: legacyEventApplications.id,
        eventId: legacyEventApplications.eventId,
        eventName: legacyEventApplications.eventName,
        startDate: legacyEventApplications.startDate,
        endDate: legacyEventApplications.endDate,
        statusId: legacyEventApplications.statusId,
        paymentStatusId: legacyEventApplications.paymentStatusId,
        paymentTypeId: legacyEventApplications.paymentTypeId,
        balanceCents: legacyEventApplications.balanceCents,
      })
      .from(legacyEventApplications)
      .where(mine)
      .orderBy(desc(legacyEventApplications.createdAt), asc(legacyEventApplications.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(legacyEventApplications).where(mine),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** The member's own legacy application, its row locked for the rest of the transaction; anyone else's is not found. */
export async function lockOwnLegacyApplication(tx: Executor, legacyApplicationId: string, userId: string) {
  const [row] = await tx
    .select({
      id: legacyEventApplications.id,
      eventName: legacyEventApplications.eventName,
      statusId: legacyEventApplications.statusId,
      paymentStatusId: legacyEventApplications.paymentStatusId,
      paymentTypeId: legacyEventApplications.paymentTypeId,
      balanceCents: legacyEventApplications.balanceCents,
    })
    .from(legacyEventApplications)
    .where(and(eq(legacyEventApplications.id, legacyApplicationId), eq(legacyEventApplications.userId, userId)))
    .for('update');
  return row;
}

/** The legacy application's newest payment here, whatever its status. */
export async function latestLegacyPayment(
  db: Executor,
  legacyApplicationId: string,
): Promise<OpenedPayment | undefined> {
  const [payment] = await db
    .select(openedPaymentColumns)
    .from(eventPayments)
    .where(eq(eventPayments.legacyApplicationId, legacyApplicationId))
    .orderBy(desc(eventPayments.createdAt), desc(eventPayments.id))
    .limit(1);
  return payment;
}
