import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  applicationPaymentStatus,
  isAdvancedEligible,
  isEditable,
  questionnaireComplete,
  selectionBegun,
  selectionProblem,
  type ApplicationPaymentStatus,
  type PastEvent,
  type SelectablePath,
} from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import type { Executor } from '../db/client.ts';
import { readEventStructure } from './event-structure.ts';
import {
  applicationQuestions,
  eventApplicationAnswers,
  eventApplicationGroupings,
  eventApplicationSections,
  eventApplications,
  eventPaymentOptions,
  legacyEventApplications,
} from '../db/schema/applications.ts';
import {
  coupons,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  events,
  eventSections,
  eventTicketTypes,
} from '../db/schema/commerce.ts';
import { organizationMemberships } from '../db/schema/organizations.ts';
import { eventTickets } from '../db/schema/tickets.ts';
import { users } from '../db/schema/users.ts';

/**
 * Event applications as both the applicant's screens and the staff console read them: one
 * application's full detail, and the payment state of many applications at once. A fixed number of
 * queries whatever the event's size.
 */

export type ApplicationPaymentSummary = NonNullable<ApplicationDetail['payment']>;

export interface ApplicationPaymentState {
  paymentStatus: ApplicationPaymentStatus;
  payment: ApplicationPaymentSummary | null;
}

/**
 * The latest payment of each application (with the label of its chosen option, which decides the
 * default status), in two queries for any number of applications.
 */
export async function applicationPaymentStates(
  db: Executor,
  applicationIds: readonly string[],
): Promise<Map<string, ApplicationPaymentState>> {
  const states = new Map<string, ApplicationPaymentState>();
  if (applicationIds.length === 0) return states;
  const ids = [...new Set(applicationIds)];
  const options = await db
    .select({ id: eventApplications.id, label: eventPaymentOptions.label })
    .from(eventApplications)
    .leftJoin(eventPaymentOptions, eq(eventPaymentOptions.id, eventApplications.paymentOptionId))
    .where(inArray(eventApplications.id, ids));
  const payments = await db
    .selectDistinctOn([eventPayments.applicationId], {
      applicationId: eventPayments.applicationId,
      eventPaymentId: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      totalCents: eventPayments.totalCents,
    })
    .from(eventPayments)
    .where(inArray(eventPayments.applicationId, ids))
    .orderBy(eventPayments.applicationId, desc(eventPayments.createdAt), desc(eventPayments.id));
  const latest = new Map(payments.map((payment) => [payment.applicationId, payment]));
  for (const option of options) {
    const found = latest.get(option.id);
    const payment = found
      ? {
          eventPaymentId: found.eventPaymentId,
          status: found.status,
          method: found.method,
          totalCents: found.totalCents,
        }
      : null;
    states.set(option.id, { paymentStatus: applicationPaymentStatus(payment, option.label), payment });
  }
  return states;
}

/**
 * The latest payment made in this portal for each application imported from the previous system
 * (application-rules.legacyApplicationView reads its status from it), in one query.
 */
export async function latestLegacyPayments(
  db: Executor,
  legacyApplicationIds: readonly string[],
): Promise<Map<string, ApplicationPaymentSummary>> {
  if (legacyApplicationIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([eventPayments.legacyApplicationId], {
      legacyApplicationId: eventPayments.legacyApplicationId,
      eventPaymentId: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      totalCents: eventPayments.totalCents,
    })
    .from(eventPayments)
    .where(inArray(eventPayments.legacyApplicationId, [...new Set(legacyApplicationIds)]))
    .orderBy(eventPayments.legacyApplicationId, desc(eventPayments.createdAt), desc(eventPayments.id));
  return new Map(
    rows.flatMap(({ legacyApplicationId, ...payment }) =>
      legacyApplicationId ? [[legacyApplicationId, payment]] : [],
    ),
  );
}

/** A user's legacy applications of one event (or all with an event), with their latest payment here: who may see its resources. */
export async function legacyApplicationsWithPayments(db: Executor, userId: string, eventId?: string) {
  const rows = await db
    .select({
      id: legacyEventApplications.id,
      eventId: legacyEventApplications.eventId,
      statusId: legacyEventApplications.statusId,
      paymentStatusId: legacyEventApplications.paymentStatusId,
      paymentTypeId: legacyEventApplications.paymentTypeId,
      balanceCents: legacyEventApplications.balanceCents,
    })
    .from(legacyEventApplications)
    .where(
      and(
        eq(legacyEventApplications.userId, userId),
        eventId ? eq(legacyEventApplications.eventId, eventId) : isNotNull(legacyEventApplications.eventId),
      ),
    );
  const payments = await latestLegacyPayments(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, payment: payments.get(row.id) ?? null }));
}

/**
 * Events a user has been to, for Advanced-path eligibility: ended before `today`, and the user holds
 * one of its tickets or paid for an application to it.
 */
export async function pastEventsOf(db: Executor, userId: string, today: string): Promise<PastEvent[]> {
  const ticketed = db
    .select({ eventId: eventTickets.eventId })
    .from(eventTickets)
    .where(eq(eventTickets.userId, userId));
  const paidApplications = db
    .select({ eventId: eventPaymentItems.eventId })
    .from(eventPaymentItems)
    .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
    .where(
      and(
        eq(eventPayments.userId, userId),
        eq(eventPayments.status, 'PAID'),
        sql`${eventPayments.applicationId} is not null`,
      ),
    );
  return db
    .select({ eventType: events.eventType, eventSubtype: events.eventSubtype, endDate: events.endDate })
    .from(events)
    .where(and(lt(events.endDate, today), sql`${events.id} in (${ticketed.union(paidApplications)})`));
}

/** An application row with its event, applicant profile, option, coupon and price: one query. */
async function readApplicationRow(db: Executor, applicationId: string, viewerId: string | undefined) {
  const [row] = await db
    .select({
      application: eventApplications,
      event: {
        id: events.id,
        name: events.name,
        kind: events.kind,
        startDate: events.startDate,
        endDate: events.endDate,
        locationName: events.locationName,
        eventType: events.eventType,
        eventSubtype: events.eventSubtype,
        paymentDueDays: events.paymentDueDays,
      },
      profile: {
        firstName: users.firstName,
        lastName: users.lastName,
        address1: users.address1,
        address2: users.address2,
        city: users.city,
        stateProvince: users.stateProvince,
        zipPostal: users.zipPostal,
        country: users.country,
        phone: users.phone,
      },
      ...applicationPricingColumns,
    })
    .from(eventApplications)
    .innerJoin(events, eq(events.id, eventApplications.eventId))
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .leftJoin(eventTicketTypes, eq(eventTicketTypes.id, events.applicationTicketTypeId))
    .leftJoin(eventPaymentOptions, eq(eventPaymentOptions.id, eventApplications.paymentOptionId))
    .leftJoin(coupons, eq(coupons.id, eventApplications.couponId))
    .where(
      and(
        eq(eventApplications.id, applicationId),
        viewerId === undefined ? undefined : eq(eventApplications.userId, viewerId),
      ),
    );
  return row;
}

/**
 * What an application costs and how it is paid, as columns of a select joining events, the event's
 * application ticket type, the chosen payment option and the coupon (left joins).
 */
export const applicationPricingColumns = {
  priceCents: eventTicketTypes.priceCents,
  option: { id: eventPaymentOptions.id, label: eventPaymentOptions.label, method: eventPaymentOptions.method },
  coupon: {
    code: coupons.code,
    type: coupons.type,
    discountAmount: coupons.discountAmount,
    discountPercentage: coupons.discountPercentage,
  },
};

/** The paths > groupings > sections tree of an event with each path's level (the catalogue's read). */
export async function readApplicationPaths(db: Executor, eventId: string) {
  return (await readEventStructure(db, eventId)).paths;
}

export type ApplicationEventPath = Awaited<ReturnType<typeof readApplicationPaths>>[number];

/** A path in the shape application-rules' selection rules read. */
export function selectablePath(path: ApplicationEventPath): SelectablePath {
  return {
    ...path,
    groupings: path.groupings.map((grouping) => ({
      id: grouping.id,
      sectionIds: grouping.sections.map((section) => section.id),
    })),
  };
}

/**
 * The saved selection measured against the event's paths as they are now (a grouping staff add later
 * reopens the step): whether anything is chosen, and whether it is complete. An event without paths
 * has nothing to choose, so both hold.
 */
function sectionProgress(
  paths: readonly ApplicationEventPath[],
  pathId: string | null,
  groupingIds: readonly string[],
  sections: readonly { id: string; ranking: number | null }[],
): { sectionChosen: boolean; section: boolean } {
  if (paths.length === 0) return { sectionChosen: true, section: true };
  const path = paths.find((candidate) => candidate.id === pathId);
  if (!path) return { sectionChosen: false, section: false };
  const selectable = selectablePath(path);
  const selection = {
    groupingIds,
    sections: sections.map((section) => ({ sectionId: section.id, ranking: section.ranking })),
  };
  return {
    sectionChosen: selectionBegun(selectable, selection),
    section: selectionProblem(selectable, selection) === null,
  };
}

/** A question as the member's form and the staff console read it, with the position staff edit. */
export const questionColumns = {
  id: applicationQuestions.id,
  type: applicationQuestions.type,
  label: applicationQuestions.label,
  options: applicationQuestions.options,
  required: applicationQuestions.required,
  position: applicationQuestions.position,
};

/** The questions of an event in the order shown. */
export function readQuestions(db: Executor, eventId: string) {
  return db
    .select(questionColumns)
    .from(applicationQuestions)
    .where(eq(applicationQuestions.eventId, eventId))
    .orderBy(asc(applicationQuestions.position), asc(applicationQuestions.label), asc(applicationQuestions.id));
}

/** The payment options of some events, in the order shown, in one query. */
export async function readPaymentOptions(db: Executor, eventIds: readonly string[]) {
  if (eventIds.length === 0)
    return new Map<string, { id: string; label: string; method: 'CARD' | 'PURCHASE_ORDER' }[]>();
  const rows = await db
    .select({
      eventId: eventPaymentOptions.eventId,
      id: eventPaymentOptions.id,
      label: eventPaymentOptions.label,
      method: eventPaymentOptions.method,
    })
    .from(eventPaymentOptions)
    .where(inArray(eventPaymentOptions.eventId, [...new Set(eventIds)]))
    .orderBy(asc(eventPaymentOptions.position), asc(eventPaymentOptions.label), asc(eventPaymentOptions.id));
  const byEvent = new Map<string, { id: string; label: string; method: 'CARD' | 'PURCHASE_ORDER' }[]>();
  for (const { eventId, ...option } of rows) byEvent.set(eventId, [...(byEvent.get(eventId) ?? []), option]);
  return byEvent;
}

/** Whether the user has at least one active organization membership (the wizard's affiliation step). */
export async function hasActiveAffiliation(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(organizationMemberships)
    .where(and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt)));
  return (row?.n ?? 0) > 0;
}

/**
 * One application as GET /api/event-applications/:id answers it. With `viewerId` only that user's
 * application is found (anyone else is told it does not exist); staff read without one. `today` (in
 * the portal's time zone) decides which past events count for the Advanced path.
 */
export async function readApplicationDetail(
  db: Executor,
  applicationId: string,
  today: string,
  viewerId?: string,
): Promise<ApplicationDetail | undefined> {
  const row = await readApplicationRow(db, applicationId, viewerId);
  if (!row) return undefined;
  const { application, event, profile } = row;
  const paths = await readApplicationPaths(db, event.id);
  // The member's application shows the questions in order; their positions are the staff console's.
  const questions = (await readQuestions(db, event.id)).map(({ position: _position, ...question }) => question);
  const options = await readPaymentOptions(db, [event.id]);
  const groupingRows = await db
    .select({ id: eventApplicationGroupings.groupingId, ranking: eventApplicationGroupings.ranking })
    .from(eventApplicationGroupings)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventApplicationGroupings.groupingId))
    .where(eq(eventApplicationGroupings.applicationId, application.id))
    .orderBy(
      sql`${eventApplicationGroupings.ranking} asc nulls last`,
      asc(eventGroupings.position),
      asc(eventGroupings.id),
    );
  const sectionRows = await db
    .select({
      id: eventApplicationSections.sectionId,
      ranking: eventApplicationSections.ranking,
      groupingId: eventApplicationSections.groupingId,
      title: eventSections.title,
    })
    .from(eventApplicationSections)
    .innerJoin(eventSections, eq(eventSections.id, eventApplicationSections.sectionId))
    .where(eq(eventApplicationSections.applicationId, application.id))
    .orderBy(
      sql`${eventApplicationSections.ranking} asc nulls last`,
      asc(eventSections.position),
      asc(eventSections.id),
    );
  const answerRows = await db
    .select({ questionId: eventApplicationAnswers.questionId, value: eventApplicationAnswers.value })
    .from(eventApplicationAnswers)
    .where(eq(eventApplicationAnswers.applicationId, application.id));
  const affiliation = await hasActiveAffiliation(db, application.userId);
  const pastEvents = await pastEventsOf(db, application.userId, today);
  const states = await applicationPaymentStates(db, [application.id]);
  const answers = new Map(answerRows.map((answer) => [answer.questionId, answer.value]));
  const coupon =
    row.coupon?.code && row.coupon.type ? { ...row.coupon, code: row.coupon.code, type: row.coupon.type } : null;
  const totals = orderTotals([{ numberOfTickets: 1, price: row.priceCents ?? 0 }], coupon);
  const state = states.get(application.id);
  const saved = application.generalInformationSavedAt !== null;
  return {
    id: application.id,
    status: application.status,
    isSimplified: application.isSimplified,
    editable: isEditable(application.status),
    event: {
      id: event.id,
      name: event.name,
      kind: event.kind,
      startDate: event.startDate,
      endDate: event.endDate,
      locationName: event.locationName,
      eventType: event.eventType,
      eventSubtype: event.eventSubtype,
      paths: paths.map((path) => ({
        ...path,
        eligible: path.level === 'FIRST_YEAR' || isAdvancedEligible(event, pastEvents, today),
      })),
      questions,
      finance: { dueDays: event.paymentDueDays, paymentOptions: options.get(event.id) ?? [] },
    },
    generalInformation: saved
      ? {
          firstName: application.firstName ?? '',
          lastName: application.lastName ?? '',
          address1: application.address1,
          address2: application.address2,
          city: application.city,
          stateProvince: application.stateProvince,
          zipPostal: application.zipPostal,
          country: application.country ?? defaultCountry,
          phone: application.phone,
        }
      : { ...profile, country: profile.country || defaultCountry },
    generalInformationSaved: saved,
    pathId: application.pathId,
    requestedGroupings: groupingRows,
    requestedSections: sectionRows,
    answers: questions
      .filter((question) => answers.has(question.id))
      .map((question) => ({ questionId: question.id, value: answers.get(question.id) ?? [] })),
    progress: {
      generalInformation: saved,
      affiliation,
      ...sectionProgress(
        paths,
        application.pathId,
        groupingRows.map((grouping) => grouping.id),
        sectionRows,
      ),
      // Read from the questions as they are now: a questionnaire without required questions is complete
      // before any save, and a required question added later reopens it.
      questionnaire: questionnaireComplete(questions, answers),
    },
    paymentOption: row.option?.id ? { id: row.option.id, label: row.option.label, method: row.option.method } : null,
    coupon,
    amounts: { priceCents: totals.subtotal, discountCents: totals.discount, amountDueCents: totals.total },
    paymentStatus: state?.paymentStatus ?? applicationPaymentStatus(null, row.option?.label ?? null),
    payment: state?.payment ?? null,
    submittedAt: application.submittedAt?.toISOString() ?? null,
  };
}
