import { applicationPaths } from '@portal/domain/applications/paths.ts';
import {
  acceptsPaymentChanges,
  applicationMessages,
  answerProblem,
  isAdvancedEligible,
  isEditable,
  missingPrerequisites,
  normalizeAnswer,
  questionnaireComplete,
  selectionMessages,
  selectionProblem,
  selectionRefusal,
  withdrawalRefusal,
  type WizardStep,
} from '@portal/domain/applications/rules.ts';
import type {
  ApplicationDetail,
  ApplicationPage,
  ApplicationPayReply,
  GeneralInformation,
  QuestionnaireSegment,
  SectionsSegment,
} from '@portal/domain/applications/contracts.ts';
import { applicationCouponRefusalText, couponRefusal, couponRefusals } from '@portal/domain/commerce/cart.ts';
import { openingTerms } from '@portal/domain/commerce/payments.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import {
  applicationPaymentStates,
  pastEventsOf,
  readApplicationDetail,
  readApplicationPaths,
  readPaymentOptions,
  selectablePath,
} from '../../core/application-reads.ts';
import { releaseClosedApplication } from '../../core/application-closing.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { expireHolds, releasePayment, takeCouponUse, takeSeats } from '../../core/capacity.ts';
import { placesOf } from '../../core/placements.ts';
import { requestsOfApplications } from '../../core/registration-requests.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, requireSameRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import { queueMail } from '../../platform/mail.ts';
import { requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { notifyStaff } from '../../core/staff-notifications.ts';
import {
  findByIdempotencyKey,
  findCoupon,
  findCouponByCode,
  findEvent,
  findOpenApplication,
  insertApplication,
  insertPayment,
  liveApplicationPayment,
  lockOwnApplication,
  pageOfApplications,
  paymentOptionsOfEvent,
  questionsOf,
  replaceAnswers,
  replaceSelection,
  soleOrganization,
  ticketPrice,
  updateApplication,
  type ApplicationPayment,
  type LockedApplication,
  type PaymentWithKey,
} from './repository.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';

/**
 * The applicant's side of event applications (events.md §2 'Event applications', §7): start, the
 * wizard's segment saves and submit, payment option and coupon, and paying once accepted. Every
 * change locks the application row, so two tabs saving at once run one after the other.
 */

const rankingIndex = 'event_application_sections_ranking';

const applicationNotFound = () => notFound(applicationMessages.notFound);
const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);
const couponReply = (coupon: {
  code: string;
  type: 'FIXED' | 'PERCENTAGE';
  discountAmount: number | null;
  discountPercentage: number | null;
}) => ({
  code: coupon.code,
  type: coupon.type,
  discountAmount: coupon.discountAmount,
  discountPercentage: coupon.discountPercentage,
});

type Page = { page: number; pageSize: number };

/** GET /api/event-applications: one page query, then the page's options and payment states batched. */
export async function listApplications(deps: AppDeps, auth: RequestAuth, page: Page): Promise<ApplicationPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfApplications(deps.db, auth.user.id, page);
  const [options, states, registrations, places] = await Promise.all([
    readPaymentOptions(
      deps.db,
      rows.map((row) => row.event.id),
    ),
    applicationPaymentStates(
      deps.db,
      rows.map((row) => row.id),
    ),
    // 'Manage Registration' leads to the request, which only the member who made it may open.
    requestsOfApplications(
      deps.db,
      rows.map((row) => row.id),
      auth.user.id,
    ),
    placesOf(
      deps.db,
      rows.map((row) => row.id),
    ),
  ]);
  const items = rows.map((row) => {
    const coupon =
      row.coupon?.code && row.coupon.type
        ? couponReply({ ...row.coupon, code: row.coupon.code, type: row.coupon.type })
        : null;
    const totals = orderTotals([{ numberOfTickets: 1, price: row.priceCents ?? 0 }], coupon);
    const state = states.get(row.id);
    return {
      id: row.id,
      status: row.status,
      isSimplified: row.isSimplified,
      event: row.event,
      paymentOption: row.option?.id ? { id: row.option.id, label: row.option.label, method: row.option.method } : null,
      paymentOptions: options.get(row.event.id) ?? [],
      dueDays: row.dueDays,
      coupon,
      amounts: { priceCents: totals.subtotal, discountCents: totals.discount, amountDueCents: totals.total },
      paymentStatus: state?.paymentStatus ?? 'PENDING',
      payment: state?.payment ?? null,
      registrationRequestId: registrations.get(row.id) ?? null,
      placedSections: row.status === 'ACCEPTED' ? (places.get(row.id) ?? []).map((place) => place.title) : [],
      submittedAt: row.submittedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items, page: page.page, pageSize: page.pageSize, total };
}

/**
 * POST /api/event-applications. A member has at most one application per event that is not voided:
 * starting again (a double click, a second tab) answers the existing one.
 */
export async function startApplication(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
): Promise<{ created: boolean; applicationId: string }> {
  const event = await findEvent(deps.db, eventId);
  if (!event?.acceptsApplications)
    throw badRequest(applicationMessages.notOpen, { eventId: applicationMessages.notOpen });
  const existing = await findOpenApplication(deps.db, auth.user.id, eventId);
  if (existing) return { created: false, applicationId: existing };
  const started = await deps.db.transaction(async (tx) => {
    const applicationId = await insertApplication(tx, auth.user.id, eventId);
    if (applicationId) {
      await audit(tx, {
        ...actorOf(auth),
        action: 'event-application.start',
        subjectType: 'event_application',
        subjectId: applicationId,
        data: { eventId },
      });
    }
    return applicationId;
  });
  if (started) return { created: true, applicationId: started };
  // A concurrent start won the unique index: answer its application.
  const raced = await findOpenApplication(deps.db, auth.user.id, eventId);
  if (!raced) throw new Error('application neither started nor found');
  return { created: false, applicationId: raced };
}

async function detailOf(
  deps: AppDeps,
  db: AppDeps['db'] | Transaction,
  applicationId: string,
  userId: string,
): Promise<ApplicationDetail> {
  const detail = await readApplicationDetail(db, applicationId, todayOf(deps), userId);
  if (!detail) throw applicationNotFound();
  return detail;
}

/** GET /api/event-applications/:id — only the applicant's own. */
export async function getApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
): Promise<ApplicationDetail> {
  await expireHolds(deps.db, deps.clock());
  return detailOf(deps, deps.db, applicationId, auth.user.id);
}

/** Runs `change` on the caller's own application, its row locked; anyone else's is not found. */
async function withOwnApplication<T>(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  change: (tx: Transaction, application: LockedApplication) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const application = await lockOwnApplication(tx, applicationId, auth.user.id);
    if (!application) throw applicationNotFound();
    return change(tx, application);
  });
}

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

/**
 * Changing the payment option or the coupon changes what the applicant pays: an unpaid payment still
 * open is cancelled (its seat and coupon use given back) and Pay starts a new one. A purchase order
 * under review, or a paid application, cannot change any more.
 */
async function cancelOpenPayment(
  tx: Transaction,
  auth: RequestAuth,
  application: LockedApplication,
  now: Date,
): Promise<void> {
  const payment = await liveApplicationPayment(tx, application.id);
  if (!payment) return;
  if (payment.status === 'PAID') throw conflict(applicationMessages.alreadyPaid);
  if (payment.status === 'PO_SUBMITTED') throw conflict(applicationMessages.purchaseOrderUnderReview);
  await releasePayment(tx, payment.id, 'CANCELLED', now);
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-payment.cancel',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { from: payment.status, applicationId: application.id },
  });
}

/**
 * §2: the coupon and the payment method are changed only on an ACCEPTED application still awaiting
 * its payment (acceptsPaymentChanges), as the list offers them; otherwise 409 with the spec's failure
 * message for the call, and why under `field`.
 */
async function requirePaymentChangesOpen(
  tx: Transaction,
  application: LockedApplication,
  message: string,
  field: string,
): Promise<void> {
  const paymentStatus = (await applicationPaymentStates(tx, [application.id])).get(application.id)?.paymentStatus;
  if (paymentStatus && acceptsPaymentChanges(application.status, paymentStatus)) return;
  const reason =
    application.status !== 'ACCEPTED'
      ? applicationMessages.paymentChangesClosed
      : paymentStatus === 'PO_SUBMITTED'
        ? applicationMessages.purchaseOrderUnderReview
        : applicationMessages.alreadyPaid;
  throw conflict(message, { [field]: reason });
}

/** PUT /api/event-applications/:id/payment-method */
export async function changePaymentMethod(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  paymentOptionId: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    await requirePaymentChangesOpen(tx, application, applicationMessages.updateFailed, 'paymentOptionId');
    const options = await paymentOptionsOfEvent(tx, application.eventId);
    if (!options.some((option) => option.id === paymentOptionId)) {
      throw badRequest(applicationMessages.paymentOptionRequired, {
        paymentOptionId: applicationMessages.optionUnknown,
      });
    }
    if (application.paymentOptionId !== paymentOptionId) {
      await cancelOpenPayment(tx, auth, application, now);
      await updateApplication(tx, application.id, { paymentOptionId }, now);
      await audit(tx, {
        ...actorOf(auth),
        action: 'event-application.payment-method',
        subjectType: 'event_application',
        subjectId: application.id,
        data: { from: application.paymentOptionId, to: paymentOptionId },
      });
    }
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}

/**
 * POST /api/event-applications/:id/withdraw — the applicant steps back (withdrawalRefusal says when);
 * the application is WITHDRAWN and gives back what a staff void gives back (core/application-closing).
 * Withdrawing again answers the same withdrawn application (a double click), not an error.
 */
export async function withdrawApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    if (application.status === 'WITHDRAWN') return detailOf(deps, tx, application.id, auth.user.id);
    const paymentStatus = (await applicationPaymentStates(tx, [application.id])).get(application.id)?.paymentStatus;
    const refusal = withdrawalRefusal(application.status, paymentStatus ?? 'PENDING');
    if (refusal) throw conflict(refusal);
    await updateApplication(tx, application.id, { status: 'WITHDRAWN' }, now);
    const { cancelledPayments } = await releaseClosedApplication(tx, auth, application.id, now);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-application.withdraw',
      subjectType: 'event_application',
      subjectId: application.id,
      data: { from: application.status, ...(cancelledPayments.length ? { cancelledPayments } : {}) },
    });
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}

/** POST /api/event-applications/:id/coupon — the cart's coupon terms, for this one event; an empty code removes it. */
export async function applyCoupon(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  code: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    await requirePaymentChangesOpen(tx, application, applicationMessages.couponError, 'code');
    let couponId: string | null = null;
    if (code !== '') {
      const coupon = await findCouponByCode(tx, code);
      const refusal = coupon ? couponRefusal(coupon, now, [application.eventId]) : 'unknown';
      if (refusal || !coupon)
        throw badRequest(applicationMessages.couponError, { code: applicationCouponRefusalText(refusal ?? 'unknown') });
      couponId = coupon.id;
    }
    if (couponId !== application.couponId) {
      await cancelOpenPayment(tx, auth, application, now);
      await updateApplication(tx, application.id, { couponId }, now);
      await audit(tx, {
        ...actorOf(auth),
        action: couponId ? 'event-application.coupon' : 'event-application.coupon-removed',
        subjectType: 'event_application',
        subjectId: application.id,
        data: { couponId },
      });
    }
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}

/** Where the applicant goes for a payment that exists; null for a card payment not yet sent to its provider. */
function redirectOf(payment: ApplicationPayment): string | null {
  if (payment.status === 'PAID') return applicationPaths.success(payment.id, payment.provider ?? 'free');
  if (payment.method === 'PURCHASE_ORDER') return applicationPaths.purchaseOrder(payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : applicationPaths.list;
}

interface Created {
  payment: ApplicationPayment;
  description: string;
}

/**
 * The pay transaction: the application (locked) must be accepted and not paid; a payment still open
 * is answered again. Otherwise an event payment of one ticket of the event's application ticket
 * type, priced by pricing.orderTotals with the application's coupon, takes the event's seat and
 * counts the coupon use — all undone by any refusal.
 */
async function createPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  applicationId: string,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Created> {
  const application = await lockOwnApplication(tx, applicationId, auth.user.id);
  if (!application) throw applicationNotFound();
  if (application.status !== 'ACCEPTED') throw conflict(applicationMessages.notAccepted);
  const live = await liveApplicationPayment(tx, application.id);
  if (live?.status === 'PAID') throw conflict(applicationMessages.alreadyPaid);
  if (live?.status === 'PO_SUBMITTED') throw conflict(applicationMessages.purchaseOrderUnderReview);
  if (live) return { payment: live, description: application.eventName };
  const option = (await paymentOptionsOfEvent(tx, application.eventId)).find(
    (candidate) => candidate.id === application.paymentOptionId,
  );
  if (!option)
    throw badRequest(applicationMessages.paymentOptionRequired, {
      paymentOptionId: applicationMessages.paymentOptionRequired,
    });
  const price = application.ticketTypeId ? await ticketPrice(tx, application.ticketTypeId) : undefined;
  if (!application.ticketTypeId || price === undefined) throw conflict(applicationMessages.noPrice);
  const coupon = application.couponId ? await findCoupon(tx, application.couponId) : undefined;
  if (coupon) {
    const refusal = couponRefusal(coupon, now, [application.eventId]);
    if (refusal) throw badRequest(applicationMessages.couponError, { code: applicationCouponRefusalText(refusal) });
  }
  const totals = orderTotals([{ numberOfTickets: 1, price }], coupon ?? null);
  const terms = openingTerms(option.method, totals.total, now);
  const payment = await insertPayment(
    tx,
    {
      userId: auth.user.id,
      organizationId: await soleOrganization(tx, auth.user.id),
      ...terms,
      method: option.method,
      provider: option.method === 'CARD' && terms.status !== 'PAID' ? requireCardProvider(deps).name : null,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      totalCents: totals.total,
      couponId: coupon?.id ?? null,
      seatsHeld: true,
      idempotencyKey: idempotency.key,
      idempotencyFingerprint: idempotency.fingerprint,
      applicationId: application.id,
    },
    {
      eventId: application.eventId,
      sectionId: null,
      ticketTypeId: application.ticketTypeId,
      title: application.eventName,
      numberOfTickets: 1,
      priceCents: price,
    },
  );
  await takeSeats(tx, [
    { eventId: application.eventId, sectionId: null, numberOfTickets: 1, title: application.eventName },
  ]);
  if (coupon && !(await takeCouponUse(tx, coupon.id)))
    throw conflict(couponRefusals.usedUp, { code: couponRefusals.usedUp });
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-application.pay',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { applicationId: application.id, method: option.method, status: payment.status, totalCents: totals.total },
  });
  return { payment, description: application.eventName };
}

async function answer(deps: AppDeps, auth: RequestAuth, created: Created): Promise<ApplicationPayReply> {
  const redirectUrl =
    redirectOf(created.payment) ??
    (await startCardPayment(deps, auth, created.payment, created.description, async (tx) => {
      await releasePayment(tx, created.payment.id, 'CANCELLED', deps.clock());
    }));
  return { eventPaymentId: created.payment.id, redirectUrl };
}

/**
 * POST /api/event-applications/:id/pay. The Idempotency-Key makes a repeat (double click, retry,
 * race) answer the payment the first call made; the same key with another request is refused (422).
 */
export async function payApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  idempotency: IdempotentRequest,
): Promise<ApplicationPayReply> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const replayOf = async ({ idempotencyFingerprint, ...payment }: PaymentWithKey) => {
    requireSameRequest(idempotencyFingerprint, idempotency);
    if (payment.applicationId !== applicationId) throw keyUsedForAnotherRequest();
    return answer(deps, auth, { payment, description: 'Event application' });
  };
  const existing = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
  if (existing) return replayOf(existing);
  let created: Created;
  try {
    created = await deps.db.transaction(async (tx) => createPayment(deps, tx, auth, applicationId, idempotency, now));
  } catch (error) {
    const raced = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
    if (raced) return replayOf(raced);
    throw error;
  }
  return answer(deps, auth, created);
}
