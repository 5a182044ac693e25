import { and, count, desc, eq, ilike, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { staffEventMessages, type couponInput, type CouponPage, type CouponRow } from '@portal/domain/events/staff-contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { coupons, events } from '../../db/schema/commerce.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { containing, eventExists } from './repository.ts';

type CouponInput = z.output<typeof couponInput>;

interface Search {
  search?: string;
  page: number;
  pageSize: number;
}

const couponNotFound = () => notFound('No such coupon.');

function couponRows(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: coupons.id,
      code: coupons.code,
      type: coupons.type,
      discountAmount: coupons.discountAmount,
      discountPercentage: coupons.discountPercentage,
      validFrom: coupons.validFrom,
      validUntil: coupons.validUntil,
      maxUses: coupons.maxUses,
      timesUsed: coupons.timesUsed,
      eventId: coupons.eventId,
      eventName: events.name,
      active: coupons.active,
    })
    .from(coupons)
    .leftJoin(events, eq(events.id, coupons.eventId))
    .where(where)
    .$dynamic();
}

type StoredCoupon = Awaited<ReturnType<typeof couponRows>>[number];

const present = (row: StoredCoupon): CouponRow => ({
  ...row,
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
});

/** Coupons newest first, searched by code (codes are stored upper-case). */
export async function listCoupons(deps: AppDeps, query: Search): Promise<CouponPage> {
  const where = query.search ? ilike(coupons.code, containing(query.search)) : undefined;
  const [rows, [total]] = await Promise.all([
    couponRows(deps.db, where)
      .orderBy(desc(coupons.createdAt), desc(coupons.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(coupons).where(where),
  ]);
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

async function getCoupon(db: Executor, couponId: string): Promise<CouponRow> {
  const [row] = await couponRows(db, eq(coupons.id, couponId));
  if (!row) throw couponNotFound();
  return present(row);
}

/** The columns of a coupon: only the discount of its type is kept (the table's CHECK wants the other empty). */
function columnsOf(input: CouponInput) {
  return {
    code: input.code,
    type: input.type,
    discountAmount: input.type === 'FIXED' ? input.discountAmount : null,
    discountPercentage: input.type === 'PERCENTAGE' ? input.discountPercentage : null,
    validFrom: input.validFrom ? new Date(input.validFrom) : null,
    validUntil: input.validUntil ? new Date(input.validUntil) : null,
    maxUses: input.maxUses,
    eventId: input.eventId,
    active: input.active,
  };
}

/**
 * Runs a coupon change in a transaction: the event it is limited to must exist, and a code another
 * coupon has (in any case: the unique index is on upper(code)) is refused with a field error.
 */
async function saveCoupon(deps: AppDeps, input: CouponInput, write: (tx: Executor) => Promise<string>): Promise<CouponRow> {
  try {
    const couponId = await deps.db.transaction(async (tx) => {
      if (input.eventId && !(await eventExists(tx, input.eventId))) {
        throw badRequest(staffEventMessages.couponEventUnknown, { eventId: staffEventMessages.couponEventUnknown });
      }
      return write(tx);
    });
    return await getCoupon(deps.db, couponId);
  } catch (error) {
    if (violatedUniqueIndex(error) === 'coupons_code_upper') {
      throw conflict(staffEventMessages.couponCodeTaken, { code: staffEventMessages.couponCodeTaken });
    }
    throw error;
  }
}

export async function createCoupon(deps: AppDeps, auth: RequestAuth, input: CouponInput): Promise<CouponRow> {
  return saveCoupon(deps, input, async (tx) => {
    const [created] = await tx.insert(coupons).values(columnsOf(input)).returning({ id: coupons.id });
    if (!created) throw new Error('coupon was not created');
    await audit(tx, { ...actorOf(auth), action: 'coupon.create', subjectType: 'coupon', subjectId: created.id, data: { code: input.code } });
    return created.id;
  });
}

/** A usage limit below the uses already counted is refused in the same conditional UPDATE that saves it. */
export async function updateCoupon(deps: AppDeps, auth: RequestAuth, couponId: string, input: CouponInput): Promise<CouponRow> {
  return saveCoupon(deps, input, async (tx) => {
    const [updated] = await tx
      .update(coupons)
      .set(columnsOf(input))
      .where(and(eq(coupons.id, couponId), input.maxUses === null ? undefined : lte(coupons.timesUsed, input.maxUses)))
      .returning({ id: coupons.id });
    if (!updated) {
      const [current] = await tx.select({ timesUsed: coupons.timesUsed }).from(coupons).where(eq(coupons.id, couponId));
      if (!current) throw couponNotFound();
      const message = staffEventMessages.couponMaxUsesBelowUsed(current.timesUsed);
      throw conflict(message, { maxUses: message });
    }
    await audit(tx, { ...actorOf(auth), action: 'coupon.update', subjectType: 'coupon', subjectId: couponId, data: { code: input.code } });
    return couponId;
  });
}
