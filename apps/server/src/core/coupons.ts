import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { coupons } from '../db/schema/commerce.ts';

/** A coupon by its code, matched case-insensitively (codes are stored upper-case); undefined when none. */
export async function findCouponByCode(db: Executor, code: string) {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = upper(${code})`);
  return row;
}
