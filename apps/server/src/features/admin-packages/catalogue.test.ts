import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PackageRequestDetail, StaffPackageList } from '@portal/domain/packages/contracts.ts';
import type { PackageEventOptions, StaffPackageDetail } from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { packageRequestEvents, packageRequests, packages } from '../../db/schema/packages.ts';
import { createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();
let staff: Caller;
let member: Caller;
let schoolYearId: string;
let conference: Awaited<ReturnType<typeof createEvent>>;
let other: Awaited<ReturnType<typeof createEvent>>;

const packageBody = (name: string) => ({
  name,
  schoolYearId,
  description: 'Coaching for the whole school',
  groupsDescription: '',
  eventsDescription: 'Conference days',
  schoolBasedPDSessionsDescription: 'Days at your school',
  minimumAmount: 500_000,
  travelCostType: 'ACTUAL_COST',
  travelCostAmount: 40_000,
});
const groupingBody = { title: 'Coaching', description: '', minDays: 2 };
const sessionBody = {
  name: 'Literacy coaching',
  description: '',
  setting: 'ON_SITE',
  minDays: 1,
  maxDays: 6,
  selectionInterval: 1,
  allowZeroSelection: true,
  useCustomSelection: true,
  customSelections: [5, 1, 3],
  dayRate: 300_000,
};
const groupBody = {
  name: 'Leaders',
  description: '',
  requiredForPurchase: true,
  minimumAmount: 100_000,
  attendeeCost: 50_000,
  minAttendees: 0,
  maxAttendees: 20,
  enableFreeSeatOffer: true,
  paidSeatsRequiredForOffer: 5,
  freeSeatsInOffer: 1,
};
const sectionBody = {
  title: 'Virtual cohort',
  description: '',
  minTickets: 0,
  maxTickets: 10,
  staffDevelopers: 'Dana Developer',
};

const post = (url: string, body: unknown, caller = staff) => call(t.app, 'POST', url, { caller, body });

beforeAll(async () => {
  const [year] = await t.deps.db.select().from(schoolYears).where(eq(schoolYears.name, '2026-2027'));
  if (!year) throw new Error('school year missing');
  schoolYearId = year.id;
  staff = (await signedInUser(t, 'STAFF')).caller;
  member = (await signedInUser(t)).caller;
  conference = await createEvent(t.deps.db, { name: 'Winter Conference' });
  other = await createEvent(t.deps.db, { name: 'Spring Institute' });
});

describe('package catalogue editor', () => {
  it('creates a package with every kind of part, and the catalogue lists its steps', async () => {
    const created = await post('/api/admin/packages', packageBody('Whole School Partnership'));
    expect(created.statusCode).toBe(201);
    const pkg = created.json<StaffPackageDetail>();
    expect(pkg).toMatchObject({
      name: 'Whole School Partnership',
      minimumAmount: 500_000,
      travelCost: { type: 'ACTUAL_COST', amountPerDay: 40_000 },
      requests: 0,
    });

    const withGrouping = (
      await post(`/api/admin/packages/${pkg.id}/pd-session-groupings`, groupingBody)
    ).json<StaffPackageDetail>();
    const groupingId = withGrouping.pdSessionGroupings[0]?.id ?? '';
    const withSession = await post(`/api/admin/package-pd-session-groupings/${groupingId}/pd-sessions`, sessionBody);
    expect(withSession.statusCode).toBe(201);
    expect(withSession.json<StaffPackageDetail>().pdSessionGroupings[0]?.pdSessions[0]).toMatchObject({
      name: 'Literacy coaching',
      customSelections: [1, 3, 5],
      dayRate: 300_000,
    });

    const event = {
      eventId: conference.event.id,
      ticketTypeId: conference.ticketType.id,
      minParticipants: 1,
      maxParticipants: 30,
      selectionInterval: 5,
      allowZeroSelection: true,
    };
    const withEvent = (await post(`/api/admin/packages/${pkg.id}/events`, event)).json<StaffPackageDetail>();
    expect(withEvent.events[0]).toMatchObject({
      name: 'Winter Conference',
      price: 14_900,
      ticketTypeId: conference.ticketType.id,
      ticketTypeName: 'General',
      selectionInterval: 5,
    });

    const withGroup = (await post(`/api/admin/packages/${pkg.id}/groups`, groupBody)).json<StaffPackageDetail>();
    const groupId = withGroup.groups[0]?.id ?? '';
    const withSection = (
      await post(`/api/admin/package-groups/${groupId}/sections`, sectionBody)
    ).json<StaffPackageDetail>();
    expect(withSection.groups[0]).toMatchObject({
      freeSeatsInOffer: 1,
      sections: [{ title: 'Virtual cohort', staffDevelopers: 'Dana Developer' }],
    });

    const institute = {
      eventId: other.event.id,
      participantCost: 80_000,
      minParticipants: 1,
      maxParticipants: 10,
      selectionInterval: 1,
      allowZeroSelection: true,
    };
    const withInstitute = (
      await post(`/api/admin/packages/${pkg.id}/institutes`, institute)
    ).json<StaffPackageDetail>();
    expect(withInstitute.institutes[0]).toMatchObject({ name: 'Spring Institute', participantCost: 80_000 });

    const list = (await call(t.app, 'GET', '/api/admin/packages', { caller: staff })).json<StaffPackageList>();
    expect(list.items.find((i) => i.id === pkg.id)?.steps).toEqual([
      'staff-options',
      'event-selection',
      'group-selection',
      'institute-selection',
      'review',
    ]);
  });

  it('edits a package and its parts; deletes a part nobody selected', async () => {
    const pkg = (await post('/api/admin/packages', packageBody('Editing Package'))).json<StaffPackageDetail>();
    const renamed = await call(t.app, 'PUT', `/api/admin/packages/${pkg.id}`, {
      caller: staff,
      body: { ...packageBody('Edited Package'), travelCostType: 'FIXED_COST' },
    });
    expect(renamed.json<StaffPackageDetail>()).toMatchObject({
      name: 'Edited Package',
      travelCost: { type: 'FIXED_COST' },
    });
    const grouping =
      (await post(`/api/admin/packages/${pkg.id}/pd-session-groupings`, groupingBody)).json<StaffPackageDetail>()
        .pdSessionGroupings[0]?.id ?? '';
    const edited = await call(t.app, 'PUT', `/api/admin/package-pd-session-groupings/${grouping}`, {
      caller: staff,
      body: { ...groupingBody, title: 'Coaching days' },
    });
    expect(edited.json<StaffPackageDetail>().pdSessionGroupings[0]?.title).toBe('Coaching days');
    const deleted = await call(t.app, 'DELETE', `/api/admin/package-pd-session-groupings/${grouping}`, {
      caller: staff,
    });
    expect(deleted.json<StaffPackageDetail>().pdSessionGroupings).toEqual([]);
  });

  it('refuses to delete a part a request selected (409), keeping the selection', async () => {
    const pkg = (await post('/api/admin/packages', packageBody('Selected Package'))).json<StaffPackageDetail>();
    const event = {
      eventId: conference.event.id,
      ticketTypeId: conference.ticketType.id,
      minParticipants: 1,
      maxParticipants: 30,
      selectionInterval: 1,
      allowZeroSelection: true,
    };
    const packageEventId =
      (await post(`/api/admin/packages/${pkg.id}/events`, event)).json<StaffPackageDetail>().events[0]?.id ?? '';
    const organization = await createOrganization(t.deps.db);
    const [request] = await t.deps.db
      .insert(packageRequests)
      .values({ packageId: pkg.id, organizationId: organization.id })
      .returning();
    await t.deps.db
      .insert(packageRequestEvents)
      .values({ packageRequestId: request?.id ?? '', packageEventId, requestedParticipants: 4 });
    const refused = await call(t.app, 'DELETE', `/api/admin/package-events/${packageEventId}`, { caller: staff });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(staffPackageMessages.inUse);
    expect(
      await t.deps.db
        .select()
        .from(packageRequestEvents)
        .where(eq(packageRequestEvents.packageEventId, packageEventId)),
    ).toHaveLength(1);
  });

  it('refuses bad input per field (400): max below min, a ticket type of another event, custom selections missing, a taken name (409)', async () => {
    const pkg = (await post('/api/admin/packages', packageBody('Checked Package'))).json<StaffPackageDetail>();
    const backwards = await post(`/api/admin/packages/${pkg.id}/events`, {
      eventId: conference.event.id,
      ticketTypeId: conference.ticketType.id,
      minParticipants: 9,
      maxParticipants: 3,
      selectionInterval: 1,
      allowZeroSelection: false,
    });
    expect(backwards.statusCode).toBe(400);
    const foreign = await post(`/api/admin/packages/${pkg.id}/events`, {
      eventId: conference.event.id,
      ticketTypeId: other.ticketType.id,
      minParticipants: 1,
      maxParticipants: 3,
      selectionInterval: 1,
      allowZeroSelection: false,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ ticketTypeId: staffPackageMessages.ticketTypeOfEvent });
    const grouping =
      (await post(`/api/admin/packages/${pkg.id}/pd-session-groupings`, groupingBody)).json<StaffPackageDetail>()
        .pdSessionGroupings[0]?.id ?? '';
    const noCustom = await post(`/api/admin/package-pd-session-groupings/${grouping}/pd-sessions`, {
      ...sessionBody,
      customSelections: [],
    });
    expect(noCustom.statusCode).toBe(400);
    const taken = await post('/api/admin/packages', packageBody('Checked Package'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe(staffPackageMessages.nameTaken);
    expect(await t.deps.db.select().from(packages).where(eq(packages.name, 'Checked Package'))).toHaveLength(1);
  });

  it('refuses members (403) on every kind of call, and answers 404 for an unknown package or part', async () => {
    expect((await post('/api/admin/packages', packageBody('Member Package'), member)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/packages/options', { caller: member })).statusCode).toBe(403);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(t.app, 'GET', `/api/admin/packages/${unknown}`, { caller: staff })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/admin/package-groups/${unknown}`, { caller: staff })).statusCode).toBe(
      404,
    );
    expect((await post(`/api/admin/packages/${unknown}/groups`, groupBody)).statusCode).toBe(404);
  });

  it('offers the events with their ticket types, and the school years', async () => {
    const options = (
      await call(t.app, 'GET', '/api/admin/packages/options', { caller: staff })
    ).json<PackageEventOptions>();
    expect(options.events.find((e) => e.id === conference.event.id)?.ticketTypes).toEqual([
      { id: conference.ticketType.id, name: 'General', priceCents: 14_900 },
    ]);
    expect(options.schoolYears.map((y) => y.id)).toContain(schoolYearId);
  });

  it('a member of the organization sees a package staff built in the wizard', async () => {
    const pkg = (await post('/api/admin/packages', packageBody('Visible Package'))).json<StaffPackageDetail>();
    const grouping =
      (await post(`/api/admin/packages/${pkg.id}/pd-session-groupings`, groupingBody)).json<StaffPackageDetail>()
        .pdSessionGroupings[0]?.id ?? '';
    await post(`/api/admin/package-pd-session-groupings/${grouping}/pd-sessions`, sessionBody);
    const owner = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, owner.user.id, 'OWNER');
    const started = await call(t.app, 'POST', `/api/organizations/${organization.id}/package-requests`, {
      caller: owner.caller,
      body: { packageId: pkg.id },
    });
    const requestId = started.json<{ packageRequest: { id: string } }>().packageRequest.id;
    const read = (
      await call(t.app, 'GET', `/api/package-requests/${requestId}`, { caller: owner.caller })
    ).json<PackageRequestDetail>();
    expect(read.steps).toEqual(['staff-options', 'review']);
    expect(read.package.pdSessionGroupings[0]?.pdSessions[0]?.customSelections).toEqual([1, 3, 5]);
  });
});
