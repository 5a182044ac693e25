import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { groupMinimumMessage, minimumDaysMessage, packageMessages } from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail, ServicesReply } from '@portal/domain/packages/contracts.ts';
import { fullPackageSpec, insertPackage, staffOnlyPackageSpec } from '../../db/seed/demo-packages.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequestPdSessions, packageRequests } from '../../db/schema/packages.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { staffWorkItems } from '../../db/schema/staff-notifications.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { pdfText } from '../../test/pdf-text.ts';

const t = useTestApp();

let organizationId: string;
let owner: Caller;
let admin: Caller;
let member: Caller;
let stranger: Caller;
let fullId: string;
let staffOnlyId: string;
let schoolYearId: string;

const services = (caller: Caller, query = '') =>
  call(t.app, 'GET', `/api/organizations/${organizationId}/services${query}`, { caller });
const initiate = (caller: Caller, packageId: string) =>
  call(t.app, 'POST', `/api/organizations/${organizationId}/package-requests`, { caller, body: { packageId } });
const read = (caller: Caller, id: string) => call(t.app, 'GET', `/api/package-requests/${id}`, { caller });
const save = (caller: Caller, id: string, step: string, body: unknown) =>
  call(t.app, 'PUT', `/api/package-requests/${id}/${step}`, { caller, body });

async function start(packageId: string): Promise<PackageRequestDetail> {
  const response = await initiate(owner, packageId);
  expect(response.statusCode).toBe(200);
  return (
    await read(owner, response.json<{ packageRequest: { id: string } }>().packageRequest.id)
  ).json<PackageRequestDetail>();
}

beforeAll(async () => {
  const db = t.deps.db;
  const conference = await createEvent(db, { kind: 'CONFERENCE_DAY', name: 'Fall Conference' });
  const institute = await createEvent(db, { kind: 'INSTITUTE', name: 'Coaching Institute' });
  const [year] = await db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  schoolYearId = year.id;
  fullId = await insertPackage(
    db,
    year.id,
    fullPackageSpec({
      conference: { eventId: conference.event.id, ticketTypeId: conference.ticketType.id },
      instituteEventId: institute.event.id,
    }),
  );
  staffOnlyId = await insertPackage(db, year.id, staffOnlyPackageSpec());
  const organization = await createOrganization(db);
  organizationId = organization.id;
  const people = await Promise.all([signedInUser(t), signedInUser(t), signedInUser(t), signedInUser(t)]);
  const [o, a, m, s] = people;
  if (!o || !a || !m || !s) throw new Error('users missing');
  await addMembership(db, organizationId, o.user.id, 'OWNER');
  await addMembership(db, organizationId, a.user.id, 'ADMIN');
  await addMembership(db, organizationId, m.user.id, 'MEMBER');
  [owner, admin, member, stranger] = [o.caller, a.caller, m.caller, s.caller];
});

describe('Select a Service', () => {
  it('lists the school years with packages and, for the last, the packages not started and the requests', async () => {
    const response = await services(owner);
    expect(response.statusCode).toBe(200);
    const reply = response.json<ServicesReply>();
    expect(reply.schoolYears).toEqual([{ id: schoolYearId, name: '2026-2027' }]);
    expect(reply.schoolYearId).toBe(schoolYearId);
    expect(reply.unstartedPackages.map((p) => [p.name, p.status])).toEqual([
      ['Comprehensive Literacy Partnership', 'NOT_STARTED'],
      ['Staff Development Days', 'NOT_STARTED'],
    ]);
    expect(reply.packageRequests).toEqual([]);
  });

  it('a MEMBER of the organization and a stranger are refused (404); a bad school year is a 400', async () => {
    expect((await services(member)).statusCode).toBe(404);
    expect((await services(stranger)).statusCode).toBe(404);
    expect((await initiate(member, staffOnlyId)).statusCode).toBe(404);
    const bad = await services(owner, '?schoolYearId=last');
    expect(bad.statusCode).toBe(400);
  });

  it('Choose Package is idempotent: a second call, by another manager, opens the same request', async () => {
    const first = await initiate(owner, staffOnlyId);
    const second = await initiate(admin, staffOnlyId);
    expect(first.json()).toEqual(second.json());
    const reply = (await services(owner)).json<ServicesReply>();
    expect(reply.packageRequests).toMatchObject([
      { id: first.json().packageRequest.id, packageId: staffOnlyId, status: 'STARTED' },
    ]);
    expect(reply.unstartedPackages.map((p) => p.id)).toEqual([fullId]);
    const organization = await call(t.app, 'GET', `/api/organizations/${organizationId}`, { caller: owner });
    expect(organization.json().packageRequests).toEqual([
      { id: first.json().packageRequest.id, packageName: 'Staff Development Days', status: 'STARTED' },
    ]);
    expect((await initiate(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('the package request wizard', () => {
  let request: PackageRequestDetail;
  const session = (name: string) =>
    request.package.pdSessionGroupings.flatMap((g) => g.pdSessions).find((s) => s.name === name)?.id ?? '';

  beforeAll(async () => {
    request = await start(fullId);
  });

  it('reads the package with only its steps, and nobody but its managers may open it', async () => {
    expect(request.steps).toEqual([
      'staff-options',
      'event-selection',
      'group-selection',
      'institute-selection',
      'review',
    ]);
    expect(request).toMatchObject({
      status: 'STARTED',
      editable: true,
      totals: { total: { low: 0, high: 0 }, belowMinimum: true },
    });
    expect((await read(member, request.id)).statusCode).toBe(404);
    expect((await read(stranger, request.id)).statusCode).toBe(404);
    expect((await read(admin, request.id)).statusCode).toBe(200);
  });

  it('staff options: amounts must be offered ones; a grouping short of its minimum days is a draft that cannot be submitted', async () => {
    const notOffered = await save(owner, request.id, 'staff-options', {
      pdSessions: [{ pdSessionId: session('Remote Coaching Sessions'), requestedDays: 3 }],
    });
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors[`pdSessions.${session('Remote Coaching Sessions')}`]).toBe(
      packageMessages.notAnOption,
    );
    const short = await save(owner, request.id, 'staff-options', {
      pdSessions: [{ pdSessionId: session('On-site Literacy Coaching'), requestedDays: 3 }],
    });
    expect(short.statusCode).toBe(200);
    const submitShort = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: owner,
      body: { usingPtaFunds: false },
    });
    expect(submitShort.statusCode).toBe(400);
    expect(submitShort.json().detail).toBe(minimumDaysMessage('Literacy Coaching'));
    const saved = await save(owner, request.id, 'staff-options', {
      pdSessions: [
        { pdSessionId: session('On-site Literacy Coaching'), requestedDays: 3 },
        { pdSessionId: session('Remote Coaching Sessions'), requestedDays: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    // 3 × $2,500 + 2 × $1,200; travel is actual cost, so 3 × $450 widens the range.
    expect(saved.json<PackageRequestDetail>().totals).toMatchObject({
      packageCosts: { pdSessions: 990_000 },
      total: { low: 990_000, high: 1_125_000 },
    });
  });

  it('events: participants from the offered list', async () => {
    const eventId = request.package.events[0]?.id ?? '';
    expect(
      (
        await save(owner, request.id, 'event-selection', {
          events: [{ packageEventId: eventId, requestedParticipants: 21 }],
        })
      ).statusCode,
    ).toBe(400);
    const saved = await save(owner, request.id, 'event-selection', {
      events: [{ packageEventId: eventId, requestedParticipants: 4 }],
    });
    expect(saved.json<PackageRequestDetail>().totals.packageCosts.events).toBe(4 * 14_900);
  });

  it("groups: 'Selections Overallocated' past maxAttendees, the required group's minimum at submit, then the free seats", async () => {
    const [cohort, virtual] = request.package.groups[0]?.sections ?? [];
    if (!cohort || !virtual) throw new Error('sections missing');
    const over = await save(owner, request.id, 'group-selection', {
      sections: [{ groupSectionId: cohort.id, requestedParticipants: 13 }],
    });
    expect(over.statusCode).toBe(400);
    const short = await save(owner, request.id, 'group-selection', {
      sections: [{ groupSectionId: cohort.id, requestedParticipants: 2 }],
    });
    expect(short.statusCode).toBe(200);
    const submitShort = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: owner,
      body: { usingPtaFunds: false },
    });
    expect(submitShort.statusCode).toBe(400);
    expect(submitShort.json().detail).toBe(groupMinimumMessage(['Leadership Academy']));
    const saved = await save(owner, request.id, 'group-selection', {
      sections: [
        { groupSectionId: cohort.id, requestedParticipants: 10 },
        { groupSectionId: virtual.id, requestedParticipants: 2 },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PackageRequestDetail>().totals.groups[0]).toMatchObject({
      participants: 12,
      freeSeats: 2,
      cost: 500_000,
    });
  });

  it('institutes: every participant distributed over the grades', async () => {
    const instituteId = request.package.institutes[0]?.id ?? '';
    const [k, first] = request.grades.slice(1, 3);
    if (!k || !first) throw new Error('grades missing');
    const unbalanced = await save(owner, request.id, 'institute-selection', {
      institutes: [
        { packageInstituteId: instituteId, requestedParticipants: 3, grades: [{ gradeId: k.id, participants: 2 }] },
      ],
    });
    expect(unbalanced.statusCode).toBe(400);
    expect(unbalanced.json().detail).toBe(packageMessages.instituteUnbalanced);
    const saved = await save(owner, request.id, 'institute-selection', {
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
    expect(saved.json<PackageRequestDetail>().selections.institutes[0]?.grades).toHaveLength(2);
  });

  it('the review PDF says what the review shows', async () => {
    const response = await call(t.app, 'GET', `/api/package-requests/${request.id}/review.pdf`, { caller: owner });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="package-review.pdf"');
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Comprehensive Literacy Partnership');
    expect(text).toContain('On-site Literacy Coaching: 3 days, $7,500.00');
    expect(text).toContain('Leadership Academy: 12 participants (2 free), $5,000.00');
    expect(text).toContain('Package total: $20,896.00 - $22,246.00');
    // Printed in the provider's zone, named: the paper is read elsewhere and later.
    expect(text).toMatch(/printed \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M E[SD]T/);
    expect(
      (await call(t.app, 'GET', `/api/package-requests/${request.id}/review.pdf`, { caller: member })).statusCode,
    ).toBe(404);
  });

  it("quotes the review to the school: each selection at its cost, travel at its highest, the package's high total", async () => {
    const response = await call(t.app, 'POST', `/api/package-requests/${request.id}/quote`, { caller: owner });
    expect(response.statusCode).toBe(201);
    const quote = response.json();
    expect(quote).toMatchObject({
      number: expect.stringMatching(/^Q-\d{6}$/),
      totalCents: 2_224_600,
      holdsSeats: false,
    });
    const text = await pdfText((await call(t.app, 'GET', quote.pdfUrl, { caller: owner })).rawPayload);
    expect(text).toContain(`Quote number: ${quote.number}`);
    expect(text).toContain('On-site Literacy Coaching: 3 days');
    expect(text).toContain('PD session travel (estimate, billed at actual cost)');
    expect(text).toContain('$22,246.00');
    expect(
      (await call(t.app, 'POST', `/api/package-requests/${request.id}/quote`, { caller: owner })).json().quoteId,
    ).toBe(quote.quoteId);
    expect(
      (await call(t.app, 'POST', `/api/package-requests/${request.id}/quote`, { caller: member })).statusCode,
    ).toBe(404);
  });

  it('submits with usingPtaFunds; a SUBMITTED request refuses every save and a second submit', async () => {
    const submitted = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: owner,
      body: { usingPtaFunds: true },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({ status: 'SUBMITTED', editable: false, usingPtaFunds: true });
    const refused = await save(owner, request.id, 'staff-options', {
      pdSessions: [{ pdSessionId: session('On-site Literacy Coaching'), requestedDays: 4 }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(packageMessages.notEditable);
    expect(
      (
        await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
          caller: owner,
          body: { usingPtaFunds: false },
        })
      ).statusCode,
    ).toBe(409);
  });

  it('mails staff of a submitted request, and of one changed and sent again after staff asked for changes', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const subjects = async () =>
      (await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, staff.user.email))).map(
        (mail) => mail.subject,
      );
    expect(await subjects()).toEqual([]);
    await t.deps.db
      .update(packageRequests)
      .set({ status: 'CHANGES_REQUESTED' })
      .where(eq(packageRequests.id, request.id));
    t.clock.advance(60_000);
    const resent = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: owner,
      body: { usingPtaFunds: true },
    });
    expect(resent.statusCode).toBe(200);
    expect(await subjects()).toEqual(['Package request for Comprehensive Literacy Partnership changed and sent again']);
    const arrivals = await t.deps.db
      .select({ summary: staffWorkItems.summary, path: staffWorkItems.path })
      .from(staffWorkItems)
      .where(eq(staffWorkItems.kind, 'packageRequest'))
      .orderBy(staffWorkItems.createdAt);
    expect(arrivals).toEqual([
      {
        summary: 'New package request for Comprehensive Literacy Partnership',
        path: `/admin/package-requests/${request.id}`,
      },
      {
        summary: 'Package request for Comprehensive Literacy Partnership changed and sent again',
        path: `/admin/package-requests/${request.id}`,
      },
    ]);
  });
});

describe('overrides and the package minimum', () => {
  it('a selection overriden by admin keeps its amount; the package minimum stops a submit', async () => {
    const request = await start(staffOnlyId);
    const sessionId = request.package.pdSessionGroupings[0]?.pdSessions[0]?.id ?? '';
    const belowMinimum = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: owner,
      body: { usingPtaFunds: false },
    });
    expect(belowMinimum.statusCode).toBe(400);
    await t.deps.db.insert(packageRequestPdSessions).values({
      packageRequestId: request.id,
      pdSessionId: sessionId,
      requestedDays: 1,
      overrideDate: '2026-11-20',
      overrideAmount: 2,
      createdByInitiator: false,
    });
    const changed = await save(owner, request.id, 'staff-options', {
      pdSessions: [{ pdSessionId: sessionId, requestedDays: 5 }],
    });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().detail).toBe(packageMessages.overriddenLocked);
    const unchanged = await save(owner, request.id, 'staff-options', {
      pdSessions: [{ pdSessionId: sessionId, requestedDays: 2 }],
    });
    expect(unchanged.statusCode).toBe(200);
    // 2 days × ($3,000 + $300 fixed travel) = $6,600, over the $5,000 minimum.
    expect(unchanged.json<PackageRequestDetail>().totals.total).toEqual({ low: 660_000, high: 660_000 });
    const [row] = await t.deps.db
      .select()
      .from(packageRequestPdSessions)
      .where(eq(packageRequestPdSessions.packageRequestId, request.id));
    expect(row).toMatchObject({ requestedDays: 1, overrideAmount: 2, createdByInitiator: false });
    const submitted = await call(t.app, 'POST', `/api/package-requests/${request.id}/submit`, {
      caller: admin,
      body: { usingPtaFunds: false },
    });
    expect(submitted.statusCode).toBe(200);
    const [saved] = await t.deps.db.select().from(packageRequests).where(eq(packageRequests.id, request.id));
    expect(saved?.status).toBe('SUBMITTED');
  });
});
