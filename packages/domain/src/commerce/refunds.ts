import { z } from 'zod';
import { formatCents, type Cents } from '../money.ts';
import { daysUntil } from './purchase-window.ts';
import { pageQuery, paginated } from '../pagination.ts';
import type { cancellationPolicy } from './cancellation-policy.ts';

/**
 * Cancellations and refunds (issue 38): an event's cancellation policy, what a cancellation of some
 * of a payment's tickets gives back, and the vocabularies of refunds, cancellation requests and
 * credit notes. docs/decisions/0163-cancellation-policy-and-refund-amounts.md.
 */

export const cancellationFeeTypes = ['NONE', 'FIXED', 'PERCENT'] as const;
export type CancellationFeeType = (typeof cancellationFeeTypes)[number];

/** CREDIT_NOTE: a purchase-order payment is refunded by a credit note the finance office settles; REQUEST: only on request. */
export const purchaseOrderRefundModes = ['CREDIT_NOTE', 'REQUEST'] as const;
export type PurchaseOrderRefundMode = (typeof purchaseOrderRefundModes)[number];

/** OWED: staff settle it by hand; PENDING: sent to the card provider, not confirmed; SETTLED; FAILED. */
export const refundStatuses = ['OWED', 'PENDING', 'SETTLED', 'FAILED'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/** How the money goes back: to the card through its provider, or by a credit note settled by the finance office. */
export const refundMethods = ['CARD', 'CREDIT_NOTE', 'DISTRICT_FUND'] as const;
export type RefundMethod = (typeof refundMethods)[number];

export const cancellationRequestStatuses = ['OPEN', 'APPROVED', 'DECLINED'] as const;
export type CancellationRequestStatus = (typeof cancellationRequestStatuses)[number];

export const maxCancellationDays = 365;

/** What staff set per event (the form's schema is in cancellation-policy.ts, apart from what every refund page reads). */
export type CancellationPolicy = z.infer<typeof cancellationPolicy>;

/** An event that names no policy: the buyer asks, staff decide. */
export const noSelfCancellation: CancellationPolicy = {
  buyerCancelDaysBefore: null,
  feeType: 'NONE',
  feeValue: 0,
  purchaseOrderRefund: 'REQUEST',
};

/** The buyer may cancel by herself on `today` (ISO day): through the day N days before the start, as purchase-window. */
export function buyerMayCancel(policy: CancellationPolicy, startDate: string, today: string): boolean {
  return policy.buyerCancelDaysBefore !== null && daysUntil(startDate, today) >= policy.buyerCancelDaysBefore;
}

/** The policy in words, as the event page, the cart, the checkout and the receipt show it. */
export function cancellationPolicyText(policy: CancellationPolicy): string {
  if (policy.buyerCancelDaysBefore === null)
    return 'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.';
  const days = policy.buyerCancelDaysBefore;
  const until =
    days === 0
      ? 'until the day the event starts'
      : `until ${days} ${days === 1 ? 'day' : 'days'} before the event starts`;
  const fee =
    policy.feeType === 'FIXED' && policy.feeValue > 0
      ? `, less a fee of ${formatCents(policy.feeValue)} per ticket`
      : policy.feeType === 'PERCENT' && policy.feeValue > 0
        ? `, less a fee of ${policy.feeValue}% per ticket`
        : '';
  const purchaseOrders =
    policy.purchaseOrderRefund === 'CREDIT_NOTE'
      ? ' Purchase-order payments are refunded by a credit note settled by the finance office.'
      : ' Purchase-order payments are refunded on request only.';
  return `Cancellation: tickets can be cancelled ${until} for a refund of what was paid${fee}.${purchaseOrders}`;
}

/** One line of a payment as the refund computation needs it. */
export interface RefundLine {
  unitPriceCents: Cents;
  /** Tickets of the line cancelled now. */
  quantity: number;
  policy: CancellationPolicy;
}

export interface RefundInput {
  /** The payment's amounts, as charged (pricing.orderTotals). */
  subtotalCents: Cents;
  discountCents: Cents;
  totalCents: Cents;
  /** Face value (unit price × quantity) of the tickets cancelled before this cancellation. */
  cancelledBeforeCents: Cents;
  /** Refunds already recorded against the payment (not failed). */
  refundedCents: Cents;
  lines: readonly RefundLine[];
  /** False when staff waive the fee (a full refund). */
  feeApplies: boolean;
}

export interface RefundBreakdown {
  /** Face value of the tickets cancelled now. */
  faceCents: Cents;
  /** What was paid for them: face value less their share of the coupon. */
  paidCents: Cents;
  feeCents: Cents;
  /** What goes back: paid less the fee, never below 0, never more than is left refundable. */
  refundCents: Cents;
}

/**
 * What was paid for `face` cents of tickets of the payment: the coupon's discount taken in proportion,
 * rounded half up. Used cumulatively (below) so that cancelling a payment piece by piece gives back
 * exactly its total, cent for cent.
 */
function paidForFace(face: Cents, subtotal: Cents, total: Cents): Cents {
  if (subtotal <= 0) return 0;
  return Math.round((face * total) / subtotal);
}

function feeOf(line: RefundLine, paidForLine: Cents): Cents {
  if (line.policy.feeType === 'FIXED') return line.policy.feeValue * line.quantity;
  if (line.policy.feeType === 'PERCENT') return Math.round((paidForLine * line.policy.feeValue) / 100);
  return 0;
}

/** The one refund computation: the server records it, the screen only shows it. */
export function refundFor(input: RefundInput): RefundBreakdown {
  const faceCents = input.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  const before = input.cancelledBeforeCents;
  const paidCents =
    paidForFace(before + faceCents, input.subtotalCents, input.totalCents) -
    paidForFace(before, input.subtotalCents, input.totalCents);
  const feeCents = input.feeApplies
    ? input.lines.reduce(
        (sum, line) =>
          sum + feeOf(line, paidForFace(line.unitPriceCents * line.quantity, input.subtotalCents, input.totalCents)),
        0,
      )
    : 0;
  const left = Math.max(input.totalCents - input.refundedCents, 0);
  const refundCents = Math.min(Math.max(paidCents - feeCents, 0), left);
  return { faceCents, paidCents, feeCents, refundCents };
}

/** Digits a credit-note number is padded to, as receipts. */
const creditNoteDigits = 6;

/** C-000042. */
export function creditNoteNumberLabel(number: number): string {
  return `C-${String(number).padStart(creditNoteDigits, '0')}`;
}

export function creditNoteFileName(number: number): string {
  return `credit-note-${creditNoteNumberLabel(number)}.pdf`;
}

export const refundMessages = {
  outsidePolicy:
    'These tickets can no longer be cancelled online under the event’s cancellation policy. You can request a cancellation instead.',
  alreadyCancelled: 'One of these tickets is already cancelled.',
  nothingChosen: 'Choose at least one ticket to cancel.',
  notPaid: 'Only a paid payment’s tickets can be cancelled.',
  tooMuch: (leftCents: Cents) => `A refund can be at most ${formatCents(leftCents)}, what is left of this payment.`,
  requestOpen: 'A cancellation request for this payment is already waiting for staff.',
  requestDecided: 'This cancellation request has already been decided.',
  notOwed: 'Only a refund owed can be marked settled.',
  viewAs: 'Only the buyer herself cancels tickets, not staff viewing as her.',
  notCartOrder:
    'An institute seat or a group registration is not cancelled online: request a cancellation, which staff review.',
  cancelled: (count: number) => `${count} ${count === 1 ? 'ticket' : 'tickets'} cancelled.`,
  creditNoteSubject: (number: number) => `Your credit note ${creditNoteNumberLabel(number)}`,
  ticketCancelledSubject: (eventName: string) => `Your ticket for ${eventName} was cancelled`,
  requestDecidedSubject: 'Your cancellation request was decided',
  staffCancelledSubject: 'Your event payment was refunded',
  staffCancelledLine: (tickets: number, refundCents: Cents) =>
    `Our staff cancelled ${tickets} ${tickets === 1 ? 'ticket' : 'tickets'} of your event payment` +
    (refundCents > 0
      ? ` and refunded ${formatCents(refundCents)}; the credit note follows in a separate mail.`
      : ' without a refund.'),
} as const;

/** What the buyer chooses: per line, the allocated tickets by id and how many not yet allocated. */
export const cancellationChoice = z.object({
  items: z
    .array(
      z.object({
        itemId: z.uuid('Not a payment line'),
        ticketIds: z.array(z.uuid('Not a ticket')).max(100).default([]),
        unassigned: z.number().int().min(0).max(100).default(0),
      }),
    )
    .min(1, refundMessages.nothingChosen)
    .max(50),
});
export type CancellationChoice = z.infer<typeof cancellationChoice>;

export const cancelTicketsInput = cancellationChoice;

export const cancellationRequestInput = cancellationChoice.extend({
  reason: z.string().trim().min(1, 'Say why you want to cancel').max(2000),
});
export type CancellationRequestInput = z.infer<typeof cancellationRequestInput>;

/** Staff's refund choice when they cancel or approve: all that was paid, an amount, or nothing. */
export const staffRefundChoice = z.discriminatedUnion('refund', [
  z.object({ refund: z.literal('FULL') }),
  z.object({ refund: z.literal('PARTIAL'), amountCents: z.number().int().min(1, 'Enter an amount above 0') }),
  z.object({ refund: z.literal('NONE') }),
]);
export type StaffRefundChoice = z.infer<typeof staffRefundChoice>;

/** The refund staff chose, bounded by what was paid for the tickets and what is left of the payment. */
export function staffRefundAmount(choice: StaffRefundChoice, paidCents: Cents, leftCents: Cents): Cents | 'tooMuch' {
  if (choice.refund === 'NONE') return 0;
  if (choice.refund === 'FULL') return Math.min(paidCents, leftCents);
  return choice.amountCents > leftCents ? 'tooMuch' : choice.amountCents;
}

export const refundReply = z.object({
  id: z.string(),
  paymentId: z.string(),
  amountCents: z.number(),
  status: z.enum(refundStatuses),
  method: z.enum(refundMethods),
  reason: z.string(),
  creditNoteNumber: z.number().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundReply = z.infer<typeof refundReply>;

export const cancellationReply = z.object({
  cancelledTickets: z.number(),
  refund: refundReply.nullable(),
});
export type CancellationReply = z.infer<typeof cancellationReply>;

/** What the buyer's cancellation page shows of a payment: each line, its tickets, whether the policy lets her cancel. */
export const cancellationView = z.object({
  paymentId: z.string(),
  status: z.string(),
  method: z.string(),
  totalCents: z.number(),
  refundedCents: z.number(),
  lines: z.array(
    z.object({
      itemId: z.string(),
      title: z.string(),
      eventName: z.string(),
      startDate: z.string(),
      priceCents: z.number(),
      /** Tickets not cancelled: the allocated ones below, and `unassigned` not allocated yet. */
      activeTickets: z.number(),
      cancelledTickets: z.number(),
      tickets: z.array(z.object({ id: z.string(), holderName: z.string(), holderEmail: z.string() })),
      unassigned: z.number(),
      /** The buyer may cancel this line herself today; otherwise she can request a cancellation. */
      cancellable: z.boolean(),
      policyText: z.string(),
    }),
  ),
  refunds: z.array(refundReply),
  openRequest: z.object({ id: z.string(), reason: z.string(), createdAt: z.string() }).nullable(),
});
export type CancellationView = z.infer<typeof cancellationView>;

export const cancellationRequestReply = z.object({ id: z.string(), status: z.enum(cancellationRequestStatuses) });
export type CancellationRequestReply = z.infer<typeof cancellationRequestReply>;

export const refundStatusLabels: Record<RefundStatus, string> = {
  OWED: 'Owed',
  PENDING: 'Sent to the card provider',
  SETTLED: 'Settled',
  FAILED: 'Failed',
};

export const refundMethodLabels: Record<RefundMethod, string> = {
  CARD: 'Card refund',
  CREDIT_NOTE: 'Credit note (finance office)',
  DISTRICT_FUND: 'Back to the district fund',
};

/** The staff refunds list's filters. */
export const adminRefundQuery = pageQuery.extend({
  status: z.enum(refundStatuses).optional(),
  method: z.enum(refundMethods).optional(),
  eventId: z.uuid('Not an event id').optional(),
  /** The buyer's name or email. */
  search: z.string().trim().max(100).optional(),
});
export type AdminRefundQuery = z.infer<typeof adminRefundQuery>;

export const adminRefundRow = refundReply.extend({
  buyerName: z.string(),
  buyerEmail: z.string(),
  events: z.array(z.string()),
});
export type AdminRefundRow = z.infer<typeof adminRefundRow>;
export const adminRefundPage = paginated(adminRefundRow);
export type AdminRefundPage = z.infer<typeof adminRefundPage>;

/** Why staff refund: printed on the credit note and in the buyer's mail. */
const staffRefundReason = z.string().trim().min(1, 'Say why the payment is refunded').max(500);

/** The tickets staff cancel: those chosen, or every ticket left when `items` is left out. */
const staffChosenItems = cancellationChoice.shape.items.optional();

/** Staff cancel chosen tickets of a payment, or all it has left, with the refund they choose and a reason. */
export const staffCancelInput = z.discriminatedUnion('refund', [
  z.object({ refund: z.literal('FULL'), reason: staffRefundReason, items: staffChosenItems }),
  z.object({
    refund: z.literal('PARTIAL'),
    amountCents: z.number().int().min(1, 'Enter an amount above 0'),
    reason: staffRefundReason,
    items: staffChosenItems,
  }),
  z.object({ refund: z.literal('NONE'), reason: staffRefundReason, items: staffChosenItems }),
]);
export type StaffCancelInput = z.infer<typeof staffCancelInput>;

/** What the refund dialog asks the server before confirming: the same tickets, nothing written. */
export const staffRefundPreviewInput = z.object({ items: staffChosenItems });
export type StaffRefundPreviewInput = z.infer<typeof staffRefundPreviewInput>;

/**
 * The refund a cancellation would make, computed on the server (refundFor) before it is confirmed:
 * for a buyer, what she gets back; for staff, what a FULL refund gives back (at most `leftCents`).
 */
export const refundPreview = z.object({
  tickets: z.number(),
  faceCents: z.number(),
  paidCents: z.number(),
  feeCents: z.number(),
  refundCents: z.number(),
  /** What is left refundable of the payment (total less refunds recorded). */
  leftCents: z.number(),
});
export type RefundPreview = z.infer<typeof refundPreview>;

export const cancellationRequestRow = z.object({
  id: z.string(),
  paymentId: z.string(),
  status: z.enum(cancellationRequestStatuses),
  reason: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  events: z.array(z.string()),
  tickets: z.number(),
  createdAt: z.string(),
});
export type CancellationRequestRow = z.infer<typeof cancellationRequestRow>;
export const cancellationRequestQuery = pageQuery.extend({
  status: z.enum(cancellationRequestStatuses).optional(),
  /** The buyer's name or email. */
  search: z.string().trim().max(100).optional(),
});
export const cancellationRequestPage = paginated(cancellationRequestRow);

export const cancellationDecisionInput = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('APPROVE'), refund: staffRefundChoice }),
  z.object({ decision: z.literal('DECLINE'), reason: z.string().trim().min(1, 'Say why it is declined').max(2000) }),
]);
export type CancellationDecisionInput = z.infer<typeof cancellationDecisionInput>;
