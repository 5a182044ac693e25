import type { PaymentProviderName } from '@portal/domain/commerce-enums.ts';
import type { AppDeps } from '../../app-deps.ts';
import { audit } from '../../platform/audit.ts';
import { markPaid, releasePayment } from '../../core/capacity.ts';
import { restoreCart } from '../../core/carts.ts';
import { HttpProblem } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import type { Transaction } from '../../db/client.ts';
import { lockProviderPayment, markPaidWithoutSeats, paymentTitles, recordProviderEvent, staffEmails } from './repository.ts';

/** A provider's message, verified and reduced to what the portal acts on. */
export interface ProviderEvent {
  provider: PaymentProviderName;
  /** The provider's own event id: recorded once, so a replay changes nothing. */
  id: string;
  kind: 'succeeded' | 'declined' | 'expired' | 'other';
  /** The provider's name for it (checkout.session.completed, payment.succeeded…). */
  type: string;
  paymentId: string | null;
  payload: Record<string, unknown>;
}

export type ProviderEventOutcome = 'applied' | 'replayed' | 'ignored';

const actor = { actorId: null };

/**
 * Money was taken after the hold ran out and the seats were sold to someone else meanwhile: the
 * payment is still PAID (the buyer paid), without seats, audited, and staff are mailed to refund
 * or add capacity (docs/decisions.md).
 */
async function paidWithoutSeats(tx: Transaction, event: ProviderEvent, paymentId: string, now: Date): Promise<void> {
  await markPaidWithoutSeats(tx, paymentId, event.provider, now);
  await audit(tx, { ...actor, action: 'event-payment.paid-without-seats', subjectType: 'event_payment', subjectId: paymentId, data: { provider: event.provider, providerEventId: event.id } });
  const lines = await paymentTitles(tx, paymentId);
  for (const to of await staffEmails(tx)) {
    await queueMail(tx, {
      to,
      subject: 'A late card payment needs a refund or more seats',
      text: [
        `Event payment ${paymentId} was paid through ${event.provider} after its seat hold had expired, and its seats have been sold meanwhile:`,
        ...lines.map((line) => `- ${line}`),
        '',
        'The payment is recorded as PAID without seats. Refund the buyer, or raise the capacity and re-allocate.',
      ].join('\n'),
    });
  }
}

/**
 * The one handler every provider's events go through, in one transaction: the payment row is
 * locked, the event recorded by (provider, id) — a replay stops there — then applied. PAID is never
 * downgraded: a decline or expiry after a success changes nothing.
 */
export async function handleProviderEvent(deps: AppDeps, event: ProviderEvent): Promise<ProviderEventOutcome> {
  return deps.db.transaction(async (tx) => {
    const now = deps.clock();
    const payment = event.paymentId ? await lockProviderPayment(tx, event.paymentId, event.provider) : undefined;
    const recorded = await recordProviderEvent(tx, {
      provider: event.provider,
      providerEventId: event.id,
      paymentId: payment?.id ?? null,
      type: event.type,
      payload: event.payload,
    });
    if (!recorded) return 'replayed';
    if (!payment || event.kind === 'other' || payment.status === 'PAID') return 'ignored';
    const subject = { subjectType: 'event_payment', subjectId: payment.id, data: { provider: event.provider, providerEventId: event.id } };
    if (event.kind === 'succeeded') {
      try {
        await markPaid(tx, payment.id, event.provider, now);
        await audit(tx, { ...actor, action: 'event-payment.paid', ...subject });
      } catch (error) {
        if (!(error instanceof HttpProblem && error.status === 409)) throw error;
        await paidWithoutSeats(tx, event, payment.id, now);
      }
      return 'applied';
    }
    if (event.kind === 'declined' && payment.status !== 'PENDING') return 'ignored';
    const released = await releasePayment(tx, payment.id, event.kind === 'declined' ? 'CANCELLED' : 'EXPIRED', now);
    if (event.kind === 'declined' && released.seatsReleased) await restoreCart(tx, payment.id, payment.userId, payment.couponId);
    await audit(tx, { ...actor, action: event.kind === 'declined' ? 'event-payment.declined' : 'event-payment.expired', ...subject });
    return 'applied';
  });
}
