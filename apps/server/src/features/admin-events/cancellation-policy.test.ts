import { describe, expect, it } from 'vitest';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('PUT /api/admin/events/:id/cancellation-policy', () => {
  it('staff set the policy; the event page says it; a member is refused; a bad policy is a 400', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const member = await signedInUser(t);
    const { event } = await createEvent(t.deps.db);
    const url = `/api/admin/events/${event.id}/cancellation-policy`;
    const fresh = await call(t.app, 'GET', url, { caller: staff.caller });
    expect(fresh.json()).toEqual({
      buyerCancelDaysBefore: null,
      feeType: 'NONE',
      feeValue: 0,
      purchaseOrderRefund: 'REQUEST',
    });
    const policy = { buyerCancelDaysBefore: 14, feeType: 'PERCENT', feeValue: 10, purchaseOrderRefund: 'CREDIT_NOTE' };
    const saved = await call(t.app, 'PUT', url, { caller: staff.caller, body: policy });
    expect(saved.json()).toEqual(policy);
    const page = await call(t.app, 'GET', `/api/catalogue/events/${event.id}`, { caller: member.caller });
    expect(page.json<{ cancellationPolicy: string }>().cancellationPolicy).toBe(
      'Cancellation: tickets can be cancelled until 14 days before the event starts for a refund of what was paid, less a fee of 10% per ticket. Purchase-order payments are refunded by a credit note settled by the finance office.',
    );
    expect((await call(t.app, 'PUT', url, { caller: member.caller, body: policy })).statusCode).toBe(403);
    const bad = await call(t.app, 'PUT', url, { caller: staff.caller, body: { ...policy, feeValue: 150 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('A percentage is at most 100');
    // A fixed fee past what the column holds is the form's 400, not the database's 500 (the fuzz found it).
    const huge = { ...policy, feeType: 'FIXED', feeValue: Number.MAX_SAFE_INTEGER };
    const tooLarge = await call(t.app, 'PUT', url, { caller: staff.caller, body: huge });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toContain('This amount is too large');
  });
});
