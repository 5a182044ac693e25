import { invoiceNumberLabel } from '@portal/domain/commerce/invoices.ts';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { IssuedInvoice } from '../../core/invoices.ts';
import type { MailInput } from '../../platform/mail.ts';

export interface Decision {
  approved: boolean;
  to: string;
  firstName: string;
  number: string;
  totalCents: number;
  /** Null for an institute or package purchase order, which pays no one payment of the buyer's. */
  eventPaymentId: string | null;
  /** The invoice the approval issued: the order is then owed, not paid (decision 0212), unless credit paid it. */
  invoice: IssuedInvoice | undefined;
  publicUrl: string;
}

/**
 * What the approval says of the money: complete when nothing is owed (paid already, nothing to pay,
 * or the organization's credit paid the invoice); otherwise the invoice, where it went and its due date.
 */
function approvalLines(decision: Decision, paymentWord: 'its' | 'your'): string[] {
  const { number, invoice, publicUrl } = decision;
  const amount = formatCents(decision.totalCents);
  if (!invoice)
    return [`Your purchase order ${number} was approved and ${paymentWord} payment of ${amount} is complete.`];
  const label = invoiceNumberLabel(invoice.number);
  const owedCents = invoice.totalCents - invoice.creditAppliedCents;
  if (owedCents === 0) {
    return [
      `Your purchase order ${number} was approved. Invoice ${label} for ${amount} was paid in full from your organization's credit, so ${paymentWord} payment is complete.`,
    ];
  }
  const credit =
    invoice.creditAppliedCents > 0
      ? ` Your organization's credit of ${formatCents(invoice.creditAppliedCents)} was applied to it.`
      : '';
  return [
    `Your purchase order ${number} was approved. Invoice ${label} for ${formatCents(invoice.totalCents)} is attached to the mail sent to ${invoice.billingEmail}.${credit}`,
    `${formatCents(owedCents)} is due by ${formatUsDate(invoice.dueOn)}. Your receipt follows once it is paid.`,
    `The statement of account: ${publicUrl}/members/organization/${invoice.organizationId}/statement`,
  ];
}

/** The buyer's mail when staff approve or void their purchase order. */
export function decisionMail(decision: Decision): MailInput {
  const { approved, firstName, number, totalCents, eventPaymentId, publicUrl } = decision;
  const amount = formatCents(totalCents);
  const text =
    eventPaymentId === null
      ? [
          `Hello ${firstName},`,
          '',
          ...(approved
            ? approvalLines(decision, 'its')
            : [
                `Your purchase order ${number} for ${amount} was voided; nothing it covered is paid. You may send a corrected purchase order:`,
              ]),
          `${publicUrl}/members/purchase-orders`,
        ]
      : approved
        ? [
            `Hello ${firstName},`,
            '',
            ...approvalLines(decision, 'your'),
            'You may now allocate your tickets:',
            `${publicUrl}/members/event/assign-tickets?eventPaymentId=${eventPaymentId}`,
          ]
        : [
            `Hello ${firstName},`,
            '',
            `Your purchase order ${number} was voided, so the payment of ${amount} is cancelled and its tickets were returned to sale.`,
            'Your event payments are listed here:',
            `${publicUrl}/members/manage-events`,
          ];
  return {
    to: decision.to,
    subject: approved ? `Purchase order ${number} approved` : `Purchase order ${number} voided`,
    text: text.join('\n'),
  };
}
