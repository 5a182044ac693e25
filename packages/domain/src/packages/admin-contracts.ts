import { z } from 'zod';
import { pageQuery } from '../pagination.ts';
import { packageRequestStatuses, pdSessionSettings, travelCostTypes } from './rules.ts';
import { packageDetail, packageEvent } from './contracts.ts';
import { staffPackageMessages } from './admin-rules.ts';
import { int4Max } from '../stored-integers.ts';

/**
 * The staff console's packages (issue 13 'Staff console'): editing the catalogue (a package, its PD
 * session groupings and sessions, events, groups and sections, institutes), the review's overrides,
 * and the organizations' contracts. The member's contracts are in contracts.ts and
 * ../commerce/member-purchase-orders.ts.
 */

const m = staffPackageMessages;
const text = (max: number) => z.string().trim().max(max);
const name = text(200).min(1, m.nameRequired);
const title = text(200).min(1, m.titleRequired);
const cents = z.int(m.amountInvalid).min(0, m.amountInvalid).max(int4Max, m.amountInvalid);
const whole = z.int(m.countInvalid).min(0, m.countInvalid).max(100_000, m.countInvalid);
const interval = z.int(m.intervalInvalid).min(1, m.intervalInvalid).max(100_000, m.intervalInvalid);
const uuid = (message: string) => z.uuid(message);

/** min ≤ max, reported on max (the DB's ranged checks, said in words). */
const ranged = <T extends z.ZodObject>(schema: T, min: string, max: string) =>
  schema.refine((value: Record<string, unknown>) => Number(value[max]) >= Number(value[min]), {
    path: [max],
    message: m.maxBelowMin,
  });

// ---------------------------------------------------------------- catalogue inputs

export const packageInput = z.object({
  name,
  schoolYearId: uuid(m.schoolYearRequired),
  description: text(5000),
  groupsDescription: text(5000),
  eventsDescription: text(5000),
  schoolBasedPDSessionsDescription: text(5000),
  minimumAmount: cents,
  travelCostType: z.enum(travelCostTypes),
  /** actualCostAmount or fixedCostAmount of §3: per day of a non-remote PD session. */
  travelCostAmount: cents,
});
export type PackageInput = z.infer<typeof packageInput>;

export const pdSessionGroupingInput = z.object({ title, description: text(5000), minDays: whole });
export type PdSessionGroupingInput = z.infer<typeof pdSessionGroupingInput>;

export const pdSessionInput = ranged(
  z.object({
    name,
    description: text(5000),
    setting: z.enum(pdSessionSettings),
    minDays: whole,
    maxDays: whole,
    selectionInterval: interval,
    allowZeroSelection: z.boolean(),
    useCustomSelection: z.boolean(),
    customSelections: z
      .array(z.int(m.customSelectionsInvalid).min(1, m.customSelectionsInvalid).max(100_000, m.customSelectionsInvalid))
      .max(50)
      .refine((values) => new Set(values).size === values.length, m.customSelectionsInvalid),
    dayRate: cents,
  }),
  'minDays',
  'maxDays',
).refine((s) => !s.useCustomSelection || s.customSelections.length > 0, {
  path: ['customSelections'],
  message: m.customSelectionsRequired,
});
export type PdSessionInput = z.infer<typeof pdSessionInput>;

export const packageEventInput = ranged(
  z.object({
    eventId: uuid(m.eventRequired),
    ticketTypeId: uuid(m.ticketTypeRequired),
    minParticipants: whole,
    maxParticipants: whole,
    selectionInterval: interval,
    allowZeroSelection: z.boolean(),
  }),
  'minParticipants',
  'maxParticipants',
);
export type PackageEventInput = z.infer<typeof packageEventInput>;

export const packageGroupInput = ranged(
  z.object({
    name,
    description: text(5000),
    requiredForPurchase: z.boolean(),
    minimumAmount: cents,
    attendeeCost: cents,
    minAttendees: whole,
    maxAttendees: whole,
    enableFreeSeatOffer: z.boolean(),
    paidSeatsRequiredForOffer: whole,
    freeSeatsInOffer: whole,
  }),
  'minAttendees',
  'maxAttendees',
).refine((g) => !g.enableFreeSeatOffer || g.freeSeatsInOffer > 0, {
  path: ['freeSeatsInOffer'],
  message: m.freeSeatsRequired,
});
export type PackageGroupInput = z.infer<typeof packageGroupInput>;

export const groupSectionInput = ranged(
  z.object({ title, description: text(5000), minTickets: whole, maxTickets: whole, staffDevelopers: text(500) }),
  'minTickets',
  'maxTickets',
);
export type GroupSectionInput = z.infer<typeof groupSectionInput>;

export const packageInstituteInput = ranged(
  z.object({
    eventId: uuid(m.eventRequired),
    participantCost: cents,
    minParticipants: whole,
    maxParticipants: whole,
    selectionInterval: interval,
    allowZeroSelection: z.boolean(),
  }),
  'minParticipants',
  'maxParticipants',
);
export type PackageInstituteInput = z.infer<typeof packageInstituteInput>;

/** The kinds of part a package holds, as the editor's routes name them. */
export const packagePartKinds = [
  'pd-session-groupings',
  'pd-sessions',
  'events',
  'groups',
  'group-sections',
  'institutes',
] as const;
export type PackagePartKind = (typeof packagePartKinds)[number];

// ---------------------------------------------------------------- catalogue replies

/** The package as its editor shows it: the member's view plus the ticket type each event sells and the school year's id. */
export const staffPackageDetail = packageDetail.extend({
  events: z.array(packageEvent.extend({ ticketTypeId: z.string(), ticketTypeName: z.string() })),
  /** Package requests of this package: a part one of them selected cannot be deleted. */
  requests: z.int(),
});
export type StaffPackageDetail = z.infer<typeof staffPackageDetail>;

/** Events a package can offer (events and institutes), with their ticket types. */
export const packageEventOptions = z.object({
  events: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      startDate: z.string(),
      kind: z.string(),
      ticketTypes: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.int() })),
    }),
  ),
  schoolYears: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PackageEventOptions = z.infer<typeof packageEventOptions>;

// ---------------------------------------------------------------- review

/** The request list, narrowed by status and by organization (the staff organization page's packages). */
export const staffRequestListQuery = pageQuery.extend({
  status: z.enum(packageRequestStatuses).optional(),
  organizationId: z.uuid('Not an organization id').optional(),
  /** Matches the organization, the package, or who started the request (name or email). */
  search: z.string().trim().max(100).optional(),
});

/** A request's selections by step, as the staff export names them (requestedPDSessions, requestedEvents…). */
export const packageSelectionKindLabels = {
  PD_SESSION: 'PD session',
  EVENT: 'Event',
  GROUP_SECTION: 'Group section',
  INSTITUTE: 'Institute',
} as const;

/**
 * Staff set (or clear, with null) one selection's amount (§4 admin overrides), dated overrideDate
 * (today when left out). A selection the member never made is created as staff's ('Created by admin').
 */
export const staffSelectionOverrideInput = z.object({
  kind: z.enum(['pdSession', 'event', 'groupSection', 'institute']),
  itemId: z.uuid('Not a package item id'),
  amount: z.int(m.countInvalid).min(0, m.countInvalid).max(100_000, m.countInvalid).nullable(),
  overrideDate: z.iso.date('Enter a date as MM/DD/YYYY').optional(),
});
export type StaffSelectionOverrideInput = z.infer<typeof staffSelectionOverrideInput>;

/**
 * Staff set an institute's participants grade by grade (§3 overrideParticipants), dated overrideDate
 * (today when left out): the institute's participants become their sum, computed by the server.
 * Clearing is the institute's own override cleared (kind 'institute', amount null).
 */
export const staffGradeOverrideInput = z.object({
  packageInstituteId: z.uuid('Not a package item id'),
  grades: z
    .array(z.object({ gradeId: z.uuid('Not a grade id'), participants: whole }))
    .max(50)
    .refine((grades) => new Set(grades.map((g) => g.gradeId)).size === grades.length, m.gradeTwice)
    .refine((grades) => grades.some((g) => g.participants > 0), m.gradesEmpty),
  overrideDate: z.iso.date('Enter a date as MM/DD/YYYY').optional(),
});
export type StaffGradeOverrideInput = z.infer<typeof staffGradeOverrideInput>;

// ---------------------------------------------------------------- contracts

export const staffContractRow = z.object({
  id: z.string(),
  packageName: z.string(),
  packageRequestId: z.string().nullable(),
  total: z.int(),
  hasSignedPdf: z.boolean(),
  /** A purchase order under review or approved pays it. */
  purchaseOrderStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffContractRow = z.infer<typeof staffContractRow>;

export const staffContractList = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  contracts: z.array(staffContractRow),
  /** Accepted package requests of the organization, which a new contract may be for. */
  acceptedRequests: z.array(z.object({ id: z.string(), packageName: z.string() })),
});
export type StaffContractList = z.infer<typeof staffContractList>;

export const staffContractInput = z.object({
  packageRequestId: z.uuid(m.contractPackageRequired),
  total: z.int(m.contractTotalInvalid).min(1, m.contractTotalInvalid).max(int4Max, m.contractTotalInvalid),
});
export type StaffContractInput = z.infer<typeof staffContractInput>;
