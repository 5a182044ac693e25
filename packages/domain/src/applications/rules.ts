import type { ApplicationSelectionLevel, EventPaymentStatus } from '../commerce/enums.ts';

/**
 * Event applications (events.md §2 'Event applications', §4, §5, §9): statuses and their labels, the
 * wizard's step rules, section-selection completeness, advanced-path eligibility, questionnaire
 * answers, and what the applicant may do next. Zod-free, so list screens load it cheaply.
 */

export const applicationStatuses = [
  'STARTED',
  'SUBMITTED',
  'CHANGES_REQUESTED',
  'ACCEPTED',
  'REJECTED',
  'VOIDED',
  'WITHDRAWN',
] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  STARTED: 'Application Started',
  SUBMITTED: 'Submitted',
  CHANGES_REQUESTED: 'Changes Requested',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  VOIDED: 'Voided',
  WITHDRAWN: 'Withdrawn',
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

/**
 * §4's statuses, and REFUND_NEEDED: a card payment arrived when it could no longer be honoured (its
 * seat was gone, or the provider's amount did not match), so staff refund it and the applicant pays again.
 */
export const applicationPaymentStatuses = [
  'PENDING',
  'AWAITING_PO',
  'PO_SUBMITTED',
  'PAID',
  'COMPLIMENTARY',
  'AWAITING_INVOICE',
  'INVOICED',
  'CANCELLED',
  'REFUND_NEEDED',
] as const;
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
  REFUND_NEEDED: 'Refund needed',
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
    case 'REFUND_NEEDED':
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

export const wizardSteps = [
  'general-information',
  'affiliations-and-attendance',
  'sections',
  'questionnaire',
  'review-and-submit',
] as const;
export type WizardStep = (typeof wizardSteps)[number];

export const wizardStepTitles: Record<WizardStep, string> = {
  'general-information': 'General Information',
  'affiliations-and-attendance': 'Affiliations and Attendance',
  sections: 'Sections',
  questionnaire: 'Questionnaire',
  'review-and-submit': 'Review and Submit',
};

/** What the application holds so far: the prerequisites of §2's step rules and of submitting. */
export interface ApplicationProgress {
  generalInformation: boolean;
  affiliation: boolean;
  /** A path with at least one grouping or section chosen in it (or nothing to choose): opens the questionnaire and review. */
  sectionChosen: boolean;
  /** The selection complete by §5's rules (selectionProblem finds nothing): needed to submit. */
  section: boolean;
  questionnaire: boolean;
}

type ProgressFlag = keyof ApplicationProgress;

/**
 * §2: general information and affiliations are always reachable; sections needs general information;
 * the questionnaire needs general information and a chosen section; review needs general information,
 * an affiliation, a chosen section and every required question answered.
 */
const stepNeeds: Record<WizardStep, readonly ProgressFlag[]> = {
  'general-information': [],
  'affiliations-and-attendance': [],
  sections: ['generalInformation'],
  questionnaire: ['generalInformation', 'sectionChosen'],
  'review-and-submit': ['generalInformation', 'affiliation', 'sectionChosen', 'questionnaire'],
};

/** Submitting needs every step done: the selection complete, not only begun. */
const submitNeeds: readonly ProgressFlag[] = ['generalInformation', 'affiliation', 'section', 'questionnaire'];

/**
 * What the application still lacks to open a step (or to be submitted), each with the message the
 * wizard and the server both show, in step order.
 */
export function missingPrerequisites(
  step: WizardStep | 'submit',
  progress: ApplicationProgress,
): { field: ProgressFlag; message: string }[] {
  const needs = step === 'submit' ? submitNeeds : stepNeeds[step];
  return needs.filter((flag) => !progress[flag]).map((field) => ({ field, message: progressMessages[field] }));
}

/** Why a step cannot be opened yet, in step order (empty when it can). */
export function stepBlockers(step: WizardStep, progress: ApplicationProgress): string[] {
  return missingPrerequisites(step, progress).map((missing) => missing.message);
}

export function isStepReachable(step: WizardStep, progress: ApplicationProgress): boolean {
  return stepBlockers(step, progress).length === 0;
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
  questionUnknown: 'This question is not part of the application.',
  noSections: 'This event has no sections to choose: continue to the questionnaire.',
  noPrice: 'This event has no application price yet.',
  paymentChangesClosed:
    'The coupon and the payment method can be changed once the application is accepted, until it is paid or its purchase order is sent.',
} as const;

const progressMessages: Record<ProgressFlag, string> = {
  generalInformation: applicationMessages.generalInformationMissing,
  affiliation: applicationMessages.affiliationMissing,
  sectionChosen: applicationMessages.sectionMissing,
  section: applicationMessages.sectionMissing,
  questionnaire: applicationMessages.questionnaireMissing,
};

/** §2/§5: each missing prerequisite of submitting, with its message, in step order. */
export function missingForSubmit(progress: ApplicationProgress): string[] {
  return missingPrerequisites('submit', progress).map((missing) => missing.message);
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
  unknown: 'Choose groupings and sections of the chosen path.',
  rankingUnique: 'Each ranking must be unique within a grouping',
  rankingMissing: 'Rank every section you choose',
  rankingRange: (max: number) => `Rank sections from 1 to ${max} in each grouping`,
  rankingNotAsked: 'This path does not rank its choices',
  rankedAmount: (amount: number) => `Rank ${amount} ${amount === 1 ? 'section' : 'sections'} in each grouping`,
  oneGrouping: 'Choose exactly one grouping',
  groupingsNotAsked: 'This path is chosen section by section, not by grouping',
  sectionsNotAsked: 'This path is chosen by grouping, not section by section',
  oneSectionPerGrouping: 'Choose at most one section in each grouping',
  sectionInEachGrouping: 'Choose a section in each grouping',
  atLeastOneSection: 'Choose at least one section',
} as const;

function groupingOf(path: SelectablePath, sectionId: string): SelectablePath['groupings'][number] | undefined {
  return path.groupings.find((grouping) => grouping.sectionIds.includes(sectionId));
}

function byGrouping(path: SelectablePath, sections: readonly RequestedSection[]): Map<string, RequestedSection[]> {
  const map = new Map<string, RequestedSection[]>();
  for (const section of sections) {
    const groupingId = groupingOf(path, section.sectionId)?.id;
    if (!groupingId) continue;
    map.set(groupingId, [...(map.get(groupingId) ?? []), section]);
  }
  return map;
}

/**
 * The highest rank a grouping offers: the path's rankedSelectionAmount, or on an Advanced path every
 * section of the grouping, of which the top rankedSelectionAmount count (effectiveSelection).
 */
export function maxRanking(
  path: Pick<SelectablePath, 'level' | 'rankedSelectionAmount'>,
  sectionsInGrouping: number,
): number {
  return path.level === 'ADVANCED'
    ? Math.max(path.rankedSelectionAmount, sectionsInGrouping)
    : path.rankedSelectionAmount;
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

function hasDuplicates(values: readonly unknown[]): boolean {
  return new Set(values).size !== values.length;
}

function rankedRefusal(path: SelectablePath, selection: Selection): string | null {
  if (selection.groupingIds.length > 0) return selectionMessages.groupingsNotAsked;
  if (selection.sections.some((s) => s.ranking === null)) return selectionMessages.rankingMissing;
  for (const grouping of path.groupings) {
    const rankings = selection.sections
      .filter((s) => grouping.sectionIds.includes(s.sectionId))
      .map((s) => s.ranking ?? 0);
    const max = maxRanking(path, grouping.sectionIds.length);
    if (rankings.some((ranking) => !Number.isInteger(ranking) || ranking < 1 || ranking > max))
      return selectionMessages.rankingRange(max);
    if (hasDuplicates(rankings)) return selectionMessages.rankingUnique;
  }
  return null;
}

function unrankedRefusal(path: SelectablePath, selection: Selection): string | null {
  if (selection.sections.some((s) => s.ranking !== null)) return selectionMessages.rankingNotAsked;
  if (path.applicationSelectionLevel === 'GROUPINGS') {
    if (selection.sections.length > 0) return selectionMessages.sectionsNotAsked;
    return selection.groupingIds.length > 1 ? selectionMessages.oneGrouping : null;
  }
  if (selection.groupingIds.length > 0) return selectionMessages.groupingsNotAsked;
  for (const group of byGrouping(path, selection.sections).values()) {
    if (group.length > 1) return selectionMessages.oneSectionPerGrouping;
  }
  return null;
}

/**
 * What no save may hold (§5 'Section selection'), or null: groupings and sections of another path or
 * chosen twice; on a ranked path a section without a rank, a rank outside 1..maxRanking or used twice
 * in a grouping; without ranking, a rank at all, more than one grouping (GROUPINGS level) or more than
 * one section in a grouping (SECTIONS level). The server refuses these; anything else is saved.
 */
export function selectionRefusal(path: SelectablePath, selection: Selection): string | null {
  const groupingIds = new Set(path.groupings.map((grouping) => grouping.id));
  const sectionIds = selection.sections.map((s) => s.sectionId);
  if (
    selection.groupingIds.some((id) => !groupingIds.has(id)) ||
    sectionIds.some((id) => !groupingOf(path, id)) ||
    hasDuplicates(selection.groupingIds) ||
    hasDuplicates(sectionIds)
  ) {
    return selectionMessages.unknown;
  }
  return path.requireRankedSelection ? rankedRefusal(path, selection) : unrankedRefusal(path, selection);
}

/** Why an acceptable selection is not complete yet, or null when it is. */
function incompleteness(path: SelectablePath, selection: Selection): string | null {
  if (path.requireRankedSelection) {
    const counted = effectiveSelection(path, selection.sections).length;
    return counted === path.rankedSelectionAmount * path.groupings.length
      ? null
      : selectionMessages.rankedAmount(path.rankedSelectionAmount);
  }
  if (path.applicationSelectionLevel === 'GROUPINGS')
    return selection.groupingIds.length === 1 ? null : selectionMessages.oneGrouping;
  if (selection.sections.length === 0) return selectionMessages.atLeastOneSection;
  const chosen = byGrouping(path, selection.sections);
  return path.groupings.every((grouping) => chosen.has(grouping.id)) ? null : selectionMessages.sectionInEachGrouping;
}

/**
 * Why a selection is refused or not (yet) complete, or null when it is complete (§5 'Section
 * selection'). Ranked: rankedSelectionAmount × groupings sections counted. Unranked GROUPINGS level:
 * exactly one grouping. Unranked SECTIONS level: one section in each grouping, at least one in all.
 */
export function selectionProblem(path: SelectablePath, selection: Selection): string | null {
  return selectionRefusal(path, selection) ?? incompleteness(path, selection);
}

/** Whether anything is chosen yet: what opens the questionnaire (§2 'a chosen section'). */
export function selectionBegun(path: SelectablePath, selection: Selection): boolean {
  return (
    selection.groupingIds.length > 0 || selection.sections.length > 0 || selectionProblem(path, selection) === null
  );
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
  if (
    (question.type === 'SELECT' || question.type === 'RADIO' || question.type === 'CHECKBOX') &&
    answer.some((v) => !question.options.includes(v))
  ) {
    return applicationMessages.optionUnknown;
  }
  return null;
}

/** §4: the questionnaire is complete only when every required question is answered (and no answer is invalid). */
export function questionnaireComplete(
  questions: readonly Question[],
  answers: ReadonlyMap<string, readonly string[]>,
): boolean {
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
 * Whether an accepted application still waits to be paid: nothing paid or under review yet, a declined
 * card (CANCELLED), or a card payment that came too late and is being refunded (REFUND_NEEDED).
 */
export function awaitsPayment(paymentStatus: ApplicationPaymentStatus): boolean {
  return (
    paymentStatus === 'PENDING' ||
    paymentStatus === 'AWAITING_PO' ||
    paymentStatus === 'CANCELLED' ||
    paymentStatus === 'REFUND_NEEDED'
  );
}

/**
 * §2: 'Change payment method' and the coupon are offered only to an ACCEPTED application still
 * awaiting its payment (pending, awaiting a purchase order, or to pay again after a declined card);
 * the server refuses either change otherwise (409).
 */
export function acceptsPaymentChanges(status: ApplicationStatus, paymentStatus: ApplicationPaymentStatus): boolean {
  return status === 'ACCEPTED' && awaitsPayment(paymentStatus);
}

/**
 * §2's buttons by state. An accepted application may be paid while it awaits payment (awaitsPayment)
 * — 'Pay' when nothing is left to pay (a coupon covers it).
 */
export function applicationActions(facts: ApplicationActionFacts): ApplicationAction[] {
  const actions: ApplicationAction[] = [];
  if (isEditable(facts.status)) actions.push({ kind: 'complete', label: 'Complete Application' });
  if (facts.status === 'SUBMITTED') actions.push({ kind: 'review', label: 'Review Application' });
  if (facts.status === 'ACCEPTED') {
    if (awaitsPayment(facts.paymentStatus)) {
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

/**
 * Beside §2's buttons, the applicant may step back (issue 27: "withdrawing … an application frees its
 * place"): WITHDRAWN, with the same effects as a staff void.
 */
export const withdrawalMessages = {
  action: 'Withdraw application',
  confirmTitle: 'Withdraw this application?',
  confirm: (eventName: string) =>
    `You withdraw your application to ${eventName}. Any section place it holds and any unpaid payment are given up; this cannot be undone.`,
  withdrawn: 'Application withdrawn',
  closed: 'This application is already closed and cannot be withdrawn.',
  paid: 'This application is paid or its purchase order is under review: contact us to withdraw it, so that we can refund you.',
} as const;

/** Statuses an applicant may still step back from: a draft, one under review or sent back, and an accepted one. */
const withdrawableStatuses: ReadonlySet<ApplicationStatus> = new Set([
  'STARTED',
  'SUBMITTED',
  'CHANGES_REQUESTED',
  'ACCEPTED',
]);

/**
 * Why the applicant may not withdraw the application, or null when they may. Money paid or a purchase
 * order under review needs staff (a refund, a voided order), so the applicant is sent to them.
 */
export function withdrawalRefusal(status: ApplicationStatus, paymentStatus: ApplicationPaymentStatus): string | null {
  if (!withdrawableStatuses.has(status)) return withdrawalMessages.closed;
  return status === 'ACCEPTED' && !awaitsPayment(paymentStatus) ? withdrawalMessages.paid : null;
}

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
  if (decision === 'VOID') return status === 'VOIDED' || status === 'WITHDRAWN' ? null : 'VOIDED';
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
 * Applications imported from the previous system keep its numeric ids (§3, §9). §9 names which ids
 * decide the legacy buttons: status ids 1 and 4, payment status 1, payment types 1 and 4 (card or
 * check) and 3 and 5 (purchase order). The rest of the mapping is ours (docs/decisions/0050-legacy-applications.md):
 * status 1 and 4 are the previous system's two accepted statuses, 2 Submitted, 3 Rejected, 5 Voided, 6 Started, 7
 * Changes Requested; payment status 1 unpaid, 2 Paid, 3 Awaiting PO, 4 PO submitted, 5 Invoice pending, 6 Invoice sent,
 * 7 Cancelled, 8 Complimentary.
 */
const legacyStatuses: Record<number, ApplicationStatus> = {
  1: 'ACCEPTED',
  2: 'SUBMITTED',
  3: 'REJECTED',
  4: 'ACCEPTED',
  5: 'VOIDED',
  6: 'STARTED',
  7: 'CHANGES_REQUESTED',
};
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
/** The statuses and payment status whose application still waits to be paid (§9). */
const legacyPayableStatusIds: readonly number[] = [1, 4];
const legacyUnpaidPaymentStatusId = 1;
/** §9: payment types 1 and 4 are card or check, 3 and 5 purchase order; any other type offers no payment. */
const legacyPaymentMethods: Record<number, PaymentOptionMethod> = {
  1: 'CARD',
  4: 'CARD',
  3: 'PURCHASE_ORDER',
  5: 'PURCHASE_ORDER',
};

export interface LegacyApplicationView {
  status: ApplicationStatus | null;
  statusLabel: string;
  paymentStatus: ApplicationPaymentStatus | null;
  paymentLabel: string | null;
  paymentMethod: PaymentOptionMethod | null;
  /**
   * The buttons §9's ids imply: 'Pay by Credit Card' or 'Pay by Purchase Order' while an accepted one
   * is unpaid, 'Resources' once it is paid.
   */
  actions: ApplicationAction[];
  /**
   * What the pay button takes, in cents: the balance the import carried. Null when it carried none:
   * the button is then shown off, with legacyPaymentHelp (docs/decisions/0088-legacy-application-payments.md).
   */
  amountDueCents: number | null;
}

/** An unpaid legacy application whose import carried no balance: its pay button is off, with this text. */
export const legacyPaymentHelp =
  'This application was made in our previous system, which holds its balance. Please contact us to pay for it.';

/** What this portal knows of a legacy application beyond its ids: the balance imported and its latest payment here. */
export interface LegacyPortalFacts {
  balanceCents: number | null;
  payment: { status: EventPaymentStatus; totalCents: number } | null;
}

/**
 * The payment status a payment made here gives a legacy application: as a current application's
 * (applicationPaymentStatus), except that one whose hold ran out leaves the imported status standing.
 */
function portalPaymentStatus(payment: LegacyPortalFacts['payment']): ApplicationPaymentStatus | null {
  if (!payment || payment.status === 'EXPIRED') return null;
  return applicationPaymentStatus(payment, null);
}

export function legacyApplicationView(
  statusId: number,
  paymentStatusId: number | null,
  paymentTypeId: number | null,
  portal: LegacyPortalFacts = { balanceCents: null, payment: null },
): LegacyApplicationView {
  const status = legacyStatuses[statusId] ?? null;
  const paymentMethod = paymentTypeId === null ? null : (legacyPaymentMethods[paymentTypeId] ?? null);
  const unpaid = paymentStatusId === legacyUnpaidPaymentStatusId;
  // §4's default: an unpaid application to be paid by purchase order is awaiting one.
  const importedStatus =
    unpaid && paymentMethod === 'PURCHASE_ORDER'
      ? 'AWAITING_PO'
      : paymentStatusId === null
        ? null
        : (legacyPaymentStatuses[paymentStatusId] ?? null);
  // Only an application the import left unpaid is paid here, so only its status follows the payment.
  const paymentStatus = (unpaid ? portalPaymentStatus(portal.payment) : null) ?? importedStatus;
  const paid = paymentStatus === 'PAID' || paymentStatus === 'COMPLIMENTARY';
  const payable =
    legacyPayableStatusIds.includes(statusId) && unpaid && paymentStatus !== null && awaitsPayment(paymentStatus);
  const actions: ApplicationAction[] = [];
  if (payable) {
    if (paymentMethod === 'CARD') actions.push({ kind: 'pay', label: 'Pay by Credit Card' });
    if (paymentMethod === 'PURCHASE_ORDER') actions.push({ kind: 'pay', label: 'Pay by Purchase Order' });
  }
  if (status === 'ACCEPTED' && paid) actions.push({ kind: 'resources', label: 'Resources' });
  return {
    status,
    statusLabel: status ? applicationStatusLabels[status] : 'Unknown',
    paymentStatus,
    paymentLabel: paymentStatus ? applicationPaymentLabels[paymentStatus] : null,
    paymentMethod,
    actions,
    amountDueCents: payable && portal.balanceCents !== null && portal.balanceCents > 0 ? portal.balanceCents : null,
  };
}

export type LegacyPayTerms =
  { payable: true; method: PaymentOptionMethod; amountCents: number } | { payable: false; refusal: string };

/** What a legacy application's pay button takes here (§9), or why it takes nothing. */
export function legacyPayTerms(view: LegacyApplicationView): LegacyPayTerms {
  if (!view.actions.some((action) => action.kind === 'pay') || view.paymentMethod === null)
    return { payable: false, refusal: legacyMessages.notPayable };
  if (view.amountDueCents === null) return { payable: false, refusal: legacyPaymentHelp };
  return { payable: true, method: view.paymentMethod, amountCents: view.amountDueCents };
}

export const legacyMessages = {
  notPayable: 'This application has nothing to pay: it is paid, under review or not accepted.',
  notFound: 'No such application.',
} as const;
