import { formatCents } from '@portal/domain/money.ts';
import { refundReasonLabels } from '@portal/domain/commerce/payments.ts';
import type { Executor } from '../../db/client.ts';
import type { MailInput } from '../../platform/mail.ts';
import { notifyStaff } from '../../core/staff-notifications.ts';

/**
 * The mail a new attendee receives. Someone without an account (a pending user, no password yet)
 * is invited to choose a password through 'Forgot password', which works for any account with that
 * email; everyone is pointed at My Event Applications, where the seat's application is.
 */
export function attendeeMail(input: {
  to: string;
  firstName: string;
  newUser: boolean;
  eventName: string;
  requesterName: string;
  publicUrl: string;
}): MailInput {
  const who = input.requesterName || 'A colleague';
  const lines = [
    input.firstName ? `Hello ${input.firstName},` : 'Hello,',
    '',
    `${who} registered you for ${input.eventName} on the Members Portal.`,
    '',
  ];
  if (input.newUser) {
    lines.push(
      'An account was created for you with this email address. To sign in, choose a password here:',
      '',
      `${input.publicUrl}/auth/forgot-password`,
      '',
      'Then complete your profile and find the event under My Event Applications:',
    );
  } else {
    lines.push('Sign in to find the event under My Event Applications:');
  }
  lines.push('', `${input.publicUrl}/members/events/applications`);
  return { to: input.to, subject: `You are registered for ${input.eventName}`, text: lines.join('\n') };
}

/** The paid request's refund, for staff (by each one's notification choice): the payment's page says what to refund. */
export async function refundMail(
  tx: Executor,
  input: { paymentId: string; requestId: string; total: number; publicUrl: string; at: Date },
): Promise<void> {
  await notifyStaff(tx, input.publicUrl, {
    kind: 'refundNeeded',
    key: `refund-needed:${input.paymentId}`,
    summary: 'A cancelled registration request needs a refund',
    path: `/admin/event-payments/${input.paymentId}`,
    details: [
      `Event payment ${input.paymentId} (${formatCents(input.total)}) paid registration request ${input.requestId}, which its member has cancelled.`,
      refundReasonLabels.BUYER_CANCELLED,
      '',
      'It is recorded as REFUND_NEEDED. Refund the buyer through the payment provider or the purchase order:',
    ],
    at: input.at,
  });
}
