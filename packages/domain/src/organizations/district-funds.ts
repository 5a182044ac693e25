import { z } from 'zod';
import { eventPaymentStatuses } from '../commerce/enums.ts';
import { formatCents, type Cents } from '../money.ts';
import { pageQuery, paginated } from '../pagination.ts';
import { int4Max } from '../stored-integers.ts';

/**
 * District funds (issue 41, docs/decisions/0214-district-funds.md): a district's money for its schools,
 * kept as an append-only ledger. A deposit and a refund add to it, a spend takes from it, an adjustment
 * does either; the balance is the sum of its rows and never below zero. The district's administrators
 * choose which schools may spend and how much each (an allowance); an order within the school's
 * allowance left and the fund's balance is paid at once, one past the allowance waits for them.
 */

export const districtFundEntryKinds = ['DEPOSIT', 'SPEND', 'REFUND', 'ADJUSTMENT'] as const;
export type DistrictFundEntryKind = (typeof districtFundEntryKinds)[number];

export const districtFundEntryKindLabels: Record<DistrictFundEntryKind, string> = {
  DEPOSIT: 'Deposit',
  SPEND: 'Spend',
  REFUND: 'Refund',
  ADJUSTMENT: 'Adjustment',
};

/** What a school may still spend at once: its allowance less what it spent, net of what came back. */
export function allowanceLeft(limitCents: Cents, spentCents: Cents): Cents {
  return Math.max(0, limitCents - spentCents);
}

export interface DistrictSpendFacts {
  /** The school has an allowance in its district's fund (its administrators made it eligible). */
  eligible: boolean;
  allowanceCents: Cents;
  /** Spent by the school so far, refunds taken off. */
  spentCents: Cents;
  balanceCents: Cents;
  totalCents: Cents;
}

export type DistrictSpendDecision = 'notEligible' | 'balanceShort' | 'payNow' | 'needsApproval';

/**
 * How a checkout paid from the district fund goes: refused for a school that may not spend, refused
 * when the fund has not the money (no approval can make it), paid at once within the school's allowance
 * left, else waiting for the district administrator.
 */
export function districtSpendDecision(facts: DistrictSpendFacts): DistrictSpendDecision {
  if (!facts.eligible) return 'notEligible';
  if (facts.totalCents > facts.balanceCents) return 'balanceShort';
  if (facts.totalCents <= allowanceLeft(facts.allowanceCents, facts.spentCents)) return 'payNow';
  return 'needsApproval';
}

/** The signed amount a ledger row adds to the balance: spends take away, deposits and refunds add. */
export function entryAmountIsValid(kind: DistrictFundEntryKind, amountCents: Cents): boolean {
  if (!Number.isInteger(amountCents) || amountCents === 0) return false;
  if (kind === 'SPEND') return amountCents < 0;
  if (kind === 'ADJUSTMENT') return true;
  return amountCents > 0;
}

export const districtFundMessages = {
  notEligible: 'This school may not pay with district funds.',
  balanceShort: (left: Cents) =>
    `The district fund has ${formatCents(left)} left, less than this order's total. Choose another way to pay.`,
  overdrawn: (left: Cents) => `The district fund has ${formatCents(left)} left; it cannot go below zero.`,
  notAdministrator: 'Only the district’s administrators can do this.',
  districtNotFound: 'District not found',
  schoolNotInDistrict: 'This school is not in the district.',
  notWaiting: 'This order no longer waits for approval.',
  approvalNotFound: 'No such order waits for this district.',
  approved: 'Approved: the district fund paid the order.',
  declined: 'Declined: the order is unpaid again.',
  waiting: 'Your order waits for the district administrator’s approval. We will email you once it is decided.',
  paid: 'Paid from the district fund.',
  approvalSubject: (school: string) => `An order of ${school} waits for your approval`,
  declinedSubject: 'Your district funds order was declined',
  approvedSubject: 'Your district funds order was approved',
  withdrawAction: 'Withdraw request',
  withdrawConfirmTitle: 'Withdraw this request?',
  withdrawConfirmBody:
    'The district administrator will no longer be asked to approve it. Its tickets go back to your cart, to pay another way or remove.',
  withdrawConfirm: 'Withdraw request',
  withdrawKeep: 'Keep waiting',
  withdrawn: 'Request withdrawn. Its tickets are back in your cart.',
  withdrawViewAs: 'Only the buyer withdraws a request, not staff viewing as them.',
  withdrawnSubject: (school: string) => `${school} withdrew its request for district funds`,
} as const;

/**
 * Whether Manage Events offers 'Withdraw request' on an order (and the server allows it): only the
 * buyer's own order still waiting for the district administrator, not through staff's impersonation.
 */
export function mayWithdrawFundRequest(order: {
  isBuyer: boolean;
  status: (typeof eventPaymentStatuses)[number];
  impersonated: boolean;
}): boolean {
  return order.isBuyer && order.status === 'AWAITING_APPROVAL' && !order.impersonated;
}

const cents = z.number().int('Whole cents only').max(int4Max, 'This amount is too large');

/** Staff record money put in (a district PO, a check) or an adjustment either way, always with a reference and why. */
export const districtFundEntryInput = z
  .object({
    kind: z.enum(['DEPOSIT', 'ADJUSTMENT'], 'Choose deposit or adjustment'),
    amountCents: cents.min(-int4Max, 'This amount is too large'),
    reference: z.string().trim().min(1, 'Enter the reference (PO or check number)').max(100),
    reason: z.string().trim().min(1, 'Say why').max(500),
  })
  .superRefine((value, context) => {
    if (!entryAmountIsValid(value.kind, value.amountCents))
      context.addIssue({
        code: 'custom',
        path: ['amountCents'],
        message: value.kind === 'DEPOSIT' ? 'A deposit is more than zero' : 'An adjustment is not zero',
      });
  });
export type DistrictFundEntryInput = z.infer<typeof districtFundEntryInput>;

export const districtAllowanceInput = z.object({
  limitCents: cents.min(0, 'An allowance is zero or more'),
});
export type DistrictAllowanceInput = z.infer<typeof districtAllowanceInput>;

export const districtDeclineInput = z.object({
  reason: z.string().trim().min(1, 'Say why the order is declined').max(500),
});

export const districtFundEntry = z.object({
  id: z.string(),
  kind: z.enum(districtFundEntryKinds),
  amountCents: z.number(),
  organizationName: z.string().nullable(),
  paymentId: z.string().nullable(),
  reference: z.string().nullable(),
  reason: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type DistrictFundEntry = z.infer<typeof districtFundEntry>;
export const districtFundEntryPage = paginated(districtFundEntry);
export type DistrictFundEntryPage = z.infer<typeof districtFundEntryPage>;

export const districtFundSummary = z.object({
  districtId: z.string(),
  districtName: z.string(),
  balanceCents: z.number(),
  waitingCount: z.number(),
});
export type DistrictFundSummary = z.infer<typeof districtFundSummary>;
export const districtFundSummaryPage = paginated(districtFundSummary);
export type DistrictFundSummaryPage = z.infer<typeof districtFundSummaryPage>;

export const districtSchool = z.object({
  organizationId: z.string(),
  name: z.string(),
  eligible: z.boolean(),
  limitCents: z.number().nullable(),
  spentCents: z.number(),
  leftCents: z.number().nullable(),
});
export type DistrictSchool = z.infer<typeof districtSchool>;
export const districtSchoolPage = paginated(districtSchool);
export type DistrictSchoolPage = z.infer<typeof districtSchoolPage>;

export const districtApproval = z.object({
  paymentId: z.string(),
  organizationName: z.string(),
  buyerName: z.string(),
  totalCents: z.number(),
  status: z.enum(eventPaymentStatuses),
  items: z.array(z.object({ title: z.string(), numberOfTickets: z.number() })),
  createdAt: z.string(),
});
export type DistrictApproval = z.infer<typeof districtApproval>;
export const districtApprovalPage = paginated(districtApproval);
export type DistrictApprovalPage = z.infer<typeof districtApprovalPage>;

export const districtSpendingRow = z.object({
  organizationName: z.string(),
  eventName: z.string(),
  spentCents: z.number(),
  refundedCents: z.number(),
  netCents: z.number(),
});
export type DistrictSpendingRow = z.infer<typeof districtSpendingRow>;
export const districtSpendingPage = paginated(districtSpendingRow);
export type DistrictSpendingPage = z.infer<typeof districtSpendingPage>;

/** What the checkout shows of a school's district fund: whether it may pay with it and what is left. */
export const districtFundOption = z.object({
  available: z.boolean(),
  districtName: z.string().nullable(),
  leftCents: z.number().nullable(),
  balanceCents: z.number().nullable(),
});
export type DistrictFundOption = z.infer<typeof districtFundOption>;

export const districtListQuery = pageQuery.extend({ search: z.string().trim().max(100).optional() });
export const districtPageQuery = pageQuery;
