import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { eventPayments, purchaseOrders } from '../../db/schema/commerce.ts';
import { organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { managedOrganizationIdsArray } from '../../core/memberships.ts';
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
      legacyApplicationId: eventPayments.legacyApplicationId,
      registrationRequestId: eventRegistrationPayments.requestId,
      totalCents: eventPayments.totalCents,
    })
    .from(eventPayments)
    .leftJoin(eventRegistrationPayments, eq(eventRegistrationPayments.paymentId, eventPayments.id))
    .where(eq(eventPayments.id, paymentId));
  return row;
}

/** The purchase orders a member may see: those they sent, and those of the organizations they manage. */
const visibleTo = (userId: string): SQL | undefined =>
  or(
    eq(purchaseOrders.submittedById, userId),
    sql`${purchaseOrders.organizationId} = any(${managedOrganizationIdsArray(userId)})`,
  );

/** One page of the member's purchase orders, newest first, with the count of all of them. */
export async function pageOfMyPurchaseOrders(db: Executor, userId: string, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: purchaseOrders.id,
      number: purchaseOrders.number,
      type: purchaseOrders.type,
      paymentId: purchaseOrders.paymentId,
      status: purchaseOrders.status,
      organizationName: organizations.name,
      totalCents: purchaseOrders.totalCents,
      buyerFirstName: users.firstName,
      buyerLastName: users.lastName,
      submittedById: purchaseOrders.submittedById,
      filename: purchaseOrders.filename,
      createdAt: purchaseOrders.createdAt,
      decidedAt: purchaseOrders.decidedAt,
    })
    .from(purchaseOrders)
    .innerJoin(organizations, eq(organizations.id, purchaseOrders.organizationId))
    .innerJoin(users, eq(users.id, purchaseOrders.submittedById))
    .where(visibleTo(userId))
    .orderBy(desc(purchaseOrders.createdAt), desc(purchaseOrders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(purchaseOrders).where(visibleTo(userId));
  return { rows, total: counted?.total ?? 0 };
}

/** The stored file of a purchase order the member may see; undefined for any other. */
export async function findMyPurchaseOrderFile(db: Executor, userId: string, purchaseOrderId: string) {
  const [row] = await db
    .select({ fileKey: purchaseOrders.fileKey, filename: purchaseOrders.filename })
    .from(purchaseOrders)
    .where(and(eq(purchaseOrders.id, purchaseOrderId), visibleTo(userId)));
  return row;
}
