import { z } from 'zod';
import { paginated } from '../pagination.ts';
import { packageMessages, packageRequestStatuses, packageSteps, pdSessionSettings, travelCostTypes } from './rules.ts';

/**
 * The contracts of managed-services packages (organizations.md §3 Package, Package request and the
 * requested segments; §7 package calls). The rules they feed are in rules.ts.
 */

const cents = z.int().min(0);
const count = z.int().min(0).max(100_000);
const isoDate = z.string();

export const pdSession = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  setting: z.enum(pdSessionSettings),
  minDays: z.int(),
  maxDays: z.int(),
  selectionInterval: z.int(),
  allowZeroSelection: z.boolean(),
  useCustomSelection: z.boolean(),
  customSelections: z.array(z.int()),
  /** The price of one day of the session, in cents. */
  dayRate: cents,
});

export const pdSessionGrouping = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  minDays: z.int(),
  pdSessions: z.array(pdSession),
});

export const packageEvent = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  /** ticketType.price of §3. */
  price: cents,
  minParticipants: z.int(),
  maxParticipants: z.int(),
  selectionInterval: z.int(),
  allowZeroSelection: z.boolean(),
});

export const packageGroupSection = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  minTickets: z.int(),
  maxTickets: z.int(),
  staffDevelopers: z.string(),
});

export const packageGroup = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  requiredForPurchase: z.boolean(),
  minimumAmount: cents,
  attendeeCost: cents,
  minAttendees: z.int(),
  maxAttendees: z.int(),
  enableFreeSeatOffer: z.boolean(),
  paidSeatsRequiredForOffer: z.int(),
  freeSeatsInOffer: z.int(),
  sections: z.array(packageGroupSection),
});

export const packageInstitute = z.object({
  id: z.string(),
  eventId: z.string(),
  name: z.string(),
  participantCost: cents,
  minParticipants: z.int(),
  maxParticipants: z.int(),
  selectionInterval: z.int(),
  allowZeroSelection: z.boolean(),
});

export const packageDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  groupsDescription: z.string(),
  eventsDescription: z.string(),
  schoolBasedPDSessionsDescription: z.string(),
  schoolYear: z.object({ id: z.string(), name: z.string() }),
  minimumAmount: cents,
  travelCost: z.object({ type: z.enum(travelCostTypes), amountPerDay: cents }),
  pdSessionGroupings: z.array(pdSessionGrouping),
  events: z.array(packageEvent),
  groups: z.array(packageGroup),
  institutes: z.array(packageInstitute),
});
export type PackageDetail = z.infer<typeof packageDetail>;

const override = { overrideDate: isoDate.nullable() };

export const packageSelections = z.object({
  pdSessions: z.array(
    z.object({
      pdSessionId: z.string(),
      requestedDays: z.int(),
      overrideAmount: z.int().nullable(),
      createdByInitiator: z.boolean(),
      ...override,
    }),
  ),
  events: z.array(
    z.object({
      packageEventId: z.string(),
      requestedParticipants: z.int(),
      overrideAmount: z.int().nullable(),
      ...override,
    }),
  ),
  groupSections: z.array(
    z.object({
      groupSectionId: z.string(),
      requestedParticipants: z.int(),
      overrideParticipants: z.int().nullable(),
      ...override,
    }),
  ),
  institutes: z.array(
    z.object({
      packageInstituteId: z.string(),
      requestedParticipants: z.int(),
      overrideAmount: z.int().nullable(),
      createdByInitiator: z.boolean(),
      ...override,
      grades: z.array(
        z.object({ gradeId: z.string(), participants: z.int(), overrideParticipants: z.int().nullable() }),
      ),
    }),
  ),
});

const line = { cost: cents };
export const packageTotalsReply = z.object({
  pdSessions: z.array(
    z.object({
      pdSessionId: z.string(),
      name: z.string(),
      days: z.int(),
      ...line,
      travelLow: cents,
      travelHigh: cents,
    }),
  ),
  events: z.array(z.object({ packageEventId: z.string(), name: z.string(), participants: z.int(), ...line })),
  groups: z.array(
    z.object({
      packageGroupId: z.string(),
      name: z.string(),
      participants: z.int(),
      freeSeats: z.int(),
      ...line,
      sections: z.array(
        z.object({ groupSectionId: z.string(), title: z.string(), participants: z.int(), freeSeats: z.int() }),
      ),
    }),
  ),
  institutes: z.array(z.object({ packageInstituteId: z.string(), name: z.string(), participants: z.int(), ...line })),
  packageCosts: z.object({ pdSessions: cents, events: cents, groups: cents, institutes: cents }),
  pdSessionTotals: z.object({ cost: cents, travelLow: cents, travelHigh: cents }),
  total: z.object({ low: cents, high: cents }),
  minimumAmount: cents,
  belowMinimum: z.boolean(),
  groupsBelowMinimum: z.array(z.string()),
  canSubmit: z.boolean(),
});

export const packageRequestDetail = z.object({
  id: z.string(),
  status: z.enum(packageRequestStatuses),
  editable: z.boolean(),
  usingPtaFunds: z.boolean(),
  submittedAt: z.string().nullable(),
  organization: z.object({ id: z.string(), name: z.string() }),
  package: packageDetail,
  steps: z.array(z.enum(packageSteps)),
  selections: packageSelections,
  totals: packageTotalsReply,
  grades: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type PackageRequestDetail = z.infer<typeof packageRequestDetail>;

// ---------------------------------------------------------------- Select a Service (§7 available packages)

export const servicesQuery = z.object({ schoolYearId: z.uuid('Not a school year id').optional() });

export const serviceRow = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['NOT_STARTED', ...packageRequestStatuses]),
});

export const servicesReply = z.object({
  organization: z.object({ id: z.string(), name: z.string() }),
  /** School years that have packages, oldest first; the screen preselects the last. */
  schoolYears: z.array(z.object({ id: z.string(), name: z.string() })),
  schoolYearId: z.string().nullable(),
  unstartedPackages: z.array(serviceRow),
  packageRequests: z.array(serviceRow.extend({ packageId: z.string() })),
});
export type ServicesReply = z.infer<typeof servicesReply>;

export const initiatePackageInput = z.object({ packageId: z.uuid(packageMessages.packageNotFound) });
export const initiatePackageReply = z.object({ packageRequest: z.object({ id: z.string() }) });

// ---------------------------------------------------------------- segment saves (§7 save or submit)

const amount = count;
const id = (what: string) => z.uuid(`Not a ${what} id`);
const unique = <T>(items: T[], key: (item: T) => string) => new Set(items.map(key)).size === items.length;

export const staffOptionsInput = z.object({
  pdSessions: z
    .array(z.object({ pdSessionId: id('PD session'), requestedDays: amount }))
    .max(200)
    .refine((items) => unique(items, (i) => i.pdSessionId), 'Each PD session once'),
});
export const eventSelectionInput = z.object({
  events: z
    .array(z.object({ packageEventId: id('package event'), requestedParticipants: amount }))
    .max(200)
    .refine((items) => unique(items, (i) => i.packageEventId), 'Each event once'),
});
export const groupSelectionInput = z.object({
  sections: z
    .array(z.object({ groupSectionId: id('group section'), requestedParticipants: amount }))
    .max(500)
    .refine((items) => unique(items, (i) => i.groupSectionId), 'Each section once'),
});
export const instituteSelectionInput = z.object({
  institutes: z
    .array(
      z.object({
        packageInstituteId: id('package institute'),
        requestedParticipants: amount,
        grades: z
          .array(z.object({ gradeId: id('grade'), participants: amount }))
          .max(20)
          .refine((items) => unique(items, (i) => i.gradeId), 'Each grade once'),
      }),
    )
    .max(100)
    .refine((items) => unique(items, (i) => i.packageInstituteId), 'Each institute once'),
});
export type StaffOptionsInput = z.infer<typeof staffOptionsInput>;
export type EventSelectionInput = z.infer<typeof eventSelectionInput>;
export type GroupSelectionInput = z.infer<typeof groupSelectionInput>;
export type InstituteSelectionInput = z.infer<typeof instituteSelectionInput>;

export const submitPackageInput = z.object({ usingPtaFunds: z.boolean() });

// ---------------------------------------------------------------- staff console

export const staffPackageRow = z.object({
  id: z.string(),
  name: z.string(),
  schoolYear: z.string(),
  minimumAmount: cents,
  travelCostType: z.enum(travelCostTypes),
  steps: z.array(z.enum(packageSteps)),
  requests: z.int(),
});
export const staffPackageList = z.object({ items: z.array(staffPackageRow) });
export type StaffPackageList = z.infer<typeof staffPackageList>;

export const staffPackageRequestRow = z.object({
  id: z.string(),
  status: z.enum(packageRequestStatuses),
  packageName: z.string(),
  organizationName: z.string(),
  /** Who started the request; null once their account is gone. */
  requestedBy: z.object({ name: z.string(), email: z.string() }).nullable(),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export const staffPackageRequestPage = paginated(staffPackageRequestRow);
export type StaffPackageRequestPage = z.infer<typeof staffPackageRequestPage>;

export const staffPackageActionInput = z.object({ action: z.enum(['accept', 'reject', 'requestChanges', 'reopen']) });
