import type { ApplicationSelectionLevel, EventPaymentStatus } from './commerce-enums.ts';

/**
 * Event applications (events.md §2 'Event applications', §4, §5, §9): statuses and their labels, the
 * wizard's step rules, section-selection completeness, advanced-path eligibility, questionnaire
 * answers, and what the applicant may do next. Zod-free, so list screens load it cheaply.
 */

export const applicationStatuses = ['STARTED', 'SUBMITTED', 'CHANGES_REQUESTED', 'ACCEPTED', 'REJECTED', 'VOIDED'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  STARTED: 'Application Started',
  SUBMITTED: 'Submitted',
  CHANGES_REQUESTED: 'Changes Requested',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  VOIDED: 'Voided',
};

/** §4: an application counts as submitted when a status exists and is not STARTED. */
export function isSubmitted(status: ApplicationStatus | null | undefined): boolean {
  return status != null && status !== 'STARTED';
}

/**
 * The applicant may change the application while it is STARTED, or after staff asked for changes
 * (the issue: "request changes (the applicant can edit again)"); every other status locks it.
 */
export function isEditable(status: ApplicationStatus): boolean {
  return status === 'STARTED' || status === 'CHANGES_REQUESTED';
}

export const applicationPaymentStatuses = ['PENDING', 'AWAITING_PO', 'PO_SUBMITTED', 'PAID', 'COMPLIMENTARY', 'AWAITING_INVOICE', 'INVOICED', 'CANCELLED'] as const;
export type ApplicationPaymentStatus = (typeof applicationPaymentStatuses)[number];

export const applicationPaymentLabels: Record<ApplicationPaymentStatus, string> = {
  PENDING: 'Payment Incomplete',
  AWAITING_PO: 'Awaiting Purchase Order',
  PO_SUBMITTED: 'Purchase order submitted',
  PAID: 'Paid',
  COMPLIMENTARY: 'Paid',
  AWAITING_INVOICE: 'Invoice pending',
  INVOICED: 'Invoice sent',
  CANCELLED: 'Cancelled',
};

/** The label of the payment option that means a purchase order (§4's default rule). */
export const purchaseOrderOptionLabel = 'Purchase Order';

/**
 * §4: the application's payment status from its latest payment. With no payment — or one whose hold
 * ran out, which the applicant simply starts again — the default is AWAITING_PO when the chosen
 * option is labelled Purchase Order, else PENDING.
 */
export function applicationPaymentStatus(
  latestPayment: { status: EventPaymentStatus; totalCents: number } | null,
  paymentOptionLabel: string | null,
): ApplicationPaymentStatus {
  switch (latestPayment?.status) {
    case 'PENDING':
    case 'AWAITING_PO':
    case 'PO_SUBMITTED':
    case 'CANCELLED':
      return latestPayment.status;
    case 'PAID':
      return latestPayment.totalCents === 0 ? 'COMPLIMENTARY' : 'PAID';
    default:
      return paymentOptionLabel === purchaseOrderOptionLabel ? 'AWAITING_PO' : 'PENDING';
  }
}

/** §4: 'Payment Incomplete' is shown on its own: the status line is hidden for PENDING. */
export function showsPaymentStatusLine(status: ApplicationPaymentStatus): boolean {
  return status !== 'PENDING';
}

/** §9: "Payment due in 1 day", "Payment due in 30 days". */
export function paymentDueText(days: number): string {
  return `Payment due in ${days} ${days === 1 ? 'day' : 'days'}`;
}

export const wizardSteps = ['general-information', 'affiliations-and-attendance', 'sections', 'questionnaire', 'review-and-submit'] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const wizardStepTitles: Record<WizardStep, string> = {
  'general-information': 'General Information',
  'affiliations-and-attendance': 'Affiliations and Attendance',
  sections: 'Sections',
  questionnaire: 'Questionnaire',
  'review-and-submit': 'Review and Submit',
};

/** What the application holds so far: the prerequisites of §2's step rules. */
export interface ApplicationProgress {
  generalInformation: boolean;
  affiliation: boolean;
  section: boolean;
  questionnaire: boolean;
}

/**
 * §2: general information and affiliations are always reachable; sections needs general information;
 * the questionnaire needs general information and a chosen section; review needs all four.
 */
export function isStepReachable(step: WizardStep, progress: ApplicationProgress): boolean {
  switch (step) {
    case 'general-information':
    case 'affiliations-and-attendance':
      return true;
    case 'sections':
      return progress.generalInformation;
    case 'questionnaire':
      return progress.generalInformation && progress.section;
    case 'review-and-submit':
      return progress.generalInformation && progress.affiliation && progress.section && progress.questionnaire;
  }
}

export function previousStep(step: WizardStep): WizardStep | null {
  const index = wizardSteps.indexOf(step);
  return index > 0 ? wizardSteps[index - 1]! : null;
}

export function nextStep(step: WizardStep): WizardStep | null {
  const index = wizardSteps.indexOf(step);
  return index < wizardSteps.length - 1 ? wizardSteps[index + 1]! : null;
}

export const applicationMessages = {
  saved: 'Your application has been saved',
  submitted: 'Your application has been submitted',
  updateFailed: 'There was an issue during application update',
  generalInformationMissing: 'General information is incomplete',
  affiliationMissing: 'At least one affiliation is required',
  sectionMissing: 'Choose your sections',
  questionnaireMissing: 'Answer every required question',
  paymentOptionRequired: 'Payment option is required',
  paymentMethodUpdated: 'Payment method updated successfully',
  couponRequired: 'Coupon code is required',
  couponError: 'Error applying coupon code',
  couponApplied: 'Coupon code applied successfully',
  couponRemoved: 'Coupon code removed',
  notEditable: 'This application has been submitted and can no longer be changed.',
  notFound: 'No such application.',
  noEvents: 'No events found',
  questionRequired: 'Question is required',
  optionUnknown: 'Choose one of the options',
  notAccepted: 'This application has not been accepted, so there is nothing to pay yet.',
  alreadyPaid: 'This application is already paid.',
  purchaseOrderUnderReview: 'A purchase order for this application is under review.',
  notOpen: 'This event does not take applications.',
  advancedNotEligible: 'The Advanced path needs a matching event you attended in the last 10 years.',
  pathUnknown: 'Choose one of the event’s paths.',
  selectionUnknown: 'Choose groupings and sections of the chosen path.',
  questionUnknown: 'This question is not part of the application.',
  noSections: 'This event has no sections to choose: continue to the questionnaire.',
  noPrice: 'This event has no application price yet.',
  idempotencyKeyReused: 'This Idempotency-Key was used for another payment.',
} as const;

/** §2: each missing prerequisite of submitting, with its message, in step order. */
export function missingForSubmit(progress: ApplicationProgress): string[] {
  const missing: string[] = [];
  if (!progress.generalInformation) missing.push(applicationMessages.generalInformationMissing);
  if (!progress.affiliation) missing.push(applicationMessages.affiliationMissing);
  if (!progress.section) missing.push(applicationMessages.sectionMissing);
  if (!progress.questionnaire) missing.push(applicationMessages.questionnaireMissing);
  return missing;
}

// ---- Sections ----------------------------------------------------------------------------------

export const pathLevels = ['FIRST_YEAR', 'ADVANCED'] as const;
export type PathLevel = (typeof pathLevels)[number];
export const pathLevelLabels: Record<PathLevel, string> = { FIRST_YEAR: 'First Year', ADVANCED: 'Advanced' };

export interface SelectablePath {
  level: PathLevel;
  applicationSelectionLevel: ApplicationSelectionLevel;
  requireRankedSelection: boolean;
  rankedSelectionAmount: number;
  groupings: readonly { id: string; sectionIds: readonly string[] }[];
}

export interface RequestedSection {
  sectionId: string;
  ranking: number | null;
}

export interface Selection {
  groupingIds: readonly string[];
  sections: readonly RequestedSection[];
}

export const selectionMessages = {
  rankingUnique: 'Each ranking must be unique within a grouping',
  rankingMissing: 'Rank every section you choose',
  rankedAmount: (amount: number) => `Rank ${amount} ${amount === 1 ? 'section' : 'sections'} in each grouping`,
  oneGrouping: 'Choose exactly one grouping',
  oneSectionPerGrouping: 'Choose at most one section in each grouping',
  atLeastOneSection: 'Choose at least one section',
} as const;

function groupingOf(path: SelectablePath, sectionId: string): string | undefined {
  return path.groupings.find((grouping) => grouping.sectionIds.includes(sectionId))?.id;
}

function byGrouping(path: SelectablePath, sections: readonly RequestedSection[]): Map<string, RequestedSection[]> {
  const map = new Map<string, RequestedSection[]>();
  for (const section of sections) {
    const groupingId = groupingOf(path, section.sectionId);
    if (!groupingId) continue;
    map.set(groupingId, [...(map.get(groupingId) ?? []), section]);
  }
  return map;
}

/**
 * §5/§9: on an Advanced path with ranked selection only the top N (rankedSelectionAmount) ranked
 * sections of each grouping count; elsewhere the selection stands as chosen.
 */
export function effectiveSelection(path: SelectablePath, sections: readonly RequestedSection[]): RequestedSection[] {
  if (!(path.level === 'ADVANCED' && path.requireRankedSelection)) return [...sections];
  const kept: RequestedSection[] = [];
  for (const group of byGrouping(path, sections).values()) {
    const ranked = group.filter((s) => s.ranking !== null).sort((a, b) => (a.ranking ?? 0) - (b.ranking ?? 0));
    kept.push(...ranked.slice(0, path.rankedSelectionAmount));
  }
  return kept;
}

/**
 * Why a selection is not (yet) complete, or null when it is (§5 'Section selection'). Ranked: every
 * chosen section ranked, rankings unique in their grouping, and rankedSelectionAmount × groupings in
 * all. Unranked GROUPINGS: exactly one grouping. Unranked SECTIONS: at most one per grouping, and at
 * least one.
 */
export function selectionProblem(path: SelectablePath, selection: Selection): string | null {
  if (path.requireRankedSelection) {
    if (selection.sections.some((s) => s.ranking === null)) return selectionMessages.rankingMissing;
    for (const group of byGrouping(path, selection.sections).values()) {
      const rankings = group.map((s) => s.ranking);
      if (new Set(rankings).size !== rankings.length) return selectionMessages.rankingUnique;
    }
    const counted = effectiveSelection(path, selection.sections).length;
    return counted === path.rankedSelectionAmount * path.groupings.length ? null : selectionMessages.rankedAmount(path.rankedSelectionAmount);
  }
  if (path.applicationSelectionLevel === 'GROUPINGS') return selection.groupingIds.length === 1 ? null : selectionMessages.oneGrouping;
  if (selection.sections.length === 0) return selectionMessages.atLeastOneSection;
  for (const group of byGrouping(path, selection.sections).values()) {
    if (group.length > 1) return selectionMessages.oneSectionPerGrouping;
  }
  return null;
}

// ---- Advanced eligibility ---------------------------------------------------------------------

/** §9: a past event counts for the Advanced path while it is under this many years old. */
export const advancedMatchYears = 10;

const coachingPair = new Set(['coaching reading', 'coaching writing']);

function sameSubtype(a: string | null, b: string | null): boolean {
  const x = (a ?? '').trim().toLowerCase();
  const y = (b ?? '').trim().toLowerCase();
  return x === y || (coachingPair.has(x) && coachingPair.has(y));
}

export interface TypedEvent {
  eventType: string | null;
  eventSubtype: string | null;
}

export interface PastEvent extends TypedEvent {
  /** ISO date (YYYY-MM-DD) the past event ended. */
  endDate: string;
}

/** The ISO date `years` before an ISO date (29 February becomes 28 February in common years). */
function yearsBefore(isoDate: string, years: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  const year = y - years;
  const lastDay = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, lastDay)).padStart(2, '0')}`;
}

/**
 * §9: the Advanced path is open to an applicant with a past event of the same type and subtype
 * (Coaching Reading and Coaching Writing match each other) that ended before `today` and is under
 * ten years old: one that ended exactly ten years ago no longer counts.
 */
export function isAdvancedEligible(target: TypedEvent, pastEvents: readonly PastEvent[], today: string): boolean {
  if (!target.eventType) return false;
  const oldest = yearsBefore(today, advancedMatchYears);
  return pastEvents.some(
    (past) =>
      past.endDate < today &&
      past.endDate > oldest &&
      (past.eventType ?? '').trim().toLowerCase() === target.eventType!.trim().toLowerCase() &&
      sameSubtype(past.eventSubtype, target.eventSubtype),
  );
}

// ---- Questionnaire ----------------------------------------------------------------------------

export const questionTypes = ['TEXT', 'TEXTAREA', 'SELECT', 'RADIO', 'CHECKBOX'] as const;
export type QuestionType = (typeof questionTypes)[number];
export const questionTypeLabels: Record<QuestionType, string> = {
  TEXT: 'Short answer',
  TEXTAREA: 'Paragraph',
  SELECT: 'Drop-down',
  RADIO: 'Multiple choice',
  CHECKBOX: 'Checkboxes',
};

export interface Question {
  id: string;
  type: QuestionType;
  options: readonly string[];
  required: boolean;
}

/** §5: answers are trimmed; empty entries dropped. Every answer is a list (one entry unless CHECKBOX). */
export function normalizeAnswer(values: readonly string[]): string[] {
  return values.map((v) => v.trim()).filter((v) => v !== '');
}

/** The problem with one answer, or null: required questions need an answer (a CHECKBOX at least one option). */
export function answerProblem(question: Question, values: readonly string[]): string | null {
  const answer = normalizeAnswer(values);
  if (answer.length === 0) return question.required ? applicationMessages.questionRequired : null;
  if (question.type !== 'CHECKBOX' && answer.length > 1) return applicationMessages.optionUnknown;
  if ((question.type === 'SELECT' || question.type === 'RADIO' || question.type === 'CHECKBOX') && answer.some((v) => !question.options.includes(v))) {
    return applicationMessages.optionUnknown;
  }
  return null;
}

/** §4: the questionnaire is complete only when every required question is answered (and no answer is invalid). */
export function questionnaireComplete(questions: readonly Question[], answers: ReadonlyMap<string, readonly string[]>): boolean {
  return questions.every((question) => answerProblem(question, answers.get(question.id) ?? []) === null);
}

// ---- What the applicant may do ----------------------------------------------------------------

export type PaymentOptionMethod = 'CARD' | 'PURCHASE_ORDER';

export type ApplicationAction =
  | { kind: 'complete'; label: 'Complete Application' }
  | { kind: 'review'; label: 'Review Application' }
  | { kind: 'change-payment-method'; label: 'Change payment method' }
  | { kind: 'pay'; label: 'Pay by Credit Card' | 'Pay by Purchase Order' | 'Pay' }
  | { kind: 'resources'; label: 'Resources' }
  | { kind: 'manage-registration'; label: 'Manage Registration' };

export interface ApplicationActionFacts {
  status: ApplicationStatus;
  paymentStatus: ApplicationPaymentStatus;
  paymentMethod: PaymentOptionMethod | null;
  amountDueCents: number;
  registrationRequestId: string | null;
}

/**
 * §2's buttons by state. An accepted application may be paid while its payment is incomplete,
 * awaiting a purchase order, or was cancelled (a declined card) — 'Pay' when nothing is left to pay
 * (a coupon covers it).
 */
export function applicationActions(facts: ApplicationActionFacts): ApplicationAction[] {
  const actions: ApplicationAction[] = [];
  if (isEditable(facts.status)) actions.push({ kind: 'complete', label: 'Complete Application' });
  if (facts.status === 'SUBMITTED') actions.push({ kind: 'review', label: 'Review Application' });
  if (facts.status === 'ACCEPTED') {
    if (facts.paymentStatus === 'PENDING' || facts.paymentStatus === 'AWAITING_PO' || facts.paymentStatus === 'CANCELLED') {
      actions.push({ kind: 'change-payment-method', label: 'Change payment method' });
      if (facts.amountDueCents === 0) actions.push({ kind: 'pay', label: 'Pay' });
      else if (facts.paymentMethod === 'CARD') actions.push({ kind: 'pay', label: 'Pay by Credit Card' });
      else if (facts.paymentMethod === 'PURCHASE_ORDER') actions.push({ kind: 'pay', label: 'Pay by Purchase Order' });
    }
    actions.push({ kind: 'resources', label: 'Resources' });
  }
  if (facts.registrationRequestId) actions.push({ kind: 'manage-registration', label: 'Manage Registration' });
  return actions;
}

export const applicationPaths = {
  list: '/members/events/applications',
  step: (applicationId: string, step: WizardStep) => `/members/events/applications/${encodeURIComponent(applicationId)}/manage/${step}`,
  resources: (eventId: string, applicationId: string) => `/members/events/${encodeURIComponent(eventId)}/resources?eaId=${encodeURIComponent(applicationId)}`,
  registration: (requestId: string) => `/members/events/registration/requests/${encodeURIComponent(requestId)}`,
  success: (eventPaymentId: string, source: string) =>
    `/members/events/applications/checkout/success?eventPaymentId=${encodeURIComponent(eventPaymentId)}&source=${source}`,
  purchaseOrder: (eventPaymentId: string) => `/members/events/applications/checkout/purchase-order?eventPaymentId=${encodeURIComponent(eventPaymentId)}`,
} as const;

// ---- Staff decisions --------------------------------------------------------------------------

export const applicationDecisions = ['ACCEPT', 'REJECT', 'REQUEST_CHANGES', 'VOID'] as const;
export type ApplicationDecision = (typeof applicationDecisions)[number];

const decisionResult: Record<ApplicationDecision, ApplicationStatus> = {
  ACCEPT: 'ACCEPTED',
  REJECT: 'REJECTED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  VOID: 'VOIDED',
};

/** The status a decision leads to, or null when it is not allowed from `status`. */
export function decide(status: ApplicationStatus, decision: ApplicationDecision): ApplicationStatus | null {
  if (decision === 'VOID') return status === 'VOIDED' ? null : 'VOIDED';
  return status === 'SUBMITTED' ? decisionResult[decision] : null;
}

export const decisionLabels: Record<ApplicationDecision, string> = {
  ACCEPT: 'Accept',
  REJECT: 'Reject',
  REQUEST_CHANGES: 'Request changes',
  VOID: 'Void',
};

// ---- Legacy applications ----------------------------------------------------------------------

/**
 * Applications imported from the previous system keep its numeric ids (§3, §9). The mapping is ours
 * (docs/decisions.md): status 1 Started, 2 Submitted, 3 Accepted, 4 Rejected, 5 Voided, 6 Changes
 * Requested; payment status 1 Pending, 2 Paid, 3 Awaiting PO, 4 PO submitted, 5 Invoice pending,
 * 6 Invoice sent, 7 Cancelled, 8 Complimentary; payment type 1 card, 2 purchase order.
 */
const legacyStatuses: Record<number, ApplicationStatus> = { 1: 'STARTED', 2: 'SUBMITTED', 3: 'ACCEPTED', 4: 'REJECTED', 5: 'VOIDED', 6: 'CHANGES_REQUESTED' };
const legacyPaymentStatuses: Record<number, ApplicationPaymentStatus> = {
  1: 'PENDING',
  2: 'PAID',
  3: 'AWAITING_PO',
  4: 'PO_SUBMITTED',
  5: 'AWAITING_INVOICE',
  6: 'INVOICED',
  7: 'CANCELLED',
  8: 'COMPLIMENTARY',
};

export interface LegacyApplicationView {
  status: ApplicationStatus | null;
  statusLabel: string;
  paymentStatus: ApplicationPaymentStatus | null;
  paymentLabel: string | null;
  /** Legacy applications are read-only here: only an accepted and paid one opens its resources. */
  actions: ApplicationAction[];
}

export function legacyApplicationView(statusId: number, paymentStatusId: number | null): LegacyApplicationView {
  const status = legacyStatuses[statusId] ?? null;
  const paymentStatus = paymentStatusId === null ? null : (legacyPaymentStatuses[paymentStatusId] ?? null);
  const paid = paymentStatus === 'PAID' || paymentStatus === 'COMPLIMENTARY';
  return {
    status,
    statusLabel: status ? applicationStatusLabels[status] : 'Unknown',
    paymentStatus,
    paymentLabel: paymentStatus ? applicationPaymentLabels[paymentStatus] : null,
    actions: status === 'ACCEPTED' && paid ? [{ kind: 'resources', label: 'Resources' }] : [],
  };
}
