import {
  answerProblem,
  applicationMessages,
  isAdvancedEligible,
  isEditable,
  missingPrerequisites,
  normalizeAnswer,
  questionnaireComplete,
  selectionMessages,
  selectionProblem,
  selectionRefusal,
  type WizardStep,
} from '@portal/domain/applications/rules.ts';
import type {
  ApplicationDetail,
  GeneralInformation,
  QuestionnaireSegment,
  SectionsSegment,
} from '@portal/domain/applications/contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { pastEventsOf, readApplicationPaths, selectablePath } from '../../core/application-reads.ts';
import { notifyStaff } from '../../core/staff-notifications.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  questionsOf,
  replaceAnswers,
  replaceSelection,
  updateApplication,
  type LockedApplication,
} from './repository.ts';
import { detailOf, todayOf, withOwnApplication } from './service.ts';

/**
 * The application wizard's segments (events.md §2 'Event applications'): general information, the
 * sections, the questionnaire, and review and submit, each saved only from a step the application
 * can reach, on the applicant's own application under its row lock.
 */

const rankingIndex = 'event_application_sections_ranking';

function requireEditable(application: LockedApplication): void {
  if (!isEditable(application.status)) throw conflict(applicationMessages.notEditable);
}

async function saveGeneralInformation(
  tx: Transaction,
  application: LockedApplication,
  data: GeneralInformation,
  now: Date,
): Promise<void> {
  await updateApplication(tx, application.id, { ...data, generalInformationSavedAt: now }, now);
}

/**
 * SECTIONS: the path must be the event's (and an Advanced one open to the applicant); the selection is
 * refused when application-rules.selectionRefusal finds what no save may hold (another path's
 * sections, a rank out of range or used twice, two groupings, …). Anything else is saved, and counts
 * as complete only when selectionProblem finds nothing.
 */
async function saveSections(
  deps: AppDeps,
  tx: Transaction,
  application: LockedApplication,
  data: SectionsSegment,
  now: Date,
): Promise<void> {
  const paths = await readApplicationPaths(tx, application.eventId);
  const path = paths.find((candidate) => candidate.id === data.pathId);
  if (!path) throw badRequest(applicationMessages.pathUnknown, { pathId: applicationMessages.pathUnknown });
  if (path.level === 'ADVANCED') {
    const today = todayOf(deps);
    if (!isAdvancedEligible(application, await pastEventsOf(tx, application.userId, today), today)) {
      throw badRequest(applicationMessages.advancedNotEligible, { pathId: applicationMessages.advancedNotEligible });
    }
  }
  const selectable = selectablePath(path);
  const selection = {
    groupingIds: data.requestedGroupings.map((grouping) => grouping.id),
    sections: data.requestedSections.map((section) => ({ sectionId: section.id, ranking: section.ranking })),
  };
  const groupingRanked = data.requestedGroupings.some((grouping) => grouping.ranking !== null);
  const refusal = groupingRanked ? selectionMessages.rankingNotAsked : selectionRefusal(selectable, selection);
  if (refusal) throw badRequest(refusal, { requestedSections: refusal });
  const groupingOfSection = new Map(
    path.groupings.flatMap((grouping) => grouping.sections.map((section) => [section.id, grouping.id] as const)),
  );
  await replaceSelection(
    tx,
    application.id,
    data.requestedGroupings.map((grouping) => ({ groupingId: grouping.id, ranking: null })),
    data.requestedSections.map((section) => ({
      sectionId: section.id,
      groupingId: groupingOfSection.get(section.id) ?? '',
      ranking: section.ranking,
    })),
  );
  await updateApplication(
    tx,
    application.id,
    { pathId: path.id, sectionsComplete: selectionProblem(selectable, selection) === null },
    now,
  );
}

/**
 * QUESTIONNAIRE: answers trimmed; a wrong answer (not one of the options, several where one is
 * asked) is refused by question id, while a missing required answer only leaves it incomplete.
 */
async function saveQuestionnaire(
  tx: Transaction,
  application: LockedApplication,
  data: QuestionnaireSegment,
  now: Date,
): Promise<void> {
  const questions = await questionsOf(tx, application.eventId);
  const byId = new Map(questions.map((question) => [question.id, question]));
  const answers = new Map<string, string[]>();
  const errors: Record<string, string> = {};
  for (const answer of data.answers) {
    const question = byId.get(answer.questionId);
    if (!question) {
      errors[answer.questionId] = applicationMessages.questionUnknown;
      continue;
    }
    const value = normalizeAnswer(answer.value);
    const problem = answerProblem(question, value);
    if (problem && problem !== applicationMessages.questionRequired) errors[answer.questionId] = problem;
    answers.set(question.id, value);
  }
  if (Object.keys(errors).length > 0) throw badRequest(applicationMessages.updateFailed, errors);
  await replaceAnswers(tx, application.id, answers);
  await updateApplication(
    tx,
    application.id,
    { questionnaireComplete: questionnaireComplete(questions, answers) },
    now,
  );
}

/**
 * REVIEW_AND_SUBMIT: every step complete (the first missing one is the message, all of them the
 * field errors) and a payment option when the event offers any; then SUBMITTED, audited, and the
 * applicant mailed in the same transaction.
 */
async function submit(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  application: LockedApplication,
  paymentOptionId: string | null,
  now: Date,
) {
  const detail = await detailOf(deps, tx, application.id, auth.user.id);
  const missing = missingPrerequisites('submit', detail.progress);
  if (missing.length > 0) {
    throw badRequest(
      missing[0]?.message ?? applicationMessages.updateFailed,
      Object.fromEntries(missing.map(({ field, message }) => [field, message])),
    );
  }
  const options = detail.event.finance.paymentOptions;
  if (options.length > 0 && !options.some((option) => option.id === paymentOptionId)) {
    throw badRequest(applicationMessages.paymentOptionRequired, {
      paymentOptionId: applicationMessages.paymentOptionRequired,
    });
  }
  await updateApplication(
    tx,
    application.id,
    { status: 'SUBMITTED', submittedAt: now, paymentOptionId: options.length > 0 ? paymentOptionId : null },
    now,
  );
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-application.submit',
    subjectType: 'event_application',
    subjectId: application.id,
    data: { from: application.status, paymentOptionId },
  });
  await emitWebhookEvent(
    tx,
    'application.submitted',
    { applicationId: application.id, userId: auth.user.id, paymentOptionId },
    now,
  );
  await notifyStaff(tx, deps.config.publicUrl, {
    kind: 'application',
    key: `application:${application.id}:${now.toISOString()}`,
    summary: `Application of ${auth.user.firstName} ${auth.user.lastName} to ${application.eventName} submitted`,
    path: `/admin/applications/${application.id}`,
    at: now,
  });
  await queueMail(tx, {
    to: auth.user.email,
    subject: `Your application to ${application.eventName} has been submitted`,
    text: [
      `Hello ${auth.user.firstName},`,
      '',
      `Your application to ${application.eventName} has been submitted. We will let you know when it has been reviewed.`,
      '',
      'You can follow it under My Event Applications in the Members Portal.',
    ].join('\n'),
  });
}

type Segment =
  | { segment: 'GENERAL_INFORMATION'; data: GeneralInformation }
  | { segment: 'SECTIONS'; data: SectionsSegment }
  | { segment: 'QUESTIONNAIRE'; data: QuestionnaireSegment }
  | { segment: 'REVIEW_AND_SUBMIT'; data: { paymentOptionId: string | null } };

/** The wizard step each segment is saved from. */
const segmentSteps: Record<Segment['segment'], WizardStep> = {
  GENERAL_INFORMATION: 'general-information',
  SECTIONS: 'sections',
  QUESTIONNAIRE: 'questionnaire',
  REVIEW_AND_SUBMIT: 'review-and-submit',
};

/**
 * §2: a segment is saved only from a step the application can reach (the wizard's own rule,
 * application-rules.missingPrerequisites): sections after general information, and so on. 409 names
 * what is missing first, with each missing part as a field.
 */
async function requireReachable(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  application: LockedApplication,
  step: WizardStep,
): Promise<void> {
  const { progress } = await detailOf(deps, tx, application.id, auth.user.id);
  const missing = missingPrerequisites(step, progress);
  if (missing.length > 0) {
    throw conflict(
      missing[0]?.message ?? applicationMessages.updateFailed,
      Object.fromEntries(missing.map(({ field, message }) => [field, message])),
    );
  }
}

/** PUT /api/event-applications/:id/segments */
export async function saveSegment(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  input: Segment,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  try {
    return await withOwnApplication(deps, auth, applicationId, async (tx, application) => {
      requireEditable(application);
      await requireReachable(deps, tx, auth, application, segmentSteps[input.segment]);
      switch (input.segment) {
        case 'GENERAL_INFORMATION':
          await saveGeneralInformation(tx, application, input.data, now);
          break;
        case 'SECTIONS':
          await saveSections(deps, tx, application, input.data, now);
          break;
        case 'QUESTIONNAIRE':
          await saveQuestionnaire(tx, application, input.data, now);
          break;
        case 'REVIEW_AND_SUBMIT':
          await submit(deps, tx, auth, application, input.data.paymentOptionId, now);
          break;
      }
      return detailOf(deps, tx, application.id, auth.user.id);
    });
  } catch (error) {
    // The database's own refusal of a duplicate ranking, should one slip past the check above.
    if (violatedUniqueIndex(error) === rankingIndex) {
      throw badRequest(selectionMessages.rankingUnique, { requestedSections: selectionMessages.rankingUnique });
    }
    throw error;
  }
}
