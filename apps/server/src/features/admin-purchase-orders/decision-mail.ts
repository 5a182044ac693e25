import { formatCents } from '@portal/domain/money.ts';
import type { MailInput } from '../../platform/mail.ts';

export interface Decision {
  approved: boolean;
  to: string;
  firstName: string;
  number: string;
  totalCents: number;
  /** Null for an institute or package purchase order, which pays no one payment of the buyer's. */
  eventPaymentId: string | null;
  publicUrl: string;
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
          approved
            ? `Your purchase order ${number} was approved and its payment of ${amount} is complete.`
            : `Your purchase order ${number} for ${amount} was voided; nothing it covered is paid. You may send a corrected purchase order:`,
          `${publicUrl}/members/purchase-orders`,
        ]
      : approved
        ? [
            `Hello ${firstName},`,
            '',
            `Your purchase order ${number} was approved and your payment of ${amount} is complete.`,
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
