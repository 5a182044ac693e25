import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageMessages } from '@portal/domain/packages/rules.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import type {
  PackageRequestDetail,
  StaffPackageList,
  StaffPackageRequestPage,
} from '@portal/domain/packages/contracts.ts';
import { insertPackage, staffOnlyPackageSpec } from '../../db/seed/demo-packages.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequestPdSessions, packageRequests } from '../../db/schema/packages.ts';
import { signedInUser } from '../../test/commerce-factories.ts';
import { readCsv } from '../../test/exports.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
let staff: Caller;
let owner: Caller;
let packageId: string;
let sessionId: string;
let organizationId: string;
let ownerUserId: string;

/** A new school the owner runs, with no request yet. */
async function ownedOrganization() {
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, ownerUserId, 'OWNER');
  return organization.id;
}

async function request(status: 'STARTED' | 'SUBMITTED' | 'ACCEPTED' | 'REJECTED', days = 2, organizationId?: string) {
  const organization = organizationId ?? (await createOrganization(t.deps.db)).id;
  const [row] = await t.deps.db
    .insert(packageRequests)
    .values({ packageId, organizationId: organization, status })
    .returning();
  if (!row) throw new Error('request not created');
  await t.deps.db
    .insert(packageRequestPdSessions)
    .values({ packageRequestId: row.id, pdSessionId: sessionId, requestedDays: days });
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
  ownerUserId = member.user.id;
  const detail = (await call(t.app, 'GET', '/api/admin/packages', { caller: staff })).json<StaffPackageList>();
  expect(detail.items.map((i) => i.name)).toEqual(['Staff Development Days']);
  const [requestRow] = await t.deps.db.insert(packageRequests).values({ packageId, organizationId }).returning();
  const read = await call(t.app, 'GET', `/api/package-requests/${requestRow?.id ?? ''}`, { caller: owner });
  sessionId = read.json<PackageRequestDetail>().package.pdSessionGroupings[0]?.pdSessions[0]?.id ?? '';
});

describe('staff package console', () => {
  it('lists the catalogue with its steps and request counts; a member is refused', async () => {
    const response = await call(t.app, 'GET', '/api/admin/packages', { caller: staff });
    expect(response.json<StaffPackageList>().items[0]).toMatchObject({
      name: 'Staff Development Days',
      steps: ['staff-options', 'review'],
      requests: 1,
      travelCostType: 'FIXED_COST',
    });
    expect((await call(t.app, 'GET', '/api/admin/packages', { caller: owner })).statusCode).toBe(403);
  });

  it('lists requests by status, paged; a bad status is a 400', async () => {
    const id = await request('SUBMITTED');
    const page = (
      await call(t.app, 'GET', '/api/admin/package-requests?status=SUBMITTED', { caller: staff })
    ).json<StaffPackageRequestPage>();
    expect(page.items.map((i) => i.id)).toContain(id);
    expect(page.items.every((i) => i.status === 'SUBMITTED')).toBe(true);
    expect((await call(t.app, 'GET', '/api/admin/package-requests?status=DONE', { caller: staff })).statusCode).toBe(
      400,
    );
  });

  it('accepts a submitted request, refuses to accept it twice, and reopens it', async () => {
    const id = await request('SUBMITTED');
    const decide = (action: string) =>
      call(t.app, 'POST', `/api/admin/package-requests/${id}/decision`, { caller: staff, body: { action } });
    expect((await decide('accept')).json()).toMatchObject({ status: 'ACCEPTED' });
    const again = await decide('accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(packageMessages.cannotTransition);
    expect((await decide('reopen')).json()).toMatchObject({ status: 'REOPENED', editable: true });
    expect(
      (
        await call(t.app, 'POST', `/api/admin/package-requests/${id}/decision`, {
          caller: owner,
          body: { action: 'accept' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('overrides an amount (the total follows), clears it, and refuses an item of another package', async () => {
    const id = await request('SUBMITTED', 2);
    const override = (body: unknown) =>
      call(t.app, 'PUT', `/api/admin/package-requests/${id}/overrides`, { caller: staff, body });
    const set = await override({ kind: 'pdSession', itemId: sessionId, amount: 4 });
    expect(set.statusCode).toBe(200);
    const detail = set.json<PackageRequestDetail>();
    expect(detail.selections.pdSessions[0]).toMatchObject({
      requestedDays: 2,
      overrideAmount: 4,
      overrideDate: '2026-11-22',
      createdByInitiator: true,
    });
    expect(detail.totals.total.low).toBe(4 * 330_000);
    const cleared = (
      await override({ kind: 'pdSession', itemId: sessionId, amount: null })
    ).json<PackageRequestDetail>();
    expect(cleared.selections.pdSessions[0]).toMatchObject({ requestedDays: 2, overrideDate: null });
    const foreign = await override({ kind: 'event', itemId: sessionId, amount: 1 });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('staff package review: every decision, and only from the statuses that allow it', () => {
  const decide = (id: string, action: string, caller = staff) =>
    call(t.app, 'POST', `/api/admin/package-requests/${id}/decision`, { caller, body: { action } });

  it.each([
    ['reject', 'SUBMITTED', 200, 'REJECTED'],
    ['requestChanges', 'SUBMITTED', 200, 'CHANGES_REQUESTED'],
    ['reopen', 'REJECTED', 200, 'REOPENED'],
    ['reopen', 'ACCEPTED', 200, 'REOPENED'],
    ['requestChanges', 'STARTED', 409, 'STARTED'],
    ['reject', 'ACCEPTED', 409, 'ACCEPTED'],
    ['reopen', 'SUBMITTED', 409, 'SUBMITTED'],
    ['accept', 'STARTED', 409, 'STARTED'],
  ] as const)('%s from %s answers %i and leaves it %s', async (action, from, status, after) => {
    const id = await request(from);
    const response = await decide(id, action);
    expect(response.statusCode).toBe(status);
    if (status === 409) expect(response.json().detail).toBe(packageMessages.cannotTransition);
    const [row] = await t.deps.db
      .select({ status: packageRequests.status })
      .from(packageRequests)
      .where(eq(packageRequests.id, id));
    expect(row?.status).toBe(after);
  });

  it('refuses a member (403), an unknown action (400) and an unknown request (404)', async () => {
    const id = await request('SUBMITTED');
    expect((await decide(id, 'reject', owner)).statusCode).toBe(403);
    expect((await decide(id, 'approve')).statusCode).toBe(400);
    expect((await decide('00000000-0000-4000-8000-000000000000', 'reject')).statusCode).toBe(404);
  });

  it('after changes are requested the member may edit the request again', async () => {
    const id = await request('SUBMITTED', 2, await ownedOrganization());
    expect((await decide(id, 'requestChanges')).json()).toMatchObject({ status: 'CHANGES_REQUESTED', editable: true });
    const saved = await call(t.app, 'PUT', `/api/package-requests/${id}/staff-options`, {
      caller: owner,
      body: { pdSessions: [{ pdSessionId: sessionId, requestedDays: 3 }] },
    });
    expect(saved.statusCode).toBe(200);
  });
});

describe('staff overrides: amounts, dates and selections created as admin', () => {
  const override = (id: string, body: unknown, caller = staff) =>
    call(t.app, 'PUT', `/api/admin/package-requests/${id}/overrides`, { caller, body });

  it("creates a selection the member never made as staff's, dated as given, which the member sees as created by admin", async () => {
    const id = await request('SUBMITTED', 0, await ownedOrganization());
    await t.deps.db.delete(packageRequestPdSessions).where(eq(packageRequestPdSessions.packageRequestId, id));
    const response = await override(id, {
      kind: 'pdSession',
      itemId: sessionId,
      amount: 3,
      overrideDate: '2026-11-20',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<PackageRequestDetail>().selections.pdSessions).toEqual([
      {
        pdSessionId: sessionId,
        requestedDays: 0,
        overrideAmount: 3,
        overrideDate: '2026-11-20',
        createdByInitiator: false,
      },
    ]);
    const seen = (
      await call(t.app, 'GET', `/api/package-requests/${id}`, { caller: owner })
    ).json<PackageRequestDetail>();
    expect(seen.selections.pdSessions[0]).toMatchObject({ createdByInitiator: false, overrideAmount: 3 });
    expect(seen.totals.pdSessions[0]?.days).toBe(3);
    const cleared = (
      await override(id, { kind: 'pdSession', itemId: sessionId, amount: null })
    ).json<PackageRequestDetail>();
    expect(cleared.selections.pdSessions).toEqual([]);
  });

  it('refuses to override a decided request (409) and writes nothing', async () => {
    const id = await request('ACCEPTED', 2);
    const response = await override(id, { kind: 'pdSession', itemId: sessionId, amount: 5 });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(staffPackageMessages.overrideClosed);
    const [row] = await t.deps.db
      .select()
      .from(packageRequestPdSessions)
      .where(eq(packageRequestPdSessions.packageRequestId, id));
    expect(row).toMatchObject({ requestedDays: 2, overrideAmount: null, overrideDate: null });
  });

  it('refuses a member (403), a negative amount and a bad date (400)', async () => {
    const id = await request('SUBMITTED', 2);
    expect((await override(id, { kind: 'pdSession', itemId: sessionId, amount: 3 }, owner)).statusCode).toBe(403);
    expect((await override(id, { kind: 'pdSession', itemId: sessionId, amount: -1 })).statusCode).toBe(400);
    expect(
      (await override(id, { kind: 'pdSession', itemId: sessionId, amount: 1, overrideDate: '11/20/2026' })).statusCode,
    ).toBe(400);
  });

  it("lists one organization's requests; a malformed organization id is a 400", async () => {
    const page = (
      await call(t.app, 'GET', `/api/admin/package-requests?organizationId=${organizationId}`, { caller: staff })
    ).json<StaffPackageRequestPage>();
    expect(page.items.length).toBeGreaterThan(0);
    expect(page.items.every((row) => row.organizationName === page.items[0]?.organizationName)).toBe(true);
    expect(
      (await call(t.app, 'GET', '/api/admin/package-requests?organizationId=nope', { caller: staff })).statusCode,
    ).toBe(400);
  });
});

describe('the staff request list: search and export', () => {
  /** A submitted request of a named school, started by a named member, whose PD session staff overrode. */
  async function searchableRequest() {
    const tag = crypto.randomUUID().slice(0, 6);
    const organization = await createOrganization(t.deps.db, `Harbor ${tag} Elementary`);
    const starter = await createUser(t.deps.db, { firstName: 'Pia', lastName: `Starter${tag}` });
    const [row] = await t.deps.db
      .insert(packageRequests)
      .values({
        packageId,
        organizationId: organization.id,
        status: 'SUBMITTED',
        createdById: starter.id,
        usingPtaFunds: true,
      })
      .returning();
    if (!row) throw new Error('request not created');
    await t.deps.db.insert(packageRequestPdSessions).values({
      packageRequestId: row.id,
      pdSessionId: sessionId,
      requestedDays: 2,
      overrideDate: '2026-11-20',
      overrideAmount: 3,
      createdByInitiator: false,
    });
    return { tag, organization, starter, id: row.id };
  }

  it('searches by organization, package or who started it, with the status filter', async () => {
    const w = await searchableRequest();
    const list = async (query: string) =>
      (
        await call(t.app, 'GET', `/api/admin/package-requests?${query}`, { caller: staff })
      ).json<StaffPackageRequestPage>();
    expect((await list(`search=harbor ${w.tag}`)).items).toEqual([
      expect.objectContaining({ id: w.id, requestedBy: { name: `Pia Starter${w.tag}`, email: w.starter.email } }),
    ]);
    expect((await list(`search=${w.starter.email}&status=SUBMITTED`)).items.map((i) => i.id)).toEqual([w.id]);
    expect((await list(`search=${w.starter.email}&status=ACCEPTED`)).total).toBe(0);
    expect((await list('search=Staff Development Days&pageSize=1')).total).toBeGreaterThan(1);
  });

  it('exports one row per selection with staff’s override beside what was requested', async () => {
    const w = await searchableRequest();
    const bare = await request('SUBMITTED', 1, (await createOrganization(t.deps.db, `Harbor ${w.tag} Middle`)).id);
    await t.deps.db.delete(packageRequestPdSessions).where(eq(packageRequestPdSessions.packageRequestId, bare));
    const filters = `search=${encodeURIComponent(`harbor ${w.tag}`)}&status=SUBMITTED`;
    const list = (
      await call(t.app, 'GET', `/api/admin/package-requests?${filters}`, { caller: staff })
    ).json<StaffPackageRequestPage>();
    const file = await call(t.app, 'GET', `/api/admin/package-requests/export?${filters}&format=csv`, {
      caller: staff,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="package-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = readCsv(file.body);
    expect(header).toEqual([
      'Request id',
      'Package',
      'Organization',
      'Requested by',
      'Requester email',
      'Status',
      'Submitted',
      'Updated',
      'Using PTA funds',
      'Selection',
      'Name',
      'Requested',
      'Override date',
      'Override amount',
      'Created by admin',
      'Participant distribution',
    ]);
    expect(rows.map((row) => row[0])).toEqual(list.items.map((item) => item.id));
    const overridden = rows.find((row) => row[0] === w.id);
    expect(overridden).toEqual([
      w.id,
      'Staff Development Days',
      `Harbor ${w.tag} Elementary`,
      `Pia Starter${w.tag}`,
      w.starter.email,
      'Submitted',
      '',
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/),
      'Yes',
      'PD session',
      'On-site Staff Development Day',
      '2',
      '11/20/2026',
      '3',
      'Yes',
      '',
    ]);
    expect(rows.find((row) => row[0] === bare)?.slice(9)).toEqual(['', '', '', '', '', '', '']);
  });

  it('refuses a member (403) and a bad format or status (400)', async () => {
    expect(
      (await call(t.app, 'GET', '/api/admin/package-requests/export?format=csv', { caller: owner })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/admin/package-requests/export?format=doc', { caller: staff })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/package-requests/export?format=csv&status=DONE', { caller: staff }))
        .statusCode,
    ).toBe(400);
  });
});
