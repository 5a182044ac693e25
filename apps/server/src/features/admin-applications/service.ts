import {
  applicationMessages,
  applicationPaymentLabels,
  applicationStatusLabels,
  decide,
  type ApplicationDecision,
  type ApplicationPaymentStatus,
  type ApplicationStatus,
} from '@portal/domain/applications/rules.ts';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import {
  staffApplicationMessages,
  type AdminApplicationDetail,
  type AdminApplicationPage,
  type AdminApplicationQuery,
  type ApplicationSettingsInput,
  type ApplicationSettingsReply,
  type QuestionInput,
  type QuestionReply,
} from '@portal/domain/applications/contracts.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import { keysetRows, type Export } from '../../platform/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database, Executor } from '../../db/client.ts';
import {
  applicationPaymentStates,
  readApplicationDetail,
  readPaymentOptions,
  readQuestions,
} from '../../core/application-reads.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { releaseClosedApplication } from '../../core/application-closing.ts';
import { expireHolds } from '../../core/capacity.ts';
import { placesOf } from '../../core/placements.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { decisionMail } from './decision-mail.ts';
import {
  answersOf,
  applicationSubject,
  deletePaymentOptions,
  exportPage,
  deleteQuestionRow,
  findEventSettings,
  findForDecision,
  insertPaymentOption,
  insertQuestion,
  listQueue,
  lockEvent,
  lockQuestion,
  movePaymentOption,
  moveStatus,
  questionAnswered,
  rankedSectionsOf,
  readOptionsInUse,
  readStaffExtras,
  readTicketTypes,
  ticketTypeOfEventExists,
  updateApplicationSettings,
  updatePaymentOption,
  updateQuestionRow,
} from './repository.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';

const applicationNotFound = () => notFound(applicationMessages.notFound);
const eventNotFound = () => notFound('No such event.');
const questionNotFound = () => notFound('No such question.');

/** The review queue: filtered by event, status and applicant; each row's payment status read in one batch. */
export async function listApplications(deps: AppDeps, query: AdminApplicationQuery): Promise<AdminApplicationPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await listQueue(deps.db, query);
  const states = await applicationPaymentStates(
    deps.db,
    rows.map((row) => row.id),
  );
  return {
    items: rows.map((row) => ({
      ...row,
      paymentStatus: states.get(row.id)?.paymentStatus ?? 'PENDING',
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** One application as its export row: the queue's facts with its rankings, place and answers. */
interface ApplicationExportRow {
  id: string;
  applicant: string;
  email: string;
  eventName: string;
  status: ApplicationStatus;
  paymentStatus: ApplicationPaymentStatus;
  submittedAt: Date | null;
  ranked: string[];
  placed: string[];
  answers: string[];
}

/**
 * GET /api/admin/applications/export: every application under the queue's filters, with its payment
 * status, the sections it ranked, where placement put it and at which rank (issue 27), and its answers.
 * Each page's extras are read in one query each, for the page's ids.
 */
export function exportApplications(
  deps: AppDeps,
  query: Omit<AdminApplicationQuery, 'page' | 'pageSize'> & { format: ExportFormat },
): Export<ApplicationExportRow> {
  const { format, ...filter } = query;
  const readPage = async (after: ApplicationExportRow | undefined, limit: number) => {
    const rows = await exportPage(deps.db, filter, after?.id, limit);
    const ids = rows.map((row) => row.id);
    const states = await applicationPaymentStates(deps.db, ids);
    const ranked = await rankedSectionsOf(deps.db, ids);
    const places = await placesOf(deps.db, ids);
    const answers = await answersOf(deps.db, ids);
    return rows.map((row) => ({
      id: row.id,
      applicant: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      eventName: row.eventName,
      status: row.status,
      paymentStatus: states.get(row.id)?.paymentStatus ?? 'PENDING',
      submittedAt: row.submittedAt,
      ranked: ranked.get(row.id) ?? [],
      placed: (places.get(row.id) ?? []).map(
        (place) =>
          `${place.title} (${place.rank === null ? 'placed by hand' : placementMessages.rankLabel(place.rank)})`,
      ),
      answers: answers.get(row.id) ?? [],
    }));
  };
  return {
    baseName: `applications-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Applications',
    format,
    rows: keysetRows(readPage),
    columns: [
      { header: 'Applicant', value: (row) => row.applicant },
      { header: 'Email', value: (row) => row.email },
      { header: 'Event', value: (row) => row.eventName },
      { header: 'Status', value: (row) => applicationStatusLabels[row.status] },
      { header: 'Payment status', value: (row) => applicationPaymentLabels[row.paymentStatus] },
      {
        header: 'Submitted',
        value: (row) => (row.submittedAt ? formatMoment(row.submittedAt, deps.config.timeZone) : ''),
      },
      { header: 'Ranked sections', value: (row) => row.ranked.join('; ') },
      { header: 'Placed section', value: (row) => row.placed.join('; ') },
      { header: 'Answers', value: (row) => row.answers.join('; ') },
    ],
  };
}

/** What the applicant sees of their application, plus who they are, their affiliations and the history. */
export async function getApplication(deps: AppDeps, applicationId: string): Promise<AdminApplicationDetail> {
  await expireHolds(deps.db, deps.clock());
  const today = calendarDateIn(deps.clock(), deps.config.timeZone);
  const [detail, extras, places] = await Promise.all([
    readApplicationDetail(deps.db, applicationId, today),
    readStaffExtras(deps.db, applicationId),
    placesOf(deps.db, [applicationId]),
  ]);
  if (!detail || !extras) throw applicationNotFound();
  const placements = (places.get(applicationId) ?? []).map((place) => ({
    sectionTitle: place.title,
    rank: place.rank,
  }));
  return { ...detail, ...extras, placements };
}

const decisionActions: Record<ApplicationDecision, string> = {
  ACCEPT: 'event-application.accept',
  REJECT: 'event-application.reject',
  REQUEST_CHANGES: 'event-application.request-changes',
  VOID: 'event-application.void',
};

/**
 * A staff decision (application-rules.decide says which are allowed), in one transaction: the status
 * moves by a conditional update on the status it was read in, so of two staff members deciding at
 * once only one wins and the other gets 409. Voiding cancels a payment still in progress (its seat
 * and coupon use given back, a purchase order under review voided with it). Audited, and the
 * applicant mailed through the outbox.
 */
export async function decideApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  input: { decision: ApplicationDecision; note?: string | undefined },
): Promise<AdminApplicationDetail> {
  await deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const application = await findForDecision(tx, applicationId);
    if (!application) throw applicationNotFound();
    const next = decide(application.status, input.decision);
    if (!next || !(await moveStatus(tx, applicationId, application.status, next, auth.user.id, now))) {
      throw conflict(staffApplicationMessages.notAllowed);
    }
    const cancelled =
      input.decision === 'VOID' ? (await releaseClosedApplication(tx, auth, applicationId, now)).cancelledPayments : [];
    await audit(tx, {
      ...actorOf(auth),
      action: decisionActions[input.decision],
      subjectType: applicationSubject,
      subjectId: applicationId,
      data: {
        from: application.status,
        to: next,
        ...(input.note ? { note: input.note } : {}),
        ...(cancelled.length ? { cancelledPayments: cancelled } : {}),
      },
    });
    await emitWebhookEvent(
      tx,
      'application.decided',
      { applicationId, decision: input.decision, from: application.status, to: next },
      now,
    );
    await queueMail(
      tx,
      decisionMail({
        decision: input.decision,
        to: application.email,
        firstName: application.firstName,
        eventName: application.eventName,
        applicationId,
        note: input.note || undefined,
        dueDays: application.dueDays,
        paymentCancelled: cancelled.length > 0,
        publicUrl: deps.config.publicUrl,
      }),
    );
  });
  return getApplication(deps, applicationId);
}

/* Application settings of an event. */

export async function getSettings(db: Database, eventId: string): Promise<ApplicationSettingsReply> {
  const [event, ticketTypes, options, questions] = await Promise.all([
    findEventSettings(db, eventId),
    readTicketTypes(db, eventId),
    readPaymentOptions(db, [eventId]),
    readQuestions(db, eventId),
  ]);
  if (!event) throw eventNotFound();
  return {
    acceptsApplications: event.acceptsApplications,
    ticketTypeId: event.ticketTypeId,
    dueDays: event.dueDays,
    paymentOptions: options.get(eventId) ?? [],
    ticketTypes,
    questions,
  };
}

/**
 * Saves an event's application settings in one transaction under the event's row lock. The payment
 * options are replaced by the list sent, in its order: an option sent with its id keeps it (the
 * applications that chose it keep their choice); one left out is deleted unless an application chose
 * it, which keeps it, after the others.
 */
export async function saveSettings(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: ApplicationSettingsInput,
): Promise<ApplicationSettingsReply> {
  await deps.db.transaction(async (tx) => {
    if (!(await lockEvent(tx, eventId))) throw eventNotFound();
    if (input.ticketTypeId !== null && !(await ticketTypeOfEventExists(tx, eventId, input.ticketTypeId))) {
      throw badRequest(staffApplicationMessages.ticketTypeUnknown, {
        ticketTypeId: staffApplicationMessages.ticketTypeUnknown,
      });
    }
    await replacePaymentOptions(tx, eventId, input.paymentOptions);
    await updateApplicationSettings(tx, eventId, input);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.application-settings.update',
      subjectType: 'event',
      subjectId: eventId,
      data: { input },
    });
  });
  return getSettings(deps.db, eventId);
}

async function replacePaymentOptions(
  tx: Executor,
  eventId: string,
  sent: ApplicationSettingsInput['paymentOptions'],
): Promise<void> {
  const existing = await readOptionsInUse(tx, eventId);
  const sentIds = new Set(sent.flatMap((option) => (option.id ? [option.id] : [])));
  const errors: Record<string, string> = {};
  sent.forEach((option, index) => {
    if (option.id && !existing.some((row) => row.id === option.id))
      errors[`paymentOptions.${index}.id`] = 'No such payment option of this event';
  });
  if (Object.keys(errors).length > 0) throw badRequest('Please correct the highlighted fields.', errors);
  const removed = existing.filter((row) => !sentIds.has(row.id));
  const deletable = removed.filter((row) => !row.inUse).map((row) => row.id);
  if (deletable.length > 0) await deletePaymentOptions(tx, deletable);
  for (const [position, option] of sent.entries()) {
    const values = { label: option.label, method: option.method, position };
    if (option.id) await updatePaymentOption(tx, option.id, values);
    else await insertPaymentOption(tx, eventId, values);
  }
  const kept = removed.filter((row) => row.inUse).map((row) => row.id);
  for (const [index, id] of kept.entries()) {
    await movePaymentOption(tx, id, sent.length + index);
  }
}

/* Questions. */

type PositionedQuestion = QuestionReply & { position: number };

/** Only choice questions keep options: a text question's list would never be shown. */
const questionValues = (input: QuestionInput) => ({
  ...input,
  options: input.type === 'TEXT' || input.type === 'TEXTAREA' ? [] : input.options,
});

export async function addQuestion(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: QuestionInput,
): Promise<PositionedQuestion> {
  return deps.db.transaction(async (tx) => {
    if (!(await lockEvent(tx, eventId))) throw eventNotFound();
    const question = await insertQuestion(tx, eventId, questionValues(input));
    if (!question) throw new Error('question was not created');
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.question.create',
      subjectType: 'application_question',
      subjectId: question.id,
      data: { eventId, input },
    });
    return question;
  });
}

export async function updateQuestion(
  deps: AppDeps,
  auth: RequestAuth,
  questionId: string,
  input: QuestionInput,
): Promise<PositionedQuestion> {
  return deps.db.transaction(async (tx) => {
    const question = await updateQuestionRow(tx, questionId, questionValues(input));
    if (!question) throw questionNotFound();
    const { eventId, ...reply } = question;
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.question.update',
      subjectType: 'application_question',
      subjectId: questionId,
      data: { eventId, input },
    });
    return reply;
  });
}

/** Refused (409) once an applicant answered the question: deleting it would delete their answers. */
export async function deleteQuestion(
  deps: AppDeps,
  auth: RequestAuth,
  questionId: string,
): Promise<ApplicationSettingsReply> {
  const eventId = await deps.db.transaction(async (tx) => {
    const owner = await lockQuestion(tx, questionId);
    if (!owner) throw questionNotFound();
    if (await questionAnswered(tx, questionId)) throw conflict(staffApplicationMessages.questionAnswered);
    await deleteQuestionRow(tx, questionId);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.question.delete',
      subjectType: 'application_question',
      subjectId: questionId,
      data: { eventId: owner },
    });
    return owner;
  });
  return getSettings(deps.db, eventId);
}
