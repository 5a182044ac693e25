import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { ApplicationStatus } from '@portal/domain/applications/rules.ts';
import type {
  AdminApplicationDetail,
  AdminApplicationQuery,
  ApplicationSettingsInput,
  QuestionInput,
} from '@portal/domain/applications/contracts.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  applicationQuestions,
  eventApplicationAnswers,
  eventApplicationSections,
  eventApplications,
  eventPaymentOptions,
} from '../../db/schema/applications.ts';
import { eventGroupings, events, eventSections, eventTicketTypes } from '../../db/schema/commerce.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import { organizationMembershipGrades, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { users } from '../../db/schema/users.ts';
import { questionColumns } from '../../core/application-reads.ts';

/** What the audit log calls an application (the applicant side writes the same). */
export const applicationSubject = 'event_application';

function queueFilter(query: AdminApplicationQuery): SQL | undefined {
  const like = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    query.eventId ? eq(eventApplications.eventId, query.eventId) : undefined,
    query.status ? eq(eventApplications.status, query.status) : undefined,
    like ? or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), ilike(users.email, like)) : undefined,
  );
}

/** One page of the review queue and its total: submitted applications first, oldest submission first. */
export async function listQueue(db: Database, query: AdminApplicationQuery) {
  const where = queueFilter(query);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: eventApplications.id,
        status: eventApplications.status,
        applicant: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        event: { id: events.id, name: events.name, startDate: events.startDate },
        submittedAt: eventApplications.submittedAt,
        updatedAt: eventApplications.updatedAt,
      })
      .from(eventApplications)
      .innerJoin(users, eq(users.id, eventApplications.userId))
      .innerJoin(events, eq(events.id, eventApplications.eventId))
      .where(where)
      .orderBy(
        sql`${eventApplications.submittedAt} asc nulls last`,
        desc(eventApplications.createdAt),
        asc(eventApplications.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(eventApplications)
      .innerJoin(users, eq(users.id, eventApplications.userId))
      .where(where),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/**
 * One page of the queue's export after the row `afterId`, in id order (a stable keyset; the queue's own
 * order has ties), under the queue's filter.
 */
export function exportPage(
  db: Database,
  filter: Omit<AdminApplicationQuery, 'page' | 'pageSize'>,
  afterId: string | undefined,
  limit: number,
) {
  return db
    .select({
      id: eventApplications.id,
      status: eventApplications.status,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      eventName: events.name,
      submittedAt: eventApplications.submittedAt,
    })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .innerJoin(events, eq(events.id, eventApplications.eventId))
    .where(
      and(
        queueFilter({ ...filter, page: 1, pageSize: limit }),
        afterId ? sql`${eventApplications.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(eventApplications.id))
    .limit(limit);
}

/** The sections each application ranked, by grouping then rank ("Strands: 1. Coaching Cycles"): one query. */
export async function rankedSectionsOf(
  db: Database,
  applicationIds: readonly string[],
): Promise<Map<string, string[]>> {
  const ranked = new Map<string, string[]>();
  if (applicationIds.length === 0) return ranked;
  const rows = await db
    .select({
      applicationId: eventApplicationSections.applicationId,
      grouping: eventGroupings.name,
      title: eventSections.title,
      ranking: eventApplicationSections.ranking,
    })
    .from(eventApplicationSections)
    .innerJoin(eventSections, eq(eventSections.id, eventApplicationSections.sectionId))
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventApplicationSections.groupingId))
    .where(inArray(eventApplicationSections.applicationId, [...applicationIds]))
    .orderBy(
      asc(eventGroupings.position),
      sql`${eventApplicationSections.ranking} asc nulls last`,
      asc(eventSections.title),
    );
  for (const row of rows) {
    const label = `${row.grouping}: ${row.ranking === null ? '' : `${row.ranking}. `}${row.title}`;
    ranked.set(row.applicationId, [...(ranked.get(row.applicationId) ?? []), label]);
  }
  return ranked;
}

/** Each application's questionnaire answers, in the questions' order ("Question: answer"): one query. */
export async function answersOf(db: Database, applicationIds: readonly string[]): Promise<Map<string, string[]>> {
  const answers = new Map<string, string[]>();
  if (applicationIds.length === 0) return answers;
  const rows = await db
    .select({
      applicationId: eventApplicationAnswers.applicationId,
      label: applicationQuestions.label,
      value: eventApplicationAnswers.value,
    })
    .from(eventApplicationAnswers)
    .innerJoin(applicationQuestions, eq(applicationQuestions.id, eventApplicationAnswers.questionId))
    .where(inArray(eventApplicationAnswers.applicationId, [...applicationIds]))
    .orderBy(asc(applicationQuestions.position), asc(applicationQuestions.id));
  for (const row of rows)
    answers.set(row.applicationId, [
      ...(answers.get(row.applicationId) ?? []),
      `${row.label}: ${row.value.join(', ')}`,
    ]);
  return answers;
}

/** The applicant of an application, their active affiliations and the application's audit history: three queries. */
export async function readStaffExtras(
  db: Database,
  applicationId: string,
): Promise<Pick<AdminApplicationDetail, 'applicant' | 'affiliations' | 'history'> | undefined> {
  const [applicant] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .where(eq(eventApplications.id, applicationId));
  if (!applicant) return undefined;
  const [memberships, history] = await Promise.all([
    db
      .select({
        organizationName: organizations.name,
        positionLabel: positions.label,
        grades: sql<
          string[]
        >`coalesce(array_agg(${grades.name} order by ${grades.sortOrder}) filter (where ${grades.id} is not null), '{}')`,
      })
      .from(organizationMemberships)
      .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
      .leftJoin(positions, eq(positions.id, organizationMemberships.positionId))
      .leftJoin(organizationMembershipGrades, eq(organizationMembershipGrades.membershipId, organizationMemberships.id))
      .leftJoin(grades, eq(grades.id, organizationMembershipGrades.gradeId))
      .where(and(eq(organizationMemberships.userId, applicant.id), isNull(organizationMemberships.archivedAt)))
      .groupBy(organizations.id, organizations.name, positions.label, organizationMemberships.id)
      .orderBy(asc(organizations.name), asc(organizationMemberships.id)),
    db
      .select({ action: auditLog.action, at: auditLog.createdAt, firstName: users.firstName, lastName: users.lastName })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(eq(auditLog.subjectType, applicationSubject), eq(auditLog.subjectId, applicationId)))
      .orderBy(asc(auditLog.createdAt), asc(auditLog.id)),
  ]);
  return {
    applicant,
    affiliations: memberships,
    history: history.map((entry) => ({
      action: entry.action,
      at: entry.at.toISOString(),
      actorName: entry.firstName === null ? null : `${entry.firstName} ${entry.lastName ?? ''}`.trim(),
    })),
  };
}

/** The application a decision is about, with whom to mail: one query. */
export async function findForDecision(db: Executor, applicationId: string) {
  const [row] = await db
    .select({
      id: eventApplications.id,
      status: eventApplications.status,
      email: users.email,
      firstName: users.firstName,
      eventName: events.name,
      dueDays: events.paymentDueDays,
    })
    .from(eventApplications)
    .innerJoin(users, eq(users.id, eventApplications.userId))
    .innerJoin(events, eq(events.id, eventApplications.eventId))
    .where(eq(eventApplications.id, applicationId));
  return row;
}

/**
 * Moves an application from `from` to `to`, only if it is still in `from`: of two staff members
 * deciding at once, the second finds the status changed and gets nothing back.
 */
export async function moveStatus(
  db: Executor,
  applicationId: string,
  from: ApplicationStatus,
  to: ApplicationStatus,
  deciderId: string,
  now: Date,
) {
  const [moved] = await db
    .update(eventApplications)
    .set({ status: to, decidedAt: now, decidedById: deciderId, updatedAt: now })
    .where(and(eq(eventApplications.id, applicationId), eq(eventApplications.status, from)))
    .returning({ id: eventApplications.id });
  return moved !== undefined;
}

/* Settings and questions. */

export async function findEventSettings(db: Executor, eventId: string) {
  const [event] = await db
    .select({
      id: events.id,
      acceptsApplications: events.acceptsApplications,
      ticketTypeId: events.applicationTicketTypeId,
      dueDays: events.paymentDueDays,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return event;
}

/** Locks the event row, so two settings saves apply one after the other. */
export async function lockEvent(db: Executor, eventId: string): Promise<boolean> {
  const [event] = await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
  return event !== undefined;
}

export function readTicketTypes(db: Executor, eventId: string) {
  return db
    .select({ id: eventTicketTypes.id, name: eventTicketTypes.name, priceCents: eventTicketTypes.priceCents })
    .from(eventTicketTypes)
    .where(eq(eventTicketTypes.eventId, eventId))
    .orderBy(asc(eventTicketTypes.priceCents), asc(eventTicketTypes.name), asc(eventTicketTypes.id));
}

/** The event's payment options, each with whether an application chose it: two queries. */
export async function readOptionsInUse(db: Executor, eventId: string) {
  const options = await db
    .select({ id: eventPaymentOptions.id })
    .from(eventPaymentOptions)
    .where(eq(eventPaymentOptions.eventId, eventId));
  if (options.length === 0) return [];
  const chosen = await db
    .selectDistinct({ id: eventApplications.paymentOptionId })
    .from(eventApplications)
    .where(
      inArray(
        eventApplications.paymentOptionId,
        options.map((option) => option.id),
      ),
    );
  return options.map((option) => ({ id: option.id, inUse: chosen.some((row) => row.id === option.id) }));
}

/**
 * The question's event, or undefined when there is no such question, with the question row locked:
 * an applicant saving an answer to it meanwhile (whose foreign key needs the row) waits for the delete.
 */
export async function lockQuestion(db: Executor, questionId: string): Promise<string | undefined> {
  const [question] = await db
    .select({ eventId: applicationQuestions.eventId })
    .from(applicationQuestions)
    .where(eq(applicationQuestions.id, questionId))
    .for('update');
  return question?.eventId;
}

export async function questionAnswered(db: Executor, questionId: string): Promise<boolean> {
  const [answer] = await db
    .select({ questionId: eventApplicationAnswers.questionId })
    .from(eventApplicationAnswers)
    .where(eq(eventApplicationAnswers.questionId, questionId))
    .limit(1);
  return answer !== undefined;
}

export async function ticketTypeOfEventExists(db: Executor, eventId: string, ticketTypeId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventTicketTypes.id })
    .from(eventTicketTypes)
    .where(and(eq(eventTicketTypes.id, ticketTypeId), eq(eventTicketTypes.eventId, eventId)));
  return row !== undefined;
}

export async function updateApplicationSettings(
  db: Executor,
  eventId: string,
  settings: Pick<ApplicationSettingsInput, 'acceptsApplications' | 'ticketTypeId' | 'dueDays'>,
): Promise<void> {
  await db
    .update(events)
    .set({
      acceptsApplications: settings.acceptsApplications,
      applicationTicketTypeId: settings.ticketTypeId,
      paymentDueDays: settings.dueDays,
    })
    .where(eq(events.id, eventId));
}

export async function deletePaymentOptions(db: Executor, optionIds: readonly string[]): Promise<void> {
  await db.delete(eventPaymentOptions).where(inArray(eventPaymentOptions.id, [...optionIds]));
}

type PaymentOptionValues = Pick<typeof eventPaymentOptions.$inferInsert, 'label' | 'method' | 'position'>;

export async function updatePaymentOption(db: Executor, optionId: string, values: PaymentOptionValues): Promise<void> {
  await db.update(eventPaymentOptions).set(values).where(eq(eventPaymentOptions.id, optionId));
}

export async function insertPaymentOption(db: Executor, eventId: string, values: PaymentOptionValues): Promise<void> {
  await db.insert(eventPaymentOptions).values({ ...values, eventId });
}

export async function movePaymentOption(db: Executor, optionId: string, position: number): Promise<void> {
  await db.update(eventPaymentOptions).set({ position }).where(eq(eventPaymentOptions.id, optionId));
}

export async function insertQuestion(db: Executor, eventId: string, values: QuestionInput) {
  const [row] = await db
    .insert(applicationQuestions)
    .values({ ...values, eventId })
    .returning(questionColumns);
  return row;
}

/** The updated question with its event, or undefined when there is no such question. */
export async function updateQuestionRow(db: Executor, questionId: string, values: QuestionInput) {
  const [row] = await db
    .update(applicationQuestions)
    .set(values)
    .where(eq(applicationQuestions.id, questionId))
    .returning({ ...questionColumns, eventId: applicationQuestions.eventId });
  return row;
}

export async function deleteQuestionRow(db: Executor, questionId: string): Promise<void> {
  await db.delete(applicationQuestions).where(eq(applicationQuestions.id, questionId));
}
