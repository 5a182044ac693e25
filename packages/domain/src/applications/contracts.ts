import { z } from 'zod';
import { int4Max } from '../stored-integers.ts';
import { pageQuery, paginated } from '../pagination.ts';
import {
  applicationDecisions,
  applicationPaymentStatuses,
  applicationStatuses,
  pathLevels,
  questionTypes,
  type QuestionType,
} from './rules.ts';
import {
  applicationSelectionLevels,
  eventKinds,
  eventPaymentMethods,
  eventPaymentStatuses,
} from '../commerce/enums.ts';
import { phoneNumber } from '../contact.ts';
import { defaultCountry } from '../lookups.ts';

/**
 * The event-applications API (events.md §3, §7): what the applicant's screens and the staff
 * console send and receive. Rules live in rules.ts.
 */

export const generalInformationMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  address: 'Address is required',
  city: 'City is required',
  stateProvince: 'State / Province is required',
  country: 'Country is required',
  zipPostal: 'Zip Postal must be at most 10 characters',
} as const;

const required = (message: string, max = 200) => z.string().trim().min(1, message).max(max);

/** §5 'General information'. Phone: digits only (the form's mask), as everywhere. */
export const generalInformation = z.object({
  firstName: required(generalInformationMessages.firstName, 100),
  lastName: required(generalInformationMessages.lastName, 100),
  address1: required(generalInformationMessages.address),
  address2: z
    .string()
    .trim()
    .max(200)
    .nullable()
    .optional()
    .transform((v) => v || null),
  city: required(generalInformationMessages.city, 100),
  stateProvince: required(generalInformationMessages.stateProvince, 100),
  zipPostal: z
    .string()
    .trim()
    .max(10, generalInformationMessages.zipPostal)
    .nullable()
    .optional()
    .transform((v) => v || null),
  country: required(generalInformationMessages.country, 100).default(defaultCountry),
  phone: phoneNumber,
});
export type GeneralInformation = z.output<typeof generalInformation>;
export type GeneralInformationInput = z.input<typeof generalInformation>;

const ranking = z.number().int().min(1).max(50).nullable();

export const sectionsSegment = z.object({
  pathId: z.uuid(),
  requestedGroupings: z.array(z.object({ id: z.uuid(), ranking })).max(100),
  requestedSections: z.array(z.object({ id: z.uuid(), ranking })).max(200),
});
export type SectionsSegment = z.infer<typeof sectionsSegment>;

export const questionnaireSegment = z.object({
  answers: z.array(z.object({ questionId: z.uuid(), value: z.array(z.string().max(5000)).max(50) })).max(200),
});
export type QuestionnaireSegment = z.infer<typeof questionnaireSegment>;

export const reviewSegment = z.object({ paymentOptionId: z.uuid().nullable() });

/** §7 'Save application segment': one call, the segment names what `data` holds. */
export const saveSegmentInput = z.discriminatedUnion('segment', [
  z.object({ segment: z.literal('GENERAL_INFORMATION'), data: generalInformation }),
  z.object({ segment: z.literal('SECTIONS'), data: sectionsSegment }),
  z.object({ segment: z.literal('QUESTIONNAIRE'), data: questionnaireSegment }),
  z.object({ segment: z.literal('REVIEW_AND_SUBMIT'), data: reviewSegment }),
]);
export type SaveSegmentInput = z.input<typeof saveSegmentInput>;

export const startApplicationInput = z.object({ eventId: z.uuid() });
export const applicationStarted = z.object({ applicationId: z.string() });

export const paymentMethodInput = z.object({ paymentOptionId: z.uuid() });
/** An empty code removes the coupon (§7). */
export const applicationCouponInput = z.object({ code: z.string().trim().max(50) });

export const paymentOptionReply = z.object({
  id: z.string(),
  label: z.string(),
  method: z.enum(['CARD', 'PURCHASE_ORDER']),
});
export type PaymentOptionReply = z.infer<typeof paymentOptionReply>;

export const applicationCouponReply = z.object({
  code: z.string(),
  type: z.enum(['FIXED', 'PERCENTAGE']),
  discountAmount: z.number().nullable(),
  discountPercentage: z.number().nullable(),
});

export const questionReply = z.object({
  id: z.string(),
  type: z.enum(questionTypes),
  label: z.string(),
  options: z.array(z.string()),
  required: z.boolean(),
});
export type QuestionReply = z.infer<typeof questionReply>;

export const applicationSectionReply = z.object({
  id: z.string(),
  title: z.string(),
  dates: z.array(z.string()),
  locationName: z.string().nullable(),
  description: z.string(),
});

export const applicationPathReply = z.object({
  id: z.string(),
  name: z.string(),
  level: z.enum(pathLevels),
  applicationSelectionLevel: z.enum(applicationSelectionLevels),
  requireRankedSelection: z.boolean(),
  rankedSelectionAmount: z.number(),
  /** False for an Advanced path the applicant has no matching past event for. */
  eligible: z.boolean(),
  groupings: z.array(z.object({ id: z.string(), name: z.string(), sections: z.array(applicationSectionReply) })),
});
export type ApplicationPathReply = z.infer<typeof applicationPathReply>;

export const applicationProgressReply = z.object({
  generalInformation: z.boolean(),
  affiliation: z.boolean(),
  /** A grouping or section chosen (§2: opens the questionnaire). */
  sectionChosen: z.boolean(),
  /** The selection complete (§5). */
  section: z.boolean(),
  questionnaire: z.boolean(),
});

export const applicationPaymentReply = z.object({
  eventPaymentId: z.string(),
  status: z.enum(eventPaymentStatuses),
  method: z.enum(eventPaymentMethods),
  totalCents: z.number(),
});

/** Money of an application: the price of its ticket type, the coupon's discount, what is left to pay. */
export const applicationAmounts = z.object({
  priceCents: z.number(),
  discountCents: z.number(),
  amountDueCents: z.number(),
});

const applicationEvent = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(eventKinds),
  startDate: z.string(),
  endDate: z.string(),
  locationName: z.string().nullable(),
  eventType: z.string().nullable(),
  eventSubtype: z.string().nullable(),
});

/** GET /api/event-applications/:id — everything the wizard and the review show. */
export const applicationDetail = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  isSimplified: z.boolean(),
  editable: z.boolean(),
  event: applicationEvent.extend({
    paths: z.array(applicationPathReply),
    questions: z.array(questionReply),
    finance: z.object({ dueDays: z.number().nullable(), paymentOptions: z.array(paymentOptionReply) }),
  }),
  /** Saved general information, or the profile's values before the first save (`generalInformationSaved` false). */
  generalInformation: z.object({
    firstName: z.string(),
    lastName: z.string(),
    address1: z.string().nullable(),
    address2: z.string().nullable(),
    city: z.string().nullable(),
    stateProvince: z.string().nullable(),
    zipPostal: z.string().nullable(),
    country: z.string(),
    phone: z.string().nullable(),
  }),
  generalInformationSaved: z.boolean(),
  pathId: z.string().nullable(),
  requestedGroupings: z.array(z.object({ id: z.string(), ranking: z.number().nullable() })),
  requestedSections: z.array(
    z.object({ id: z.string(), ranking: z.number().nullable(), groupingId: z.string(), title: z.string() }),
  ),
  answers: z.array(z.object({ questionId: z.string(), value: z.array(z.string()) })),
  progress: applicationProgressReply,
  paymentOption: paymentOptionReply.nullable(),
  coupon: applicationCouponReply.nullable(),
  amounts: applicationAmounts,
  paymentStatus: z.enum(applicationPaymentStatuses),
  payment: applicationPaymentReply.nullable(),
  submittedAt: z.string().nullable(),
});
export type ApplicationDetail = z.infer<typeof applicationDetail>;

/** One line of 'My Event Applications'. */
export const applicationRow = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  isSimplified: z.boolean(),
  event: applicationEvent.pick({ id: true, name: true, startDate: true, endDate: true, locationName: true }),
  paymentOption: paymentOptionReply.nullable(),
  paymentOptions: z.array(paymentOptionReply),
  dueDays: z.number().nullable(),
  coupon: applicationCouponReply.nullable(),
  amounts: applicationAmounts,
  paymentStatus: z.enum(applicationPaymentStatuses),
  payment: applicationPaymentReply.nullable(),
  registrationRequestId: z.string().nullable(),
  /** The titles of the sections staff placed the applicant in (applications/placement.ts), one per grouping. */
  placedSections: z.array(z.string()),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type ApplicationRow = z.infer<typeof applicationRow>;
export const applicationPage = paginated(applicationRow);
export type ApplicationPage = z.infer<typeof applicationPage>;
export const applicationListQuery = pageQuery;

export const legacyApplicationRow = z.object({
  id: z.string(),
  eventId: z.string().nullable(),
  eventName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  statusId: z.number(),
  paymentStatusId: z.number().nullable(),
  paymentTypeId: z.number().nullable(),
  /** What was still owed when imported, in cents; null when the import carried no amount. */
  balanceCents: z.number().int().nullable(),
  /** The latest payment made here for it (application-rules.legacyApplicationView reads its status). */
  payment: applicationPaymentReply.nullable(),
});
export type LegacyApplicationRow = z.infer<typeof legacyApplicationRow>;
export const legacyApplicationPage = paginated(legacyApplicationRow);
export type LegacyApplicationPage = z.infer<typeof legacyApplicationPage>;

/** POST /api/event-applications/:id/pay (Idempotency-Key): where the browser goes to pay. */
export const applicationPayReply = z.object({ eventPaymentId: z.string(), redirectUrl: z.string() });
export type ApplicationPayReply = z.infer<typeof applicationPayReply>;

// ---- Staff console ----------------------------------------------------------------------------

export const staffApplicationMessages = {
  decided: (label: string) => `Application ${label.toLowerCase()}`,
  notAllowed: 'This decision is not possible for the application in its current status.',
  settingsSaved: 'Application settings saved',
  questionSaved: 'Question saved',
  questionDeleted: 'Question deleted',
  labelRequired: 'Label is required',
  optionsRequired: 'Add at least one option',
  ticketTypeUnknown: 'Choose one of the event’s ticket types',
  dueDaysInvalid: 'Enter 0 or more days',
  questionAnswered: 'Applicants answered this question; it cannot be deleted.',
} as const;

export const applicationDecisionInput = z.object({
  decision: z.enum(applicationDecisions),
  /** Sent to the applicant in the decision mail. */
  note: z.string().trim().max(2000).optional(),
});

export const adminApplicationQuery = pageQuery.extend({
  eventId: z.uuid().optional(),
  status: z.enum(applicationStatuses).optional(),
  search: z.string().trim().max(100).optional(),
});
export type AdminApplicationQuery = z.infer<typeof adminApplicationQuery>;

export const adminApplicationRow = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  applicant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  event: z.object({ id: z.string(), name: z.string(), startDate: z.string() }),
  paymentStatus: z.enum(applicationPaymentStatuses),
  submittedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminApplicationRow = z.infer<typeof adminApplicationRow>;
export const adminApplicationPage = paginated(adminApplicationRow);
export type AdminApplicationPage = z.infer<typeof adminApplicationPage>;

/** The staff view of one application: the applicant's detail plus who applied and their affiliations. */
export const adminApplicationDetail = applicationDetail.extend({
  applicant: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() }),
  affiliations: z.array(
    z.object({ organizationName: z.string(), positionLabel: z.string().nullable(), grades: z.array(z.string()) }),
  ),
  history: z.array(z.object({ action: z.string(), at: z.string(), actorName: z.string().nullable() })),
  /** Where staff placed the applicant (applications/placement.ts), with the ranking the section had. */
  placements: z.array(z.object({ sectionTitle: z.string(), rank: z.number().int().nullable() })),
});
export type AdminApplicationDetail = z.infer<typeof adminApplicationDetail>;

const dueDays = z
  .number()
  .int(staffApplicationMessages.dueDaysInvalid)
  .min(0, staffApplicationMessages.dueDaysInvalid)
  .max(365)
  .nullable();

/** Per event: whether it takes applications, the ticket type whose price applicants pay, due days, payment options. */
export const applicationSettingsInput = z.object({
  acceptsApplications: z.boolean(),
  ticketTypeId: z.uuid().nullable(),
  dueDays,
  paymentOptions: z
    .array(
      z.object({
        id: z.uuid().optional(),
        label: required(staffApplicationMessages.labelRequired, 100),
        method: z.enum(['CARD', 'PURCHASE_ORDER']),
      }),
    )
    .max(10),
});
export type ApplicationSettingsInput = z.infer<typeof applicationSettingsInput>;

export const applicationSettingsReply = z.object({
  acceptsApplications: z.boolean(),
  ticketTypeId: z.string().nullable(),
  dueDays: z.number().nullable(),
  paymentOptions: z.array(paymentOptionReply),
  ticketTypes: z.array(z.object({ id: z.string(), name: z.string(), priceCents: z.number() })),
  questions: z.array(questionReply.extend({ position: z.number() })),
});
export type ApplicationSettingsReply = z.infer<typeof applicationSettingsReply>;

const choiceTypes: readonly QuestionType[] = ['SELECT', 'RADIO', 'CHECKBOX'];

export const questionInput = z
  .object({
    type: z.enum(questionTypes),
    label: required(staffApplicationMessages.labelRequired, 500),
    options: z.array(z.string().trim().min(1).max(200)).max(50),
    required: z.boolean(),
    position: z.number().int().min(0).max(int4Max),
  })
  .refine((q) => !choiceTypes.includes(q.type) || q.options.length > 0, {
    path: ['options'],
    message: staffApplicationMessages.optionsRequired,
  });
export type QuestionInput = z.infer<typeof questionInput>;
