import { eq, sql } from 'drizzle-orm';
import { applicationCouponRefusalText, cartMessages, couponRefusal } from '@portal/domain/commerce/cart.ts';
import type { Executor } from '../db/client.ts';
import { coupons } from '../db/schema/commerce.ts';
import { badRequest } from '../platform/errors.ts';

/**
 * The coupons table's lookups for everything that prices with a coupon (the cart, an application, a
 * registration request, an institute purchase order). Taking and giving back a use is capacity's
 * (core/capacity.ts: it is locked with the seats); the staff console's list and edits are admin-events'.
 */

export type CouponRecord = typeof coupons.$inferSelect;

/** A coupon by its code, matched case-insensitively (codes are stored upper-case); undefined when none. */
export async function findCouponByCode(db: Executor, code: string): Promise<CouponRecord | undefined> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code})`);
  return row;
}

export async function findCoupon(db: Executor, couponId: string): Promise<CouponRecord | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, couponId));
  return row;
}

const refused = (field: string, refusal: Parameters<typeof applicationCouponRefusalText>[0]) =>
  badRequest(cartMessages.couponError, { [field]: applicationCouponRefusalText(refusal) });

/** The coupon of this code when it can be used on one event now; a 400 saying why not (under `field`) otherwise. */
export async function requireCouponForEvent(
  db: Executor,
  code: string,
  eventId: string,
  now: Date,
  field = 'code',
): Promise<CouponRecord> {
  const coupon = await findCouponByCode(db, code);
  const refusal = coupon ? couponRefusal(coupon, now, [eventId]) : 'unknown';
  if (!coupon || refusal) throw refused(field, refusal ?? 'unknown');
  return coupon;
}

/**
 * A coupon chosen earlier, checked again when the payment is opened (it may have expired or run out
 * since): undefined without one, a 400 under `code` when it no longer applies to the event.
 */
export async function couponStillUsable(
  db: Executor,
  couponId: string | null,
  eventId: string,
  now: Date,
): Promise<CouponRecord | undefined> {
  const coupon = couponId ? await findCoupon(db, couponId) : undefined;
  const refusal = coupon ? couponRefusal(coupon, now, [eventId]) : null;
  if (refusal) throw refused('code', refusal);
  return coupon;
}
