import { and, eq, sql } from 'drizzle-orm';
import type { PaymentProviderName } from '@portal/domain/commerce/enums.ts';
import type { Executor } from '../../db/client.ts';
import { executeStatic, staticStatement } from '../../db/prepared.ts';
import { eventPaymentItems, eventPayments, paymentProviderEvents } from '../../db/schema/commerce.ts';
import { eventRegistrationPayments } from '../../db/schema/registration-requests.ts';
import { users } from '../../db/schema/users.ts';

const input = (name: string) => sql.placeholder(name);

/**
 * lockProviderPayment's statement, built once (db/prepared.ts): every card payment's event runs it, and
 * building it through drizzle cost more CPU than PostgreSQL answering it.
 */
const lockProviderPaymentStatement = staticStatement(
  'lock_provider_payment',
  sql`select ${eventPayments.id} as "id", ${eventPayments.userId} as "userId", ${eventPayments.status} as "status",
      ${eventPayments.couponId} as "couponId", ${eventPayments.seatsHeld} as "seatsHeld", ${eventPayments.paidAt} as "paidAt",
      ${eventPayments.totalCents} as "totalCents", ${eventPayments.providerReference} as "providerReference",
      ${eventPayments.applicationId} as "applicationId", ${eventPayments.legacyApplicationId} as "legacyApplicationId",
      ${eventRegistrationPayments.requestId} as "registrationRequestId"
    from ${eventPayments}
    left join ${eventRegistrationPayments} on ${eventRegistrationPayments.paymentId} = ${eventPayments.id}
    where ${eventPayments.id} = ${input('paymentId')}::uuid and ${eventPayments.provider} = ${input('provider')}
    for update of ${eventPayments}`,
);

type PaymentRow = typeof eventPayments.$inferSelect;

export interface ProviderPayment {
  id: string;
  userId: string;
  status: PaymentRow['status'];
  couponId: string | null;
  seatsHeld: boolean;
  paidAt: Date | null;
  totalCents: number;
  providerReference: string | null;
  applicationId: string | null;
  legacyApplicationId: PaymentRow['legacyApplicationId'];
  registrationRequestId: string | null;
}

/**
 * The payment a provider event is about, locked, when it was made with that provider, with what it
 * pays for (an application, a registration request: rows that never change once linked, so reading
 * them in the locking statement is safe).
 */
export async function lockProviderPayment(
  db: Executor,
  paymentId: string,
  provider: PaymentProviderName,
): Promise<ProviderPayment | undefined> {
  const [row] = await executeStatic<Omit<ProviderPayment, 'paidAt'> & { paidAt: string | null }>(
    db,
    lockProviderPaymentStatement,
    { paymentId, provider },
  );
  return row && { ...row, paidAt: row.paidAt === null ? null : new Date(row.paidAt) };
}

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

/** recordProviderEvent's statement, built once (db/prepared.ts). */
const recordProviderEventStatement = staticStatement(
  'record_provider_event',
  sql`insert into ${paymentProviderEvents} (provider, provider_event_id, payment_id, type, payload)
    values (${input('provider')}, ${input('providerEventId')}, ${input('paymentId')}::uuid, ${input('type')}, ${input('payload')}::jsonb)
    on conflict do nothing
    returning id`,
);

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
  const inserted = await executeStatic(db, recordProviderEventStatement, {
    ...event,
    payload: JSON.stringify(event.payload),
  });
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
