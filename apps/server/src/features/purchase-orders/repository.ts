import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventPayments } from '../../db/schema/commerce.ts';
import { eventRegistrationPayments } from '../../db/schema/registration-requests.ts';

/**
 * AWAITING_PO → PO_SUBMITTED as one conditional UPDATE, holding the seats for another term: a
 * payment whose seats were released, or that is not waiting for a purchase order, changes nothing.
 * A payment made without an organization takes the purchase order's, so its administrators see it.
 */
export async function markPurchaseOrderSubmitted(
  db: Executor,
  paymentId: string,
  userId: string,
  organizationId: string,
  holdExpiresAt: Date,
) {
  const updated = await db
    .update(eventPayments)
    .set({
      status: 'PO_SUBMITTED',
      holdExpiresAt,
      organizationId: sql`coalesce(${eventPayments.organizationId}, ${organizationId}::uuid)`,
    })
    .where(
      and(
        eq(eventPayments.id, paymentId),
        eq(eventPayments.userId, userId),
        eq(eventPayments.status, 'AWAITING_PO'),
        eq(eventPayments.seatsHeld, true),
      ),
    )
    .returning({ id: eventPayments.id });
  return updated.length === 1;
}

/** Who bought a payment, and what a purchase order for it is: its type and total come from here, never from the form. */
export async function paymentTerms(db: Executor, paymentId: string) {
  const [row] = await db
    .select({
      userId: eventPayments.userId,
      applicationId: eventPayments.applicationId,
      registrationRequestId: eventRegistrationPayments.requestId,
      totalCents: eventPayments.totalCents,
    })
    .from(eventPayments)
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(eq(eventPayments.id, paymentId));
  return row;
}
