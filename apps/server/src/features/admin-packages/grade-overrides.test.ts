import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { packageMessages } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { fullPackageSpec, insertPackage } from '../../db/seed/demo-packages.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequestInstituteGrades, packageRequests } from '../../db/schema/packages.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

// docs/decisions/0090-staff-override-of-grade-distribution.md
const t = useTestApp();
let staff: Caller;
let owner: Caller;
let ownerUserId: string;
let packageId: string;

const participantCost = 180_000;
const gradeOverride = (id: string, body: unknown, caller = staff) =>
  call(t.app, 'PUT', `/api/admin/package-requests/${id}/grade-overrides`, { caller, body });
const countOverride = (id: string, body: unknown) =>
  call(t.app, 'PUT', `/api/admin/package-requests/${id}/overrides`, { caller: staff, body });
const memberSave = (id: string, body: unknown) =>
  call(t.app, 'PUT', `/api/package-requests/${id}/institute-selection`, { caller: owner, body });

/** A request of a new school whose owner placed 3 participants of the institute: 2 in K, 1 in grade 1. */
async function requestWithGrades() {
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, ownerUserId, 'OWNER');
  const started = await call(t.app, 'POST', `/api/organizations/${organization.id}/package-requests`, {
    caller: owner,
    body: { packageId },
  });
  const id = started.json<{ packageRequest: { id: string } }>().packageRequest.id;
  const detail = (
    await call(t.app, 'GET', `/api/package-requests/${id}`, { caller: owner })
  ).json<PackageRequestDetail>();
  const instituteId = detail.package.institutes[0]?.id ?? '';
  const [preK, k, first, second] = detail.grades;
  if (!preK || !k || !first || !second) throw new Error('grades missing');
  const saved = await memberSave(id, {
    institutes: [
      {
        packageInstituteId: instituteId,
        requestedParticipants: 3,
        grades: [
          { gradeId: k.id, participants: 2 },
          { gradeId: first.id, participants: 1 },
        ],
      },
    ],
  });
  expect(saved.statusCode).toBe(200);
  return { id, instituteId, grades: { preK, k, first, second } };
}

beforeAll(async () => {
  const [year] = await t.deps.db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  const conference = await createEvent(t.deps.db, { kind: 'CONFERENCE_DAY', name: 'Grade Override Conference' });
  const institute = await createEvent(t.deps.db, { kind: 'INSTITUTE', name: 'Grade Override Institute' });
  packageId = await insertPackage(
    t.deps.db,
    year.id,
    fullPackageSpec({
      conference: { eventId: conference.event.id, ticketTypeId: conference.ticketType.id },
      instituteEventId: institute.event.id,
    }),
  );
  staff = (await signedInUser(t, 'STAFF')).caller;
  const member = await signedInUser(t);
  owner = member.caller;
  ownerUserId = member.user.id;
});

describe("staff override of an institute's grade distribution", () => {
  it('replaces every grade, dates it, and makes the institute their sum, priced by the server', async () => {
    const { id, instituteId, grades } = await requestWithGrades();
    const response = await gradeOverride(id, {
      packageInstituteId: instituteId,
      grades: [
        { gradeId: grades.first.id, participants: 1 },
        { gradeId: grades.second.id, participants: 3 },
      ],
      overrideDate: '2026-11-20',
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<PackageRequestDetail>();
    const selection = detail.selections.institutes[0];
    expect(selection).toMatchObject({
      requestedParticipants: 3,
      overrideAmount: 4,
      overrideDate: '2026-11-20',
      createdByInitiator: true,
    });
    // K keeps the member's 2 beside staff's 0, so clearing can bring it back.
    expect(
      Object.fromEntries(selection?.grades.map((g) => [g.gradeId, [g.participants, g.overrideParticipants]]) ?? []),
    ).toEqual({ [grades.k.id]: [2, 0], [grades.first.id]: [1, 1], [grades.second.id]: [0, 3] });
    expect(detail.totals.institutes[0]).toMatchObject({ participants: 4, cost: 4 * participantCost });
    expect(detail.totals.packageCosts.institutes).toBe(4 * participantCost);
  });

  it('locks the grades for the member: a changed distribution is a 400, the same one or none saves and keeps them', async () => {
    const { id, instituteId, grades } = await requestWithGrades();
    const staffGrades = [
      { gradeId: grades.k.id, participants: 1 },
      { gradeId: grades.first.id, participants: 1 },
    ];
    expect((await gradeOverride(id, { packageInstituteId: instituteId, grades: staffGrades })).statusCode).toBe(200);
    const changed = await memberSave(id, {
      institutes: [
        {
          packageInstituteId: instituteId,
          requestedParticipants: 2,
          grades: [{ gradeId: grades.k.id, participants: 2 }],
        },
      ],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().detail).toBe(packageMessages.overriddenLocked);
    const same = await memberSave(id, {
      institutes: [{ packageInstituteId: instituteId, requestedParticipants: 2, grades: staffGrades }],
    });
    expect(same.statusCode).toBe(200);
    const none = await memberSave(id, { institutes: [] });
    expect(none.statusCode).toBe(200);
    const rows = await t.deps.db
      .select()
      .from(packageRequestInstituteGrades)
      .where(eq(packageRequestInstituteGrades.packageRequestId, id));
    expect(rows.map((r) => [r.participants, r.overrideParticipants]).sort()).toEqual([
      [1, 1],
      [2, 1],
    ]);
    const read = (
      await call(t.app, 'GET', `/api/package-requests/${id}`, { caller: owner })
    ).json<PackageRequestDetail>();
    expect(read.totals.institutes[0]?.participants).toBe(2);
  });

  it("refuses a count override that differs from staff's grades (409); clearing brings the member's back", async () => {
    const { id, instituteId, grades } = await requestWithGrades();
    await gradeOverride(id, {
      packageInstituteId: instituteId,
      grades: [{ gradeId: grades.second.id, participants: 5 }],
    });
    const differs = await countOverride(id, { kind: 'institute', itemId: instituteId, amount: 6 });
    expect(differs.statusCode).toBe(409);
    expect(differs.json().detail).toBe(staffPackageMessages.gradesOverridden);
    expect((await countOverride(id, { kind: 'institute', itemId: instituteId, amount: 5 })).statusCode).toBe(200);
    const cleared = await countOverride(id, { kind: 'institute', itemId: instituteId, amount: null });
    expect(cleared.statusCode).toBe(200);
    const selection = cleared.json<PackageRequestDetail>().selections.institutes[0];
    expect(selection).toMatchObject({ requestedParticipants: 3, overrideAmount: null, overrideDate: null });
    expect(selection?.grades.map((g) => [g.gradeId, g.participants, g.overrideParticipants])).toEqual(
      expect.arrayContaining([
        [grades.k.id, 2, null],
        [grades.first.id, 1, null],
      ]),
    );
    expect(selection?.grades).toHaveLength(2);
  });

  it("creates an institute the member left out as staff's, removed again when cleared", async () => {
    const { id, instituteId, grades } = await requestWithGrades();
    expect((await memberSave(id, { institutes: [] })).statusCode).toBe(200);
    const created = await gradeOverride(id, {
      packageInstituteId: instituteId,
      grades: [{ gradeId: grades.preK.id, participants: 2 }],
    });
    expect(created.json<PackageRequestDetail>().selections.institutes[0]).toMatchObject({
      requestedParticipants: 0,
      overrideAmount: 2,
      createdByInitiator: false,
      overrideDate: '2026-11-22',
    });
    const cleared = await countOverride(id, { kind: 'institute', itemId: instituteId, amount: null });
    expect(cleared.json<PackageRequestDetail>().selections.institutes).toEqual([]);
  });

  it('refuses a member (403), bad grades (400), an unknown institute (400) and a decided request (409)', async () => {
    const { id, instituteId, grades } = await requestWithGrades();
    const body = { packageInstituteId: instituteId, grades: [{ gradeId: grades.k.id, participants: 1 }] };
    expect((await gradeOverride(id, body, owner)).statusCode).toBe(403);
    for (const bad of [
      { ...body, grades: [{ gradeId: grades.k.id, participants: 0 }] },
      {
        ...body,
        grades: [
          { gradeId: grades.k.id, participants: 1 },
          { gradeId: grades.k.id, participants: 2 },
        ],
      },
      { ...body, grades: [{ gradeId: grades.k.id, participants: -1 }] },
      { ...body, grades: [{ gradeId: '00000000-0000-4000-8000-000000000000', participants: 1 }] },
      { ...body, packageInstituteId: '00000000-0000-4000-8000-000000000000' },
      { ...body, overrideDate: '11/20/2026' },
    ])
      expect((await gradeOverride(id, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    await t.deps.db.update(packageRequests).set({ status: 'ACCEPTED' }).where(eq(packageRequests.id, id));
    const decided = await gradeOverride(id, body);
    expect(decided.statusCode).toBe(409);
    expect(decided.json().detail).toBe(staffPackageMessages.overrideClosed);
    const overridden = await t.deps.db
      .select()
      .from(packageRequestInstituteGrades)
      .where(
        and(
          eq(packageRequestInstituteGrades.packageRequestId, id),
          eq(packageRequestInstituteGrades.gradeId, grades.k.id),
        ),
      );
    expect(overridden[0]?.overrideParticipants).toBeNull();
  });
});
