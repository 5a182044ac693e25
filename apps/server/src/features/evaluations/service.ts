import { calendarDateIn } from '@portal/domain/dates.ts';
import {
  askedOccasions,
  checkAnswers,
  evaluationLinkOpen,
  evaluationMessages,
  type Answers,
  type MyEvaluation,
} from '@portal/domain/events/evaluations.ts';
import type { AppDeps } from '../../app-deps.ts';
import { attendedDaysAt, readEvaluationLink, submittedOccasionsAt } from '../../core/evaluations.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import * as repository from './repository.ts';

const today = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** Who answers, and who the audit names: the signed-in member, or the person a mail's signed link names. */
interface Respondent {
  userId: string;
  actor: { actorId: string; impersonatorId: string | null };
  via: 'session' | 'link';
}

const signedIn = (auth: RequestAuth): Respondent => ({ userId: auth.user.id, actor: actorOf(auth), via: 'session' });

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
async function askedOne(deps: AppDeps, userId: string, eventId: string, occasion: string) {
  const asked = await askedOf(deps, userId, eventId);
  const found = asked.find((entry) => entry.item.occasion === occasion);
  if (!found) throw notFound(evaluationMessages.notAsked);
  return found;
}

/** GET /api/evaluations/:eventId/:occasion */
export async function getMine(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string) {
  return (await askedOne(deps, auth.user.id, eventId, occasion)).item;
}

function checked(questions: MyEvaluation['questions'], given: Answers, complete: boolean): Answers {
  const result = checkAnswers(questions, given, complete);
  if (result.ok) return result.answers;
  if (result.unknown) throw badRequest(evaluationMessages.unknownQuestion);
  throw badRequest(Object.values(result.errors)[0] ?? evaluationMessages.required, result.errors);
}

/** PUT /api/evaluations/:eventId/:occasion/draft: keeps a half-filled form as she goes. */
export async function saveDraft(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string, given: Answers) {
  return draftOf(deps, signedIn(auth), eventId, occasion, given);
}

async function draftOf(deps: AppDeps, who: Respondent, eventId: string, occasion: string, given: Answers) {
  const { item } = await askedOne(deps, who.userId, eventId, occasion);
  if (item.submitted) throw conflict(evaluationMessages.alreadyAnswered);
  const answers = checked(item.questions, given, false);
  await repository.upsertDraft(deps.db, { eventId, userId: who.userId, occasion, answers });
  return { ...item, draft: answers };
}

/** POST /api/evaluations/:eventId/:occasion: her answers, once (submitted below). */
export async function submit(deps: AppDeps, auth: RequestAuth, eventId: string, occasion: string, given: Answers) {
  return submitAs(deps, signedIn(auth), eventId, occasion, given);
}

/**
 * Her answers, once. In one transaction: who answered (its key refuses a second answer), the answers (without
 * her for an anonymous evaluation), and the draft gone. The certificate it releases is released by the
 * submission row itself.
 */
async function submitAs(deps: AppDeps, who: Respondent, eventId: string, occasion: string, given: Answers) {
  const { item, sectionId } = await askedOne(deps, who.userId, eventId, occasion);
  if (item.submitted) throw conflict(evaluationMessages.alreadyAnswered);
  const answers = checked(item.questions, given, true);
  const { userId } = who;
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
      ...who.actor,
      action: 'evaluation.submitted',
      subjectType: 'event',
      subjectId: eventId,
      data: { occasion, via: who.via },
    });
  });
  return { ...item, draft: {}, submitted: true };
}

/**
 * The person and occasion a mail's signed link names, while it runs. A token the server did not sign (or
 * signed for another form, or whose days are over) names nothing: 404, whoever is signed in.
 */
function linked(deps: AppDeps, token: string) {
  const link = readEvaluationLink(deps.config.encryptionKey, token);
  if (!link || !evaluationLinkOpen(link.expiresOn, today(deps))) throw notFound(evaluationMessages.linkInvalid);
  const who: Respondent = { userId: link.userId, actor: { actorId: link.userId, impersonatorId: null }, via: 'link' };
  return { link, who };
}

/** GET /api/evaluations/links/:token: the form the mail's link opens, without signing in. */
export async function getByLink(deps: AppDeps, token: string) {
  const { link } = linked(deps, token);
  return (await askedOne(deps, link.userId, link.eventId, link.occasion)).item;
}

/** PUT /api/evaluations/links/:token/draft */
export async function saveDraftByLink(deps: AppDeps, token: string, given: Answers) {
  const { link, who } = linked(deps, token);
  return draftOf(deps, who, link.eventId, link.occasion, given);
}

/** POST /api/evaluations/links/:token */
export async function submitByLink(deps: AppDeps, token: string, given: Answers) {
  const { link, who } = linked(deps, token);
  return submitAs(deps, who, link.eventId, link.occasion, given);
}
