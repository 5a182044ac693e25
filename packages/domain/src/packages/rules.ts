import type { Cents } from '../money.ts';
import { packageAssignmentPaths } from './paths.ts';

/**
 * Managed-services packages (organizations.md §2 'Select a Service' and 'Package request wizard',
 * §4, §5, §9): statuses, steps, option lists and every price rule, with no zod so a screen can load
 * them without the schemas. The server recomputes everything here; the screen only guides.
 */

/** "1 participant", "3 participants": a package's amounts as the review and the staff's override say them. */
export const participantCount = (count: number): string => `${count} ${count === 1 ? 'participant' : 'participants'}`;

export const packageMessages = {
  unsavedChanges: 'You have unsaved changes that will be lost...',
  groupsOverallocated: 'Selections Overallocated',
  packageMinimum: 'Package minimum must be met before submitting',
  belowMinimum: 'Package total below minimum. Please select more options before continuing',
  submitted: 'Your package application has been submitted',
  createdByAdmin: 'Created by admin',
  overriddenByAdmin: 'overriden by admin',
  noPackages: 'No packages found',
  saved: 'Successfully saved',
  updated: 'Package Request Updated',
  somethingWentWrong: 'Something went wrong',
  notFound: 'No such package request.',
  packageNotFound: 'No such package.',
  notEditable: 'This package request has been submitted and can no longer be changed.',
  overriddenLocked: 'A selection overriden by admin cannot be changed.',
  notAnOption: 'Choose one of the offered amounts.',
  unknownItem: 'This selection is not part of the package.',
  instituteUnbalanced: 'Distribute every participant of each institute over the grades.',
  notSubmittable: 'Only a submitted package request can be reviewed this way.',
  cannotTransition: 'The package request is not in a state that allows this.',
} as const;

/** 'The minimum amount of days for … has not been reached…' (§5 Staff options), with the grouping's title. */
export const minimumDaysMessage = (title: string) => `The minimum amount of days for ${title} has not been reached...`;

/** §5 Group selection: the requiredForPurchase warning lists the groups short of their minimum. */
export const groupMinimumMessage = (names: readonly string[]) =>
  `The minimum amount has not been reached for: ${names.join(', ')}. Select more participants to continue.`;

// ---------------------------------------------------------------- statuses and actions (§4)

export const packageRequestStatuses = [
  'STARTED',
  'SUBMITTED',
  'CHANGES_REQUESTED',
  'REOPENED',
  'ACCEPTED',
  'REJECTED',
  'WITHDRAWN',
] as const;
export type PackageRequestStatus = (typeof packageRequestStatuses)[number];
/** A package the organization has not started a request for yet is shown as NOT_STARTED. */
export type PackageStatus = PackageRequestStatus | 'NOT_STARTED';

export const packageStatusLabels: Record<PackageStatus, string> = {
  NOT_STARTED: 'Not started',
  STARTED: 'Started',
  SUBMITTED: 'Submitted',
  CHANGES_REQUESTED: 'Changes requested',
  REOPENED: 'Reopened',
  ACCEPTED: 'Accepted',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
};

/** §4: the older system also wrote CHANGES_REGUESTED; both mean the same status. */
export function normalizePackageStatus(value: string): PackageRequestStatus | null {
  const status = value === 'CHANGES_REGUESTED' ? 'CHANGES_REQUESTED' : value;
  return (packageRequestStatuses as readonly string[]).includes(status) ? (status as PackageRequestStatus) : null;
}

const editableStatuses: readonly PackageRequestStatus[] = ['STARTED', 'CHANGES_REQUESTED', 'REOPENED'];

export function isPackageRequestEditable(status: PackageRequestStatus): boolean {
  return editableStatuses.includes(status);
}

export type PackageAction =
  | 'CHOOSE_PACKAGE'
  | 'CONTINUE_APPLICATION'
  | 'REVIEW_APPLICATION'
  | 'ALLOCATE_TICKETS'
  | 'ASSIGN_STAFF'
  | 'REVIEW_PACKAGE';

export const packageActionLabels: Record<PackageAction, string> = {
  CHOOSE_PACKAGE: 'Choose Package',
  CONTINUE_APPLICATION: 'Continue Application',
  REVIEW_APPLICATION: 'Review Application',
  ALLOCATE_TICKETS: 'Allocate Tickets',
  ASSIGN_STAFF: 'Assign Staff',
  REVIEW_PACKAGE: 'Review Package',
};

/** §4 'Package status and the action offered'. */
export function packageActions(status: PackageStatus): PackageAction[] {
  switch (status) {
    case 'NOT_STARTED':
      return ['CHOOSE_PACKAGE'];
    case 'STARTED':
    case 'CHANGES_REQUESTED':
    case 'REOPENED':
      return ['CONTINUE_APPLICATION'];
    case 'SUBMITTED':
    case 'REJECTED':
    case 'WITHDRAWN':
      return ['REVIEW_APPLICATION'];
    case 'ACCEPTED':
      return ['ALLOCATE_TICKETS', 'ASSIGN_STAFF', 'REVIEW_PACKAGE'];
  }
}

/** Where each action on an existing request opens: the wizard's steps, or the ticket pages of an accepted package. */
const requestActionPaths: Record<Exclude<PackageAction, 'CHOOSE_PACKAGE'>, (packageRequestId: string) => string> = {
  CONTINUE_APPLICATION: (id) => packagePaths.step(id, 'staff-options'),
  REVIEW_APPLICATION: (id) => packagePaths.step(id, 'review'),
  ALLOCATE_TICKETS: (id) => packageAssignmentPaths.page(id, 'assign-tickets'),
  ASSIGN_STAFF: (id) => packageAssignmentPaths.page(id, 'assign-staff'),
  REVIEW_PACKAGE: (id) => packagePaths.step(id, 'review'),
};

export interface PackageActionLink {
  action: Exclude<PackageAction, 'CHOOSE_PACKAGE'>;
  label: string;
  path: string;
}

/**
 * §4's actions on an existing request, each with the page it opens: what Select a Service and the
 * organization page both offer. Choose Package starts a request (a mutation, not a page), so a
 * package not started has no link here.
 */
export function packageRequestActionLinks(status: PackageStatus, packageRequestId: string): PackageActionLink[] {
  return packageActions(status).flatMap((action) =>
    action === 'CHOOSE_PACKAGE'
      ? []
      : [{ action, label: packageActionLabels[action], path: requestActionPaths[action](packageRequestId) }],
  );
}

/** What staff do to a request, and the statuses each may start from. */
export const staffPackageActions = {
  accept: { from: ['SUBMITTED'], to: 'ACCEPTED', label: 'Accept' },
  reject: { from: ['SUBMITTED'], to: 'REJECTED', label: 'Reject' },
  requestChanges: { from: ['SUBMITTED'], to: 'CHANGES_REQUESTED', label: 'Request changes' },
  reopen: { from: ['ACCEPTED', 'REJECTED', 'WITHDRAWN'], to: 'REOPENED', label: 'Reopen' },
} as const satisfies Record<string, { from: readonly PackageRequestStatus[]; to: PackageRequestStatus; label: string }>;
export type StaffPackageAction = keyof typeof staffPackageActions;

export function staffActionAllowed(action: StaffPackageAction, status: PackageRequestStatus): boolean {
  return (staffPackageActions[action].from as readonly PackageRequestStatus[]).includes(status);
}

// ---------------------------------------------------------------- steps (§2 'Package request wizard')

export const packageSteps = [
  'staff-options',
  'event-selection',
  'group-selection',
  'institute-selection',
  'review',
] as const;
export type PackageStep = (typeof packageSteps)[number];
export type EditableStep = Exclude<PackageStep, 'review'>;

export const packageStepLabels: Record<PackageStep, string> = {
  'staff-options': 'Staff Options',
  'event-selection': 'Event Selection',
  'group-selection': 'Group Selection',
  'institute-selection': 'Institute Selection',
  review: 'Review',
};

export interface PackageShape {
  pdSessionGroupings: readonly unknown[];
  events: readonly unknown[];
  groups: readonly unknown[];
  institutes: readonly unknown[];
}

/** Only the steps the package has; review always. */
export function packageStepList(shape: PackageShape): PackageStep[] {
  const has: Record<PackageStep, boolean> = {
    'staff-options': shape.pdSessionGroupings.length > 0,
    'event-selection': shape.events.length > 0,
    'group-selection': shape.groups.length > 0,
    'institute-selection': shape.institutes.length > 0,
    review: true,
  };
  return packageSteps.filter((step) => has[step]);
}

/** The step Save & Continue opens: the next in the package's list, review staying on review. */
export function nextPackageStep(steps: readonly PackageStep[], current: PackageStep): PackageStep {
  const index = steps.indexOf(current);
  return steps[index + 1] ?? 'review';
}

/** §4: a non-editable request shows only review (and the ticket pages, not in this list). */
export function packageStepRedirect(
  status: PackageRequestStatus,
  steps: readonly PackageStep[],
  step: string,
): PackageStep | null {
  if (!isPackageRequestEditable(status)) return step === 'review' ? null : 'review';
  return (steps as readonly string[]).includes(step) ? null : (steps[0] ?? 'review');
}

// ---------------------------------------------------------------- option lists (§5 last rule)

export interface OptionRange {
  min: number;
  max: number;
  interval: number;
  allowZeroSelection: boolean;
  /** PD sessions with useCustomSelection offer exactly these. */
  customSelections?: readonly number[] | null;
}

/** The amounts a select offers: min, min + interval, … up to max; 0 only when allowZeroSelection. */
export function optionList(range: OptionRange): number[] {
  const values = new Set<number>();
  if (range.customSelections && range.customSelections.length > 0) {
    for (const value of range.customSelections) if (Number.isInteger(value) && value > 0) values.add(value);
  } else {
    const step = range.interval >= 1 ? Math.floor(range.interval) : 1;
    for (let value = Math.max(range.min, 0); value <= range.max; value += step) if (value > 0) values.add(value);
  }
  if (range.allowZeroSelection) values.add(0);
  return [...values].sort((a, b) => a - b);
}

// ---------------------------------------------------------------- the package and its selections

export type PdSessionSetting = 'REMOTE' | 'ON_SITE';
export const pdSessionSettings = ['REMOTE', 'ON_SITE'] as const;
export const travelCostTypes = ['ACTUAL_COST', 'FIXED_COST'] as const;
export type TravelCostType = (typeof travelCostTypes)[number];

export interface PricedPackage {
  minimumAmount: Cents;
  travelCost: { type: TravelCostType; amountPerDay: Cents };
  pdSessionGroupings: readonly {
    id: string;
    title: string;
    minDays: number;
    pdSessions: readonly { id: string; name: string; setting: PdSessionSetting; dayRate: Cents }[];
  }[];
  events: readonly { id: string; name: string; price: Cents }[];
  groups: readonly {
    id: string;
    name: string;
    requiredForPurchase: boolean;
    minimumAmount: Cents;
    attendeeCost: Cents;
    maxAttendees: number;
    enableFreeSeatOffer: boolean;
    paidSeatsRequiredForOffer: number;
    freeSeatsInOffer: number;
    sections: readonly { id: string; title: string }[];
  }[];
  institutes: readonly { id: string; name: string; participantCost: Cents }[];
}

interface Override {
  overrideDate: string | null;
}
export interface PackageSelections {
  pdSessions: readonly (Override & {
    pdSessionId: string;
    requestedDays: number;
    overrideAmount: number | null;
    createdByInitiator: boolean;
  })[];
  events: readonly (Override & {
    packageEventId: string;
    requestedParticipants: number;
    overrideAmount: number | null;
  })[];
  groupSections: readonly (Override & {
    groupSectionId: string;
    requestedParticipants: number;
    overrideParticipants: number | null;
  })[];
  institutes: readonly (Override & {
    packageInstituteId: string;
    requestedParticipants: number;
    overrideAmount: number | null;
    createdByInitiator: boolean;
    grades: readonly { gradeId: string; participants: number; overrideParticipants: number | null }[];
  })[];
}

export const emptySelections: PackageSelections = { pdSessions: [], events: [], groupSections: [], institutes: [] };

/** §4: once staff set overrideDate, their amount replaces the member's. */
export function effectiveAmount(requested: number, overrideDate: string | null, overrideAmount: number | null): number {
  return overrideDate !== null && overrideAmount !== null ? overrideAmount : requested;
}

/** §4: staff overrode this selection (set its overrideDate), so their amount is the one in force. */
export const isOverridden = (selection: Override | undefined): boolean =>
  Boolean(selection && selection.overrideDate !== null);

type GradeRow = { gradeId: string; participants: number; overrideParticipants: number | null };

/**
 * An institute's grade distribution staff overrode (docs/decisions/0090-staff-override-of-grade-distribution.md):
 * then every grade row carries staff's count, and the member may no longer change any of them.
 */
export const gradesOverridden = (selection: { grades: readonly GradeRow[] } | undefined): boolean =>
  Boolean(selection?.grades.some((grade) => grade.overrideParticipants !== null));

/** The participants by grade in force (staff's where set), leaving out grades with none. */
export function effectiveGrades(grades: readonly GradeRow[]): Map<string, number> {
  return new Map(
    grades
      .map((grade) => [grade.gradeId, grade.overrideParticipants ?? grade.participants] as const)
      .filter(([, participants]) => participants > 0),
  );
}

/** Whether two distributions give every grade the same participants (grades with none left out of both). */
export function sameDistribution(
  a: ReadonlyMap<string, number>,
  b: readonly { gradeId: string; participants: number }[],
): boolean {
  const sent = b.filter((grade) => grade.participants > 0);
  const grades = new Set(sent.map((grade) => grade.gradeId));
  return (
    grades.size === sent.length &&
    sent.length === a.size &&
    sent.every((grade) => a.get(grade.gradeId) === grade.participants)
  );
}

export interface StepSelection {
  /** The step's items of the package, in the order shown, each with whether it accepts an amount. */
  offered: ReadonlyMap<string, (amount: number) => boolean>;
  /** What is saved, by item: whether staff overrode it, and the amount in force (staff's once overridden). */
  saved: ReadonlyMap<string, Override & { amount: number }>;
  /** The amounts the member sends, by item; an item left out counts as 0. */
  sent: ReadonlyMap<string, number>;
}

/**
 * §4, §5: a wizard step's amounts, item by item. An item the package does not offer is unknown; an
 * overridden item keeps staff's amount (the member may leave it out or send it unchanged); any other
 * amount must be one the item offers. The problems by item id: unknown items first in the order sent,
 * then the package's items in order, as the step's problems are listed.
 */
export function selectionProblems({ offered, saved, sent }: StepSelection): Map<string, string> {
  const problems = new Map<string, string>();
  for (const itemId of sent.keys()) if (!offered.has(itemId)) problems.set(itemId, packageMessages.unknownItem);
  for (const [itemId, accepts] of offered) {
    const row = saved.get(itemId);
    const amount = sent.get(itemId) ?? 0;
    if (row !== undefined && isOverridden(row)) {
      if (sent.has(itemId) && row.amount !== amount) problems.set(itemId, packageMessages.overriddenLocked);
    } else if (!accepts(amount)) problems.set(itemId, packageMessages.notAnOption);
  }
  return problems;
}

// ---------------------------------------------------------------- per-step rules (§4, §5)

/** Staff options: the groupings whose days together fall short of their minDays. */
export function groupingsBelowMinimum(
  pkg: Pick<PricedPackage, 'pdSessionGroupings'>,
  daysBySession: ReadonlyMap<string, number>,
): string[] {
  return pkg.pdSessionGroupings
    .filter(
      (grouping) =>
        grouping.pdSessions.reduce((sum, session) => sum + (daysBySession.get(session.id) ?? 0), 0) < grouping.minDays,
    )
    .map((grouping) => grouping.title);
}

export interface SpotsRemaining {
  remaining: number;
  /** §9: 5 or fewer spots are highlighted. */
  highlighted: boolean;
  /** Below zero: 'Selections Overallocated'. */
  overallocated: boolean;
}

export const spotsHighlightAt = 5;

export function spotsRemaining(maxAttendees: number, chosen: number): SpotsRemaining {
  const remaining = maxAttendees - chosen;
  return { remaining, highlighted: remaining <= spotsHighlightAt, overallocated: remaining < 0 };
}

/** Group selection: requiredForPurchase groups whose participants × attendeeCost is below their minimumAmount. */
export function groupsBelowMinimum(
  pkg: Pick<PricedPackage, 'groups'>,
  participantsBySection: ReadonlyMap<string, number>,
): string[] {
  return pkg.groups
    .filter((group) => {
      if (!group.requiredForPurchase) return false;
      const participants = group.sections.reduce(
        (sum, section) => sum + (participantsBySection.get(section.id) ?? 0),
        0,
      );
      return participants * group.attendeeCost < group.minimumAmount;
    })
    .map((group) => group.name);
}

export type BalanceColour = 'red' | 'green' | 'yellow';

/** §4 institute allocation: remaining = requested − distributed; below 0 red, 0 green, above 0 yellow. */
export function instituteBalance(requested: number, distributed: number): { remaining: number; colour: BalanceColour } {
  const remaining = requested - distributed;
  return { remaining, colour: remaining < 0 ? 'red' : remaining === 0 ? 'green' : 'yellow' };
}

/** Virtual sections (title contains 'virtual') get a distinct colour (§2 Group selection). */
export const isVirtualSection = (title: string) => title.toLowerCase().includes('virtual');

// ---------------------------------------------------------------- prices (§9)

/**
 * §9 free-seat offer: past paidSeatsRequiredForOffer seats, up to freeSeatsInOffer are free, taken
 * from the last sections first. Returns the free seats of each section, in the sections' order.
 */
export function freeSeatsBySection(
  group: Pick<
    PricedPackage['groups'][number],
    'enableFreeSeatOffer' | 'paidSeatsRequiredForOffer' | 'freeSeatsInOffer'
  >,
  sectionParticipants: readonly number[],
): number[] {
  const seats = sectionParticipants.reduce((sum, n) => sum + n, 0);
  let free =
    group.enableFreeSeatOffer && seats > group.paidSeatsRequiredForOffer
      ? Math.min(group.freeSeatsInOffer, seats - group.paidSeatsRequiredForOffer)
      : 0;
  const result = sectionParticipants.map(() => 0);
  for (let index = sectionParticipants.length - 1; index >= 0 && free > 0; index -= 1) {
    const taken = Math.min(free, sectionParticipants[index] ?? 0);
    result[index] = taken;
    free -= taken;
  }
  return result;
}

/**
 * §9 travel per PD session: 0 for REMOTE, otherwise the package's per-day amount times the days.
 * A fixed cost is known; an actual cost is billed afterwards, so it is only an estimate: it widens
 * the total's range (low without it, high with it) instead of counting as certain.
 */
export function pdSessionTravel(
  setting: PdSessionSetting,
  days: number,
  travelCost: PricedPackage['travelCost'],
): { low: Cents; high: Cents } {
  if (setting === 'REMOTE') return { low: 0, high: 0 };
  const amount = travelCost.amountPerDay * days;
  return travelCost.type === 'FIXED_COST' ? { low: amount, high: amount } : { low: 0, high: amount };
}

export interface PackageTotals {
  pdSessions: { pdSessionId: string; name: string; days: number; cost: Cents; travelLow: Cents; travelHigh: Cents }[];
  events: { packageEventId: string; name: string; participants: number; cost: Cents }[];
  groups: {
    packageGroupId: string;
    name: string;
    participants: number;
    freeSeats: number;
    cost: Cents;
    sections: { groupSectionId: string; title: string; participants: number; freeSeats: number }[];
  }[];
  institutes: { packageInstituteId: string; name: string; participants: number; cost: Cents }[];
  packageCosts: { pdSessions: Cents; events: Cents; groups: Cents; institutes: Cents };
  pdSessionTotals: { cost: Cents; travelLow: Cents; travelHigh: Cents };
  /** §9: the total as a range, low to high (actual travel costs are estimates). */
  total: { low: Cents; high: Cents };
  minimumAmount: Cents;
  /** The sure part (low) is what must reach the package minimum. */
  belowMinimum: boolean;
  groupsBelowMinimum: string[];
  canSubmit: boolean;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Every price of a request, from the package and the (effective) selections: computed here only. */
export function packageTotals(pkg: PricedPackage, selections: PackageSelections): PackageTotals {
  const days = new Map(
    selections.pdSessions.map((s) => [
      s.pdSessionId,
      effectiveAmount(s.requestedDays, s.overrideDate, s.overrideAmount),
    ]),
  );
  const eventParticipants = new Map(
    selections.events.map((s) => [
      s.packageEventId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
    ]),
  );
  const sectionParticipants = sectionParticipantMap(selections);
  const instituteParticipants = new Map(
    selections.institutes.map((s) => [
      s.packageInstituteId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideAmount),
    ]),
  );

  const pdSessions = pkg.pdSessionGroupings.flatMap((grouping) =>
    grouping.pdSessions.map((session) => {
      const n = days.get(session.id) ?? 0;
      const travel = pdSessionTravel(session.setting, n, pkg.travelCost);
      return {
        pdSessionId: session.id,
        name: session.name,
        days: n,
        cost: n * session.dayRate,
        travelLow: travel.low,
        travelHigh: travel.high,
      };
    }),
  );
  const events = pkg.events.map((event) => {
    const participants = eventParticipants.get(event.id) ?? 0;
    return { packageEventId: event.id, name: event.name, participants, cost: participants * event.price };
  });
  const groups = pkg.groups.map((group) => {
    const counts = group.sections.map((section) => sectionParticipants.get(section.id) ?? 0);
    const free = freeSeatsBySection(group, counts);
    const participants = sum(counts);
    const freeSeats = sum(free);
    return {
      packageGroupId: group.id,
      name: group.name,
      participants,
      freeSeats,
      cost: (participants - freeSeats) * group.attendeeCost,
      sections: group.sections.map((section, index) => ({
        groupSectionId: section.id,
        title: section.title,
        participants: counts[index] ?? 0,
        freeSeats: free[index] ?? 0,
      })),
    };
  });
  const institutes = pkg.institutes.map((institute) => {
    const participants = instituteParticipants.get(institute.id) ?? 0;
    return {
      packageInstituteId: institute.id,
      name: institute.name,
      participants,
      cost: participants * institute.participantCost,
    };
  });

  const packageCosts = {
    pdSessions: sum(pdSessions.map((s) => s.cost)),
    events: sum(events.map((e) => e.cost)),
    groups: sum(groups.map((g) => g.cost)),
    institutes: sum(institutes.map((i) => i.cost)),
  };
  const pdSessionTotals = {
    cost: packageCosts.pdSessions,
    travelLow: sum(pdSessions.map((s) => s.travelLow)),
    travelHigh: sum(pdSessions.map((s) => s.travelHigh)),
  };
  const services = packageCosts.pdSessions + packageCosts.events + packageCosts.groups + packageCosts.institutes;
  const total = { low: services + pdSessionTotals.travelLow, high: services + pdSessionTotals.travelHigh };
  const belowMinimum = total.low < pkg.minimumAmount;
  const unmetGroups = groupsBelowMinimum(pkg, sectionParticipants);
  return {
    pdSessions,
    events,
    groups,
    institutes,
    packageCosts,
    pdSessionTotals,
    total,
    minimumAmount: pkg.minimumAmount,
    belowMinimum,
    groupsBelowMinimum: unmetGroups,
    canSubmit: !belowMinimum && unmetGroups.length === 0,
  };
}

/** The participants of each group section, overrides applied. */
export function sectionParticipantMap(selections: Pick<PackageSelections, 'groupSections'>): Map<string, number> {
  return new Map(
    selections.groupSections.map((s) => [
      s.groupSectionId,
      effectiveAmount(s.requestedParticipants, s.overrideDate, s.overrideParticipants),
    ]),
  );
}

/** The days of each PD session, overrides applied. */
export function pdSessionDaysMap(selections: Pick<PackageSelections, 'pdSessions'>): Map<string, number> {
  return new Map(
    selections.pdSessions.map((s) => [
      s.pdSessionId,
      effectiveAmount(s.requestedDays, s.overrideDate, s.overrideAmount),
    ]),
  );
}

/** The groups whose sections together exceed maxAttendees ('Selections Overallocated'). */
export function overallocatedGroups(
  pkg: Pick<PricedPackage, 'groups'> & { groups: readonly { maxAttendees: number }[] },
  participantsBySection: ReadonlyMap<string, number>,
): string[] {
  return pkg.groups
    .filter(
      (group) =>
        spotsRemaining(group.maxAttendees, sum(group.sections.map((s) => participantsBySection.get(s.id) ?? 0)))
          .overallocated,
    )
    .map((group) => group.name);
}

// ---------------------------------------------------------------- paths

export const packagePaths = {
  manageServices: '/members/manage-services',
  selectOrganization: '/members/manage-services/select-organization',
  selectService: (organizationId: string) =>
    `/members/manage-services/select-service/${encodeURIComponent(organizationId)}`,
  step: (packageRequestId: string, step: PackageStep) =>
    `/members/manage-services/package-request/${encodeURIComponent(packageRequestId)}/${step}`,
  reviewPdf: (packageRequestId: string) => `/api/package-requests/${encodeURIComponent(packageRequestId)}/review.pdf`,
} as const;
