import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { cartItems, carts, eventPaymentItems, eventPayments } from '../../db/schema/commerce.ts';

export type NewEventPayment = typeof eventPayments.$inferInsert;
export type NewEventPaymentItem = Omit<typeof eventPaymentItems.$inferInsert, 'paymentId'>;

const paymentColumns = {
  id: eventPayments.id,
  status: eventPayments.status,
  method: eventPayments.method,
  provider: eventPayments.provider,
  checkoutUrl: eventPayments.checkoutUrl,
  totalCents: eventPayments.totalCents,
  holdExpiresAt: eventPayments.holdExpiresAt,
};
export type CheckedOutPayment = { [K in keyof typeof paymentColumns]: (typeof eventPayments.$inferSelect)[K] };

export async function findByIdempotencyKey(db: Executor, userId: string, key: string): Promise<CheckedOutPayment | undefined> {
  const [payment] = await db
    .select(paymentColumns)
    .from(eventPayments)
    .where(and(eq(eventPayments.userId, userId), eq(eventPayments.idempotencyKey, key)));
  return payment;
}

export async function insertPayment(db: Executor, payment: NewEventPayment, items: readonly NewEventPaymentItem[]): Promise<CheckedOutPayment> {
  const [created] = await db.insert(eventPayments).values(payment).returning(paymentColumns);
  if (!created) throw new Error('event payment was not written');
  await db.insert(eventPaymentItems).values(items.map((item) => ({ ...item, paymentId: created.id })));
  return created;
}

export async function emptyCart(db: Executor, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
  await db.update(carts).set({ couponId: null }).where(eq(carts.userId, userId));
}


/** Takes a coupon that can no longer be used off the buyer's cart (unless another was applied meanwhile). */
export async function dropCartCoupon(db: Executor, userId: string, couponId: string): Promise<void> {
  await db
    .update(carts)
    .set({ couponId: null })
    .where(and(eq(carts.userId, userId), eq(carts.couponId, couponId)));
}
