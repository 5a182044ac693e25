import { and, eq } from 'drizzle-orm';
import type { PaymentProviderName } from '@portal/domain/commerce/enums.ts';
import type { Executor } from '../../db/client.ts';
import { eventPaymentItems, eventPayments, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { eventRegistrationPayments } from '../../db/schema/registration-requests.ts';
import { users } from '../../db/schema/users.ts';

/**
 * The payment a provider event is about, locked, when it was made with that provider, with what it
 * pays for (an application, a registration request: rows that never change once linked, so reading
 * them in the locking statement is safe).
 */
export async function lockProviderPayment(db: Executor, paymentId: string, provider: PaymentProviderName) {
  const [payment] = await db
    .select({
      id: eventPayments.id,
      userId: eventPayments.userId,
      status: eventPayments.status,
      couponId: eventPayments.couponId,
      seatsHeld: eventPayments.seatsHeld,
      paidAt: eventPayments.paidAt,
      totalCents: eventPayments.totalCents,
      providerReference: eventPayments.providerReference,
      applicationId: eventPayments.applicationId,
      legacyApplicationId: eventPayments.legacyApplicationId,
      registrationRequestId: eventRegistrationPayments.requestId,
    })
    .from(eventPayments)
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.provider, provider)))
    .for('update', { of: eventPayments })
    .prepare('lock_provider_payment')
    .execute();
  return payment;
}
export type ProviderPayment = NonNullable<Awaited<ReturnType<typeof lockProviderPayment>>>;

/** A buyer's own card payment with a given provider. */
export async function findBuyersPayment(
  db: Executor,
  paymentId: string,
  userId: string,
  provider: PaymentProviderName,
) {
  const [payment] = await db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      totalCents: eventPayments.totalCents,
      applicationId: eventPayments.applicationId,
      legacyApplicationId: eventPayments.legacyApplicationId,
      registrationRequestId: eventRegistrationPayments.requestId,
    })
    .from(eventPayments)
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(and(eq(eventPayments.id, paymentId), eq(eventPayments.userId, userId), eq(eventPayments.provider, provider)))
    .prepare('buyers_payment')
    .execute();
  return payment;
}

/** Records a provider event once: false when (provider, event id) was already recorded (a replay). */
export async function recordProviderEvent(
  db: Executor,
  event: {
    provider: PaymentProviderName;
    providerEventId: string;
    paymentId: string | null;
    type: string;
    payload: Record<string, unknown>;
  },
): Promise<boolean> {
  const inserted = await db
    .insert(paymentProviderEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ id: paymentProviderEvents.id })
    .prepare('record_provider_event')
    .execute();
  return inserted.length === 1;
}

export async function paymentTitles(db: Executor, paymentId: string): Promise<string[]> {
  const items = await db
    .select({ title: eventPaymentItems.title, numberOfTickets: eventPaymentItems.numberOfTickets })
    .from(eventPaymentItems)
    .where(eq(eventPaymentItems.paymentId, paymentId));
  return items.map((item) => `${item.numberOfTickets} × ${item.title}`);
}

export async function staffEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'STAFF'));
  return rows.map((row) => row.email);
}
