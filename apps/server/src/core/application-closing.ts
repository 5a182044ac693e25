import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { eventPayments } from '../db/schema/commerce.ts';
import { actorOf, audit } from '../platform/audit.ts';
import type { RequestAuth } from '../platform/sessions.ts';
import { releasePayment } from './capacity.ts';
import { freePlaces } from './placements.ts';
import { voidSubmittedPurchaseOrders } from './purchase-order-links.ts';

/**
 * What closing an application gives back, whether staff void it or the applicant withdraws it: its
 * payments still holding a seat unpaid are cancelled (seat and coupon use given back, a purchase order
 * under review voided with its payment) and its section places are freed. Call it in the transaction
 * that moved the application's status, after that move.
 */
export async function releaseClosedApplication(
  tx: Executor,
  auth: RequestAuth,
  applicationId: string,
  now: Date,
): Promise<{ cancelledPayments: string[] }> {
  const cancelledPayments: string[] = [];
  for (const payment of await openUnpaidPayments(tx, applicationId)) {
    const released = await releasePayment(tx, payment.id, 'CANCELLED', now);
    if (released.status !== 'CANCELLED') continue;
    await voidSubmittedPurchaseOrders(tx, payment.id, now, auth.user.id);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-payment.cancel',
      subjectType: 'event_payment',
      subjectId: payment.id,
      data: { from: payment.status, applicationId },
    });
    cancelledPayments.push(payment.id);
  }
  // After the payments' seats (the event bucket): the places give their section seats back.
  await freePlaces(tx, applicationId);
  return { cancelledPayments };
}

/** The application's payments that still hold a seat unpaid: a card hold, a purchase order awaited or under review. */
function openUnpaidPayments(tx: Executor, applicationId: string) {
  return tx
    .select({ id: eventPayments.id, status: eventPayments.status })
    .from(eventPayments)
    .where(
      and(
        eq(eventPayments.applicationId, applicationId),
        inArray(eventPayments.status, ['PENDING', 'AWAITING_PO', 'PO_SUBMITTED']),
      ),
    );
}
