import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageMessages } from '@portal/domain/package-rules.ts';
import type { PackageRequestDetail, StaffPackageList, StaffPackageRequestPage } from '@portal/domain/packages.ts';
import { insertPackage, staffOnlyPackageSpec } from '../../db/seed/demo-packages.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequestPdSessions, packageRequests } from '../../db/schema/packages.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
let staff: Caller;
let owner: Caller;
let packageId: string;
let sessionId: string;
let organizationId: string;

async function request(status: 'STARTED' | 'SUBMITTED', days = 2) {
  const organization = await createOrganization(t.deps.db);
  const [row] = await t.deps.db.insert(packageRequests).values({ packageId, organizationId: organization.id, status }).returning();
  if (!row) throw new Error('request not created');
  await t.deps.db.insert(packageRequestPdSessions).values({ packageRequestId: row.id, pdSessionId: sessionId, requestedDays: days });
  return row.id;
}

beforeAll(async () => {
  const [year] = await t.deps.db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  packageId = await insertPackage(t.deps.db, year.id, staffOnlyPackageSpec());
  staff = (await signedInUser(t, 'STAFF')).caller;
  const member = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  organizationId = organization.id;
  await addMembership(t.deps.db, organizationId, member.user.id, 'OWNER');
  owner = member.caller;
  const detail = (await call(t.app, 'GET', '/api/admin/packages', { caller: staff })).json<StaffPackageList>();
  expect(detail.items.map((i) => i.name)).toEqual(['Staff Development Days']);
  const [requestRow] = await t.deps.db.insert(packageRequests).values({ packageId, organizationId }).returning();
  const read = await call(t.app, 'GET', `/api/package-requests/${requestRow?.id ?? ''}`, { caller: owner });
  sessionId = read.json<PackageRequestDetail>().package.pdSessionGroupings[0]?.pdSessions[0]?.id ?? '';
});

describe('staff package console', () => {
  it('lists the catalogue with its steps and request counts; a member is refused', async () => {
    const response = await call(t.app, 'GET', '/api/admin/packages', { caller: staff });
    expect(response.json<StaffPackageList>().items[0]).toMatchObject({ name: 'Staff Development Days', steps: ['staff-options', 'review'], requests: 1, travelCostType: 'FIXED_COST' });
    expect((await call(t.app, 'GET', '/api/admin/packages', { caller: owner })).statusCode).toBe(403);
  });

  it('lists requests by status, paged; a bad status is a 400', async () => {
    const id = await request('SUBMITTED');
    const page = (await call(t.app, 'GET', '/api/admin/package-requests?status=SUBMITTED', { caller: staff })).json<StaffPackageRequestPage>();
    expect(page.items.map((i) => i.id)).toContain(id);
    expect(page.items.every((i) => i.status === 'SUBMITTED')).toBe(true);
    expect((await call(t.app, 'GET', '/api/admin/package-requests?status=DONE', { caller: staff })).statusCode).toBe(400);
  });

  it('accepts a submitted request, refuses to accept it twice, and reopens it', async () => {
    const id = await request('SUBMITTED');
    const decide = (action: string) => call(t.app, 'POST', `/api/admin/package-requests/${id}/decision`, { caller: staff, body: { action } });
    expect((await decide('accept')).json()).toMatchObject({ status: 'ACCEPTED' });
    const again = await decide('accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(packageMessages.cannotTransition);
    expect((await decide('reopen')).json()).toMatchObject({ status: 'REOPENED', editable: true });
    expect((await call(t.app, 'POST', `/api/admin/package-requests/${id}/decision`, { caller: owner, body: { action: 'accept' } })).statusCode).toBe(403);
  });

  it('overrides an amount (the total follows), clears it, and refuses an item of another package', async () => {
    const id = await request('SUBMITTED', 2);
    const override = (body: unknown) => call(t.app, 'PUT', `/api/admin/package-requests/${id}/overrides`, { caller: staff, body });
    const set = await override({ kind: 'pdSession', itemId: sessionId, amount: 4 });
    expect(set.statusCode).toBe(200);
    const detail = set.json<PackageRequestDetail>();
    expect(detail.selections.pdSessions[0]).toMatchObject({ requestedDays: 2, overrideAmount: 4, overrideDate: '2026-11-22', createdByInitiator: true });
    expect(detail.totals.total.low).toBe(4 * 330_000);
    const cleared = (await override({ kind: 'pdSession', itemId: sessionId, amount: null })).json<PackageRequestDetail>();
    expect(cleared.selections.pdSessions[0]).toMatchObject({ requestedDays: 2, overrideDate: null });
    const foreign = await override({ kind: 'event', itemId: sessionId, amount: 1 });
    expect(foreign.statusCode).toBe(400);
  });
});
