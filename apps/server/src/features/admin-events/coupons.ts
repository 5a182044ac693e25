import type { z } from 'zod';
import {
  staffEventMessages,
  type couponInput,
  type CouponPage,
  type CouponRow,
} from '@portal/domain/events/admin-contracts.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import type { coupons } from '../../db/schema/commerce.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  couponPage,
  couponTimesUsed,
  eventExists,
  findListedCoupon,
  insertCoupon,
  updateCouponWithinUses,
  type StoredCoupon,
} from './repository.ts';

type CouponInput = z.output<typeof couponInput>;

interface Search {
  search?: string;
  page: number;
  pageSize: number;
}

const couponNotFound = () => notFound('No such coupon.');

const present = (row: StoredCoupon): CouponRow => ({
  ...row,
  validFrom: row.validFrom?.toISOString() ?? null,
  validUntil: row.validUntil?.toISOString() ?? null,
});

/** Coupons newest first, searched by code (codes are stored upper-case). */
export async function listCoupons(deps: AppDeps, query: Search): Promise<CouponPage> {
  const { rows, total } = await couponPage(deps.db, query);
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total };
}

async function getCoupon(db: Executor, couponId: string): Promise<CouponRow> {
  const row = await findListedCoupon(db, couponId);
  if (!row) throw couponNotFound();
  return present(row);
}

/** The columns of a coupon: only the discount of its type is kept (the table's CHECK wants the other empty). */
function columnsOf(input: CouponInput): typeof coupons.$inferInsert {
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
async function saveCoupon(
  deps: AppDeps,
  input: CouponInput,
  write: (tx: Executor) => Promise<string>,
): Promise<CouponRow> {
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
    const created = await insertCoupon(tx, columnsOf(input));
    if (!created) throw new Error('coupon was not created');
    await audit(tx, {
      ...actorOf(auth),
      action: 'coupon.create',
      subjectType: 'coupon',
      subjectId: created,
      data: { code: input.code },
    });
    return created;
  });
}

/** A usage limit below the uses already counted is refused in the same conditional UPDATE that saves it. */
export async function updateCoupon(
  deps: AppDeps,
  auth: RequestAuth,
  couponId: string,
  input: CouponInput,
): Promise<CouponRow> {
  return saveCoupon(deps, input, async (tx) => {
    if (!(await updateCouponWithinUses(tx, couponId, columnsOf(input)))) {
      const timesUsed = await couponTimesUsed(tx, couponId);
      if (timesUsed === undefined) throw couponNotFound();
      const message = staffEventMessages.couponMaxUsesBelowUsed(timesUsed);
      throw conflict(message, { maxUses: message });
    }
    await audit(tx, {
      ...actorOf(auth),
      action: 'coupon.update',
      subjectType: 'coupon',
      subjectId: couponId,
      data: { code: input.code },
    });
    return couponId;
  });
}
