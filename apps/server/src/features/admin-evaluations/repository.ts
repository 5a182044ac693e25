import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { Answers, EvaluationInput } from '@portal/domain/events/evaluations.ts';
import type { Executor } from '../../db/client.ts';
import { events, eventSections } from '../../db/schema/commerce.ts';
import { evaluationRequests, evaluationResponses, eventEvaluations } from '../../db/schema/evaluations.ts';
import { users } from '../../db/schema/users.ts';

export async function findEvaluatedEvent(db: Executor, eventId: string) {
  const [event] = await db.select({ id: events.id, name: events.name }).from(events).where(eq(events.id, eventId));
  if (!event) return null;
  const sections = await db
    .select({ id: eventSections.id, title: eventSections.title })
    .from(eventSections)
    .where(eq(eventSections.eventId, eventId))
    .orderBy(asc(eventSections.position), asc(eventSections.title), asc(eventSections.id));
  return { ...event, sections };
}

export async function countResponses(db: Executor, eventId: string): Promise<number> {
  const [row] = await db
    .select({ responses: count() })
    .from(evaluationResponses)
    .where(eq(evaluationResponses.eventId, eventId));
  return row?.responses ?? 0;
}

export async function upsertEvaluation(
  db: Executor,
  eventId: string,
  input: EvaluationInput,
  updatedById: string,
): Promise<void> {
  const values = {
    questions: input.questions,
    askWhen: input.askWhen,
    requiredForCertificate: input.requiredForCertificate,
    anonymous: input.anonymous,
    facilitators: input.facilitators,
    updatedById,
  };
  await db
    .insert(eventEvaluations)
    .values({ eventId, ...values })
    .onConflictDoUpdate({ target: eventEvaluations.eventId, set: values });
}

/** How many were asked, per section (null: a section since removed). */
export async function askedPerSection(db: Executor, eventId: string) {
  return db
    .select({ sectionId: evaluationRequests.sectionId, asked: count() })
    .from(evaluationRequests)
    .where(eq(evaluationRequests.eventId, eventId))
    .groupBy(evaluationRequests.sectionId);
}

/** Every response's answers and section, for the results; no person is read. */
export async function responseAnswers(db: Executor, eventId: string) {
  return db
    .select({ sectionId: evaluationResponses.sectionId, answers: evaluationResponses.answers })
    .from(evaluationResponses)
    .where(eq(evaluationResponses.eventId, eventId));
}

export interface ExportedResponse {
  id: string;
  occasion: string;
  submittedOn: string;
  sectionTitle: string | null;
  sectionId: string | null;
  answers: Answers;
  /** Null for a response kept without the person (anonymous evaluations). */
  name: string | null;
  email: string | null;
}

/** One page of the export, by id; the person is joined only for responses that carry one. */
export async function exportPage(
  db: Executor,
  eventId: string,
  after: ExportedResponse | undefined,
  limit: number,
): Promise<ExportedResponse[]> {
  return db
    .select({
      id: evaluationResponses.id,
      occasion: evaluationResponses.occasion,
      submittedOn: evaluationResponses.submittedOn,
      sectionTitle: eventSections.title,
      sectionId: evaluationResponses.sectionId,
      answers: evaluationResponses.answers,
      name: sql<
        string | null
      >`case when ${users.id} is null then null else ${users.firstName} || ' ' || ${users.lastName} end`,
      email: users.email,
    })
    .from(evaluationResponses)
    .leftJoin(eventSections, eq(eventSections.id, evaluationResponses.sectionId))
    .leftJoin(users, eq(users.id, evaluationResponses.userId))
    .where(and(eq(evaluationResponses.eventId, eventId), after ? gt(evaluationResponses.id, after.id) : undefined))
    .orderBy(asc(evaluationResponses.id))
    .limit(limit);
}
