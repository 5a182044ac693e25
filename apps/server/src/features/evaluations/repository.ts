import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Answers } from '@portal/domain/events/evaluations.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import { eventDailyAttendances } from '../../db/schema/attendance.ts';
import { events } from '../../db/schema/commerce.ts';
import { lastDayOf } from '../../core/evaluations.ts';
import {
  evaluationDrafts,
  evaluationResponses,
  evaluationSubmissions,
  eventEvaluations,
} from '../../db/schema/evaluations.ts';

/**
 * The evaluations a member attended: each event with an evaluation where she was marked present on a
 * day, with its last day; one statement for all her events (or the one asked for).
 */
export async function attendedEvaluations(db: Executor, userId: string, eventId?: string) {
  return db
    .select({
      eventId: eventEvaluations.eventId,
      eventName: events.name,
      startDate: events.startDate,
      questions: eventEvaluations.questions,
      askWhen: eventEvaluations.askWhen,
      anonymous: eventEvaluations.anonymous,
      requiredForCertificate: eventEvaluations.requiredForCertificate,
      lastDay: lastDayOf(events.id),
    })
    .from(eventEvaluations)
    .innerJoin(events, eq(events.id, eventEvaluations.eventId))
    .where(
      and(
        eventId ? eq(eventEvaluations.eventId, eventId) : undefined,
        sql`exists (select 1 from ${eventDailyAttendances}
          where ${eventDailyAttendances.eventId} = ${eventEvaluations.eventId}
            and ${eventDailyAttendances.userId} = ${userId} and ${eventDailyAttendances.attended})`,
      ),
    )
    .orderBy(asc(events.startDate), asc(events.name));
}

export async function draftsAt(db: Executor, userId: string, eventIds: readonly string[]) {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: evaluationDrafts.eventId,
      occasion: evaluationDrafts.occasion,
      answers: evaluationDrafts.answers,
    })
    .from(evaluationDrafts)
    .where(and(eq(evaluationDrafts.userId, userId), inArray(evaluationDrafts.eventId, [...eventIds])));
}

export async function upsertDraft(
  db: Executor,
  draft: { eventId: string; userId: string; occasion: string; answers: Answers },
): Promise<void> {
  await db
    .insert(evaluationDrafts)
    .values(draft)
    .onConflictDoUpdate({
      target: [evaluationDrafts.eventId, evaluationDrafts.userId, evaluationDrafts.occasion],
      set: { answers: draft.answers, updatedAt: sql`now()` },
    });
}

/** Records who answered; false when she already had (the key refuses a second answer, even a concurrent one). */
export async function recordSubmission(
  tx: Transaction,
  submission: { eventId: string; userId: string; occasion: string },
): Promise<boolean> {
  const rows = await tx
    .insert(evaluationSubmissions)
    .values(submission)
    .onConflictDoNothing()
    .returning({ occasion: evaluationSubmissions.occasion });
  return rows.length === 1;
}

/**
 * Keeps the answers. An anonymous evaluation's row gets no person: the caller passes none, and the
 * table's check refuses a row of an anonymous evaluation that names one.
 */
export async function saveResponse(
  tx: Transaction,
  response: {
    eventId: string;
    anonymous: boolean;
    userId: string | null;
    occasion: string;
    sectionId: string | null;
    answers: Answers;
    submittedOn: string;
  },
): Promise<void> {
  await tx.insert(evaluationResponses).values(response);
}

export async function deleteDraft(tx: Transaction, key: { eventId: string; userId: string; occasion: string }) {
  await tx
    .delete(evaluationDrafts)
    .where(
      and(
        eq(evaluationDrafts.eventId, key.eventId),
        eq(evaluationDrafts.userId, key.userId),
        eq(evaluationDrafts.occasion, key.occasion),
      ),
    );
}
