import { calendarDateIn } from '@portal/domain/dates.ts';
import {
  askedOccasions,
  checkAnswers,
  evaluationMessages,
  type Answers,
  type MyEvaluation,
} from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attendedDaysAt, submittedOccasionsAt } from '../../core/evaluations.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import * as repository from './repository.ts';

const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/**
 * Every occasion the member is asked about (at one event, or all of them): the events with an
 * evaluation she attended, her days there, what she answered and her drafts, in four statements.
 */
async function askedOf(deps: AppDeps, userId: string, eventId?: string) {
  const evaluations = await repository.attendedEvaluations(deps.db, userId, eventId);
  const ids = evaluations.map((row) => row.eventId);
  const days = await attendedDaysAt(deps.db, userId, ids);
  const submitted = await submittedOccasionsAt(deps.db, userId, ids);
  const drafts = await repository.draftsAt(deps.db, userId, ids);
  const now = today(deps);
  return evaluations.flatMap((evaluation) => {
    const attended = days.filter((day) => day.eventId === evaluation.eventId);
    const occasions = askedOccasions({
      askWhen: evaluation.askWhen,
      attendedDates: attended.map((day) => day.date),
      lastDay: evaluation.lastDay,
      today: now,
    });
    return occasions.map((occasion) => ({
      item: {
        eventId: evaluation.eventId,
        eventName: evaluation.eventName,
        occasion,
        anonymous: evaluation.anonymous,
        requiredForCertificate: evaluation.requiredForCertificate,
        questions: evaluation.questions,
        draft:
          drafts.find((draft) => draft.eventId === evaluation.eventId && draft.occasion === occasion)?.answers ?? {},
        submitted: submitted.some((row) => row.eventId === evaluation.eventId && row.occasion === occasion),
      } satisfies MyEvaluation,
      // The section the answers are counted under: the day's own, or at the end the first day's.
      sectionId: (attended.find((day) => day.date === occasion) ?? attended[0])?.sectionId ?? null,
    }));
  });
}

/** GET /api/evaluations: the evaluations the caller is asked, open ones first. */
export async function listMine(deps: AppDeps, auth: RequestAuth) {
  const asked = await askedOf(deps, auth.user.id);
  const items = asked.map((entry) => entry.item);
  return { items: [...items.filter((item) => !item.submitted), ...items.filter((item) => item.submitted)] };
}

/** One occasion she is asked about; anyone not asked (not present, another person's) is told there is none. */
async function askedOne(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string) {
  const asked = await askedOf(deps, auth.user.id, eventId);
  const found = asked.find((entry) => entry.item.occasion === occasion);
  if (!found) throw notFound(evaluationMessages.notAsked);
  return found;
}

/** GET /api/evaluations/:eventId/:occasion */
export async function getMine(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string) {
  return (await askedOne(deps, auth, eventId, occasion)).item;
}

function checked(questions: MyEvaluation['questions'], given: Answers, complete: boolean): Answers {
  const result = checkAnswers(questions, given, complete);
  if (result.ok) return result.answers;
  if (result.unknown) throw badRequest(evaluationMessages.unknownQuestion);
  throw badRequest(Object.values(result.errors)[0] ?? evaluationMessages.required, result.errors);
}

/** PUT /api/evaluations/:eventId/:occasion/draft: keeps a half-filled form as she goes. */
export async function saveDraft(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string, given: Answers) {
  const { item } = await askedOne(deps, auth, eventId, occasion);
  if (item.submitted) throw conflict(evaluationMessages.alreadyAnswered);
  const answers = checked(item.questions, given, false);
  await repository.upsertDraft(deps.db, { eventId, userId: auth.user.id, occasion, answers });
  return { ...item, draft: answers };
}

/**
 * POST /api/evaluations/:eventId/:occasion: her answers, once. In one transaction: who answered (its
 * key refuses a second answer), the answers (without her for an anonymous evaluation), and the draft
 * gone. The certificate it releases is released by the submission row itself.
 */
export async function submit(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string, given: Answers) {
  const { item, sectionId } = await askedOne(deps, auth, eventId, occasion);
  if (item.submitted) throw conflict(evaluationMessages.alreadyAnswered);
  const answers = checked(item.questions, given, true);
  const userId = auth.user.id;
  await deps.db.transaction(async (tx) => {
    const first = await repository.recordSubmission(tx, { eventId, userId, occasion });
    if (!first) throw conflict(evaluationMessages.alreadyAnswered);
    await repository.saveResponse(tx, {
      eventId,
      anonymous: item.anonymous,
      userId: item.anonymous ? null : userId,
      occasion,
      sectionId,
      answers,
      submittedOn: today(deps),
    });
    await repository.deleteDraft(tx, { eventId, userId, occasion });
    await audit(tx, {
      ...actorOf(auth),
      action: 'evaluation.submitted',
      subjectType: 'event',
      subjectId: eventId,
      data: { occasion },
    });
  });
  return { ...item, draft: {}, submitted: true };
}
