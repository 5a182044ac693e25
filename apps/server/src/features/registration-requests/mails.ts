import { formatCents } from '@portal/domain/money.ts';
import { refundReasonLabels } from '@portal/domain/commerce/payments.ts';
import type { Executor } from '../../db/client.ts';
import { queueMail, type MailInput } from '../../platform/mail.ts';
import { staffEmails } from './repository.ts';

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

/** Staff refund a paid registration request its member cancelled (REFUND_NEEDED, reason BUYER_CANCELLED). */
export async function refundMail(
  tx: Executor,
  input: { paymentId: string; requestId: string; total: number; publicUrl: string },
): Promise<void> {
  const staff = await staffEmails(tx);
  const text = [
    `Event payment ${input.paymentId} (${formatCents(input.total)}) paid registration request ${input.requestId}, which its member has cancelled.`,
    refundReasonLabels.BUYER_CANCELLED,
    '',
    'It is recorded as REFUND_NEEDED. Refund the buyer through the payment provider or the purchase order:',
    `${input.publicUrl}/admin/event-payments/${input.paymentId}`,
  ].join('\n');
  for (const { email } of staff)
    await queueMail(tx, { to: email, subject: 'A cancelled registration request needs a refund', text });
}
