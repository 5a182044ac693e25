import { z } from 'zod';
import { couponTypes } from './enums.ts';
import { pageQuery, paginated } from '../pagination.ts';
import { dollarsToCents, type Cents } from '../money.ts';
import { orderTotals, type Coupon } from './pricing.ts';
import { quoteNumberField } from './quotes.ts';
import {
  maxPurchaseOrderTotalCents,
  purchaseOrderFields,
  purchaseOrderMessages,
  validatePurchaseOrderForm,
  type PurchaseOrderFormValues,
} from './purchase-orders.ts';

/**
 * The purchase orders a member sends from /members/purchase-orders (organizations.md §2, §5, §7;
 * events.md §2): one for accepted applicants of an institute (type EVENT) and one for a signed
 * package contract (type PACKAGE). What either pays is derived by the server, never typed.
 */

export const memberPurchaseOrderPaths = {
  landing: '/members/purchase-orders',
  institute: '/members/purchase-orders/institute',
  package: '/members/purchase-orders/package',
} as const;

/** Most applicants one institute purchase order pays for. */
export const maxPurchaseOrderApplicants = 100;

export const memberPurchaseOrderMessages = {
  instituteRequired: 'Institute required',
  packageRequired: 'Package required',
  packageTotalRequired: 'Total required',
  applicantAlreadyAdded: 'Applicant already added',
  applicantNotFound: 'Applicant not found',
  noAvailableApplicants: 'No available applicants',
  applicantError: 'Error adding applicant',
  applicantsRequired: 'Add at least one applicant.',
  tooManyApplicants: `At most ${maxPurchaseOrderApplicants} applicants per purchase order.`,
  applicantsDuplicated: 'Each applicant may be added once.',
  applicantUnavailable: (email: string) =>
    `${email} is not an accepted, unpaid applicant of this institute in this organization.`,
  notAnInstitute: 'This is not an institute taking applications.',
  noPrice: 'This institute has no price for applicants yet; please contact support.',
  contractNotFound: 'No such contract for this organization.',
  contractHasPurchaseOrder: 'This contract already has a purchase order under review or approved.',
  contractNotSigned: 'This contract is not signed yet; a purchase order pays a signed contract.',
  contractsForbidden: "Only an organization's owners and administrators may see its contracts.",
  notManager: 'Choose an organization you own or administer.',
  notMember: 'Choose one of your organizations.',
  linkedPaymentCancelled:
    'An application this purchase order pays was cancelled or refunded; void it and ask for a corrected purchase order.',
} as const;

const emailList = z
  .string()
  .transform((value, context) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: memberPurchaseOrderMessages.applicantsRequired });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.string().trim().toLowerCase().pipe(z.email(purchaseOrderMessages.emailInvalid)), {
        error: memberPurchaseOrderMessages.applicantsRequired,
      })
      .min(1, memberPurchaseOrderMessages.applicantsRequired)
      .max(maxPurchaseOrderApplicants, memberPurchaseOrderMessages.tooManyApplicants)
      .refine((emails) => new Set(emails).size === emails.length, memberPurchaseOrderMessages.applicantsDuplicated),
  );

const contactFields = purchaseOrderFields.pick({
  filename: true,
  contactEmail: true,
  contactName: true,
  contactPhone: true,
  number: true,
  organizationId: true,
  total: true,
});

/**
 * POST /api/institute-purchase-orders (multipart/form-data, one field per key besides `file`):
 * `applicants` is a JSON array of the applicants' emails, `total` the cents typed.
 */
export const institutePurchaseOrderFields = contactFields.extend({
  instituteId: z.uuid(memberPurchaseOrderMessages.instituteRequired),
  type: z.literal('EVENT').optional(),
  couponCode: z.string().trim().max(50).optional(),
  applicants: emailList,
});
export type InstitutePurchaseOrderFields = z.infer<typeof institutePurchaseOrderFields>;

/** POST /api/package-purchase-orders (multipart/form-data): the contract paid and the typed total (cents). */
export const packagePurchaseOrderFields = contactFields.extend({
  contractId: z.uuid(memberPurchaseOrderMessages.packageRequired),
  /** The quote of the package request's review it answers (decision 0211, for packages since 0224). */
  quoteNumber: quoteNumberField,
  type: z.literal('PACKAGE').optional(),
  total: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z.coerce
      .number({ error: memberPurchaseOrderMessages.packageTotalRequired })
      .int(memberPurchaseOrderMessages.packageTotalRequired)
      .min(0, memberPurchaseOrderMessages.packageTotalRequired)
      .max(maxPurchaseOrderTotalCents, memberPurchaseOrderMessages.packageTotalRequired),
  ),
});
export type PackagePurchaseOrderFields = z.infer<typeof packagePurchaseOrderFields>;

/**
 * What an institute purchase order costs: one ticket at the institute's applicant price per
 * applicant, the coupon taken off the whole order once (as in the cart, pricing.orderTotals). Each
 * applicant's payment carries an equal share of the total; the cents that do not divide go to the
 * first applicants, so the shares add up to the total exactly.
 */
export function institutePurchaseOrderTotals(priceCents: Cents, applicants: number, coupon: Coupon | null) {
  const totals = orderTotals([{ numberOfTickets: applicants, price: priceCents }], coupon);
  if (applicants <= 0) return { ...totals, shares: [] as Cents[] };
  const base = Math.floor(totals.total / applicants);
  const remainder = totals.total - base * applicants;
  const shares = Array.from({ length: applicants }, (_, index) => base + (index < remainder ? 1 : 0));
  return { ...totals, shares };
}

/** Why an email cannot be added to the applicants list before the server is asked; null when it may be. */
export function applicantAddRefusal(email: string, added: readonly string[], availableCount: number): string | null {
  if (availableCount <= 0) return memberPurchaseOrderMessages.noAvailableApplicants;
  const wanted = email.trim().toLowerCase();
  if (!z.email().safeParse(wanted).success) return purchaseOrderMessages.emailInvalid;
  if (added.some((existing) => existing.toLowerCase() === wanted))
    return memberPurchaseOrderMessages.applicantAlreadyAdded;
  return null;
}

/* The forms as typed. */

export interface InstitutePurchaseOrderFormValues extends PurchaseOrderFormValues {
  instituteId: string | null;
  couponCode: string;
  applicants: string[];
}

export function validateInstitutePurchaseOrderForm(
  values: InstitutePurchaseOrderFormValues,
): Partial<Record<keyof InstitutePurchaseOrderFormValues, string>> {
  const errors: Partial<Record<keyof InstitutePurchaseOrderFormValues, string>> = validatePurchaseOrderForm(values);
  if (!values.instituteId) errors.instituteId = memberPurchaseOrderMessages.instituteRequired;
  if (values.applicants.length === 0) errors.applicants = memberPurchaseOrderMessages.applicantsRequired;
  return errors;
}

export interface PackagePurchaseOrderFormValues extends PurchaseOrderFormValues {
  contractId: string | null;
}

export function validatePackagePurchaseOrderForm(
  values: PackagePurchaseOrderFormValues,
): Partial<Record<keyof PackagePurchaseOrderFormValues, string>> {
  const errors: Partial<Record<keyof PackagePurchaseOrderFormValues, string>> = validatePurchaseOrderForm(values);
  if (errors.total) errors.total = memberPurchaseOrderMessages.packageTotalRequired;
  if (!values.contractId) errors.contractId = memberPurchaseOrderMessages.packageRequired;
  return errors;
}

/** The total typed in dollars as the server receives it (cents), or '' when it is not a sum of money. */
export function typedTotalCents(total: string): string {
  const cents = dollarsToCents(total);
  return cents === null ? '' : String(cents);
}

/* API answers. */

export const instituteQuery = pageQuery;

export const instituteOption = z.object({
  id: z.string(),
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** The applicant price (the event's application ticket type), cents; null when none is set. */
  priceCents: z.number().nullable(),
});
export type InstituteOption = z.infer<typeof instituteOption>;
export const institutePage = paginated(instituteOption);
export type InstitutePage = z.infer<typeof institutePage>;

export const applicantsQuery = z.object({
  instituteId: z.uuid(memberPurchaseOrderMessages.instituteRequired),
  organizationId: z.uuid(purchaseOrderMessages.organizationRequired),
});

/** Accepted applicants of the institute in the organization whose application is not paid nor under a purchase order. */
export const availableApplicants = z.object({ usersCount: z.number() });
export type AvailableApplicants = z.infer<typeof availableApplicants>;

export const applicantQuery = applicantsQuery.extend({
  email: z.string().trim().toLowerCase().pipe(z.email(purchaseOrderMessages.emailInvalid)),
});

export const applicantAvailability = z.object({
  userAvailable: z.boolean(),
  applicant: z.object({ email: z.string(), name: z.string() }).nullable(),
});
export type ApplicantAvailability = z.infer<typeof applicantAvailability>;

export const couponValidationInput = z.object({
  code: z.string().trim().min(1, 'Coupon code is required').max(50),
  eventId: z.uuid(memberPurchaseOrderMessages.instituteRequired),
});

export const couponValidation = z.object({
  state: z.literal('SUCCESS'),
  coupon: z.object({
    code: z.string(),
    type: z.enum(couponTypes),
    discountAmount: z.number().nullable(),
    discountPercentage: z.number().nullable(),
  }),
  message: z.string(),
});
export type CouponValidation = z.infer<typeof couponValidation>;

export const contractsQuery = z.object({ organizationId: z.uuid(purchaseOrderMessages.organizationRequired) });

export const contractRow = z.object({
  id: z.string(),
  packageName: z.string(),
  /** Where the signed contract PDF is downloaded: only signed contracts are listed, since only they are paid. */
  signedUrl: z.string(),
  /** Cents. */
  total: z.number(),
});
export type ContractRow = z.infer<typeof contractRow>;
export const contractList = z.object({ contracts: z.array(contractRow) });
export type ContractList = z.infer<typeof contractList>;
