import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffEventMessages, type CouponInput, type CouponPage } from '@portal/domain/events/admin-contracts.ts';
import { coupons } from '../../db/schema/commerce.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { createCoupon, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { staffCouponForm } from '../../test/valid-inputs.ts';

const t = useTestApp();

const staff = async () => (await signedInUser(t, 'STAFF')).caller;

let counter = 0;
const couponForm = (fields: Partial<CouponInput> = {}): CouponInput =>
  staffCouponForm(`spring${(counter += 1)}`, fields);

describe('POST /api/admin/coupons', () => {
  it('creates a coupon with its code upper-cased, limited to an event, and audits it', async () => {
    const caller = await staff();
    const { event } = await createEvent(t.deps.db, { name: 'Coupon Event' });
    const response = await call(t.app, 'POST', '/api/admin/coupons', {
      caller,
      body: couponForm({ code: 'save25', eventId: event.id, discountPercentage: 10 }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(String),
      code: 'SAVE25',
      type: 'FIXED',
      discountAmount: 2_500,
      // Only the discount of the coupon's type is kept.
      discountPercentage: null,
      validFrom: '2026-11-01T00:00:00.000Z',
      validUntil: '2027-01-31T23:59:59.000Z',
      maxUses: 100,
      timesUsed: 0,
      eventId: event.id,
      eventName: 'Coupon Event',
      active: true,
    });
    const audits = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, response.json().id));
    expect(audits.map((a) => a.action)).toEqual(['coupon.create']);
  });

  it('refuses a code another coupon has, in any case', async () => {
    const caller = await staff();
    await createCoupon(t.deps.db, { code: 'WELCOME10' });
    const response = await call(t.app, 'POST', '/api/admin/coupons', {
      caller,
      body: couponForm({ code: 'welcome10' }),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      detail: staffEventMessages.couponCodeTaken,
      errors: { code: staffEventMessages.couponCodeTaken },
    });
  });

  it.each([
    ['FIXED', { discountAmount: 0 }, 'discountAmount', staffEventMessages.couponAmountInvalid],
    ['PERCENTAGE', { discountPercentage: 0 }, 'discountPercentage', staffEventMessages.couponPercentInvalid],
    ['PERCENTAGE', { discountPercentage: 101 }, 'discountPercentage', staffEventMessages.couponPercentInvalid],
  ] as const)('refuses a %s coupon with %o', async (type, fields, field, message) => {
    const response = await call(t.app, 'POST', '/api/admin/coupons', {
      caller: await staff(),
      body: couponForm({ type, ...fields }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ [field]: message });
  });

  it('refuses an unknown event', async () => {
    const response = await call(t.app, 'POST', '/api/admin/coupons', {
      caller: await staff(),
      body: couponForm({ eventId: '00000000-0000-4000-8000-000000000000' }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ eventId: staffEventMessages.couponEventUnknown });
  });

  it('refuses members (403) and signed-out callers (401)', async () => {
    const { caller } = await signedInUser(t);
    expect((await call(t.app, 'POST', '/api/admin/coupons', { caller, body: couponForm() })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', '/api/admin/coupons', { body: couponForm() })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/coupons', { caller })).statusCode).toBe(403);
  });
});

describe('PUT /api/admin/coupons/:id', () => {
  it('changes a coupon; refuses another coupon’s code and a limit below the uses already counted', async () => {
    const caller = await staff();
    await createCoupon(t.deps.db, { code: 'TAKEN5' });
    const coupon = await createCoupon(t.deps.db, { code: 'EDITME', maxUses: 10, timesUsed: 4 });

    const taken = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      caller,
      body: couponForm({ code: 'Taken5', maxUses: 10 }),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ code: staffEventMessages.couponCodeTaken });

    const below = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      caller,
      body: couponForm({ code: 'EDITME', maxUses: 3 }),
    });
    expect(below.statusCode).toBe(409);
    expect(below.json().errors).toEqual({ maxUses: staffEventMessages.couponMaxUsesBelowUsed(4) });

    const saved = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      caller,
      body: couponForm({
        code: 'editme',
        type: 'PERCENTAGE',
        discountAmount: 500,
        discountPercentage: 100,
        maxUses: 4,
        active: false,
      }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      code: 'EDITME',
      type: 'PERCENTAGE',
      discountAmount: null,
      discountPercentage: 100,
      maxUses: 4,
      timesUsed: 4,
      active: false,
    });
    const [stored] = await t.deps.db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(stored?.discountAmount).toBeNull();
  });

  it('refuses a validity that ends before it starts, and answers 404 for an unknown coupon', async () => {
    const caller = await staff();
    const coupon = await createCoupon(t.deps.db);
    const reversed = await call(t.app, 'PUT', `/api/admin/coupons/${coupon.id}`, {
      caller,
      body: couponForm({ validFrom: '2027-02-01T00:00:00.000Z', validUntil: '2027-01-01T00:00:00.000Z' }),
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().errors).toEqual({ validUntil: staffEventMessages.couponValidityOrder });
    const unknown = await call(t.app, 'PUT', '/api/admin/coupons/00000000-0000-4000-8000-000000000000', {
      caller,
      body: couponForm(),
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('GET /api/admin/coupons', () => {
  it('lists coupons newest first, searched by code in any case', async () => {
    const caller = await staff();
    await createCoupon(t.deps.db, { code: 'LISTED-ONE' });
    await createCoupon(t.deps.db, {
      code: 'LISTED-TWO',
      type: 'FIXED',
      discountAmount: 1_000,
      discountPercentage: null,
    });
    const response = await call(t.app, 'GET', '/api/admin/coupons?search=listed-&pageSize=10', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 2, page: 1, pageSize: 10 });
    expect(response.json<CouponPage>().items.map((c) => c.code)).toEqual(['LISTED-TWO', 'LISTED-ONE']);
    expect((await call(t.app, 'GET', '/api/admin/coupons?page=0', { caller })).statusCode).toBe(400);
  });
});
