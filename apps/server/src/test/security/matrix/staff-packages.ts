import { eq } from 'drizzle-orm';
import { insertPackage, staffOnlyPackageSpec } from '../../../db/seed/demo-packages.ts';
import { contracts } from '../../../db/schema/contracts.ts';
import { schoolYears } from '../../../db/schema/lookups.ts';
import {
  packageEvents,
  packageGroups,
  packageGroupSections,
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequests,
} from '../../../db/schema/packages.ts';
import { multipart, pdf, uniqueName, type World } from '../fixtures.ts';
import { staffOnly, type Rows } from './rows.ts';

/** The staff console's package catalogue editor and contracts: staff only. Each cell edits a package of its own. */

async function schoolYearId(w: World): Promise<string> {
  const [year] = await w.t.deps.db.select({ id: schoolYears.id }).from(schoolYears).limit(1);
  if (!year) throw new Error('no school year');
  return year.id;
}

/** A package with one of each part, nothing requested: every part may be edited or deleted. */
async function freshParts(w: World) {
  const db = w.t.deps.db;
  const packageId = await insertPackage(db, await schoolYearId(w), staffOnlyPackageSpec(uniqueName('Matrix Days')));
  const [grouping] = await db
    .select({ id: packagePdSessionGroupings.id })
    .from(packagePdSessionGroupings)
    .where(eq(packagePdSessionGroupings.packageId, packageId));
  const [session] = grouping
    ? await db
        .select({ id: packagePdSessions.id })
        .from(packagePdSessions)
        .where(eq(packagePdSessions.groupingId, grouping.id))
    : [];
  const [event] = await db
    .insert(packageEvents)
    .values({ packageId, eventId: w.staffDay.event.id, ticketTypeId: w.staffDay.ticketType.id, maxParticipants: 10 })
    .returning({ id: packageEvents.id });
  const [group] = await db
    .insert(packageGroups)
    .values({ packageId, name: 'Group', attendeeCostCents: 100, maxAttendees: 10 })
    .returning({ id: packageGroups.id });
  const [section] = group
    ? await db
        .insert(packageGroupSections)
        .values({ packageGroupId: group.id, title: 'Section', maxTickets: 5 })
        .returning({ id: packageGroupSections.id })
    : [];
  const [institute] = await db
    .insert(packageInstitutes)
    .values({ packageId, eventId: w.staffInstitute.event.id, participantCostCents: 100, maxParticipants: 5 })
    .returning({ id: packageInstitutes.id });
  if (!grouping || !session || !event || !group || !section || !institute) throw new Error('package parts not created');
  return {
    packageId,
    grouping: grouping.id,
    session: session.id,
    event: event.id,
    group: group.id,
    section: section.id,
    institute: institute.id,
  };
}

type Part = Exclude<keyof Awaited<ReturnType<typeof freshParts>>, 'packageId'>;

const grouping = { title: 'Grouping', description: '', minDays: 0 };
const session = {
  name: 'Session',
  description: '',
  setting: 'REMOTE',
  minDays: 1,
  maxDays: 3,
  selectionInterval: 1,
  allowZeroSelection: true,
  useCustomSelection: false,
  customSelections: [],
  dayRate: 1000,
};
const group = {
  name: 'Group',
  description: '',
  requiredForPurchase: false,
  minimumAmount: 0,
  attendeeCost: 100,
  minAttendees: 0,
  maxAttendees: 10,
  enableFreeSeatOffer: false,
  paidSeatsRequiredForOffer: 0,
  freeSeatsInOffer: 0,
};
const section = { title: 'Section', description: '', minTickets: 0, maxTickets: 5, staffDevelopers: '' };
const eventOf = (w: World) => ({
  eventId: w.staffDay.event.id,
  ticketTypeId: w.staffDay.ticketType.id,
  minParticipants: 1,
  maxParticipants: 5,
  selectionInterval: 1,
  allowZeroSelection: true,
});
const instituteOf = (w: World) => ({
  eventId: w.staffInstitute.event.id,
  participantCost: 100,
  minParticipants: 1,
  maxParticipants: 5,
  selectionInterval: 1,
  allowZeroSelection: true,
});
const packageOf = async (w: World) => ({
  name: uniqueName('Matrix Package'),
  schoolYearId: await schoolYearId(w),
  description: '',
  groupsDescription: '',
  eventsDescription: '',
  schoolBasedPDSessionsDescription: '',
  minimumAmount: 0,
  travelCostType: 'FIXED_COST',
  travelCostAmount: 0,
});

const onPart = (part: Part, body?: (w: World) => unknown) => async (w: World) => {
  const parts = await freshParts(w);
  return { params: { id: parts[part] }, ...(body ? { body: body(w) } : {}) };
};
const onPackage = (body: (w: World) => unknown) => async (w: World) => ({
  params: { packageId: (await freshParts(w)).packageId },
  body: body(w),
});

async function freshContract(w: World) {
  const [row] = await w.t.deps.db
    .insert(contracts)
    .values({ organizationId: w.schoolA.organization.id, packageName: 'Matrix Days', totalCents: 100_00 })
    .returning({ id: contracts.id });
  if (!row) throw new Error('contract not created');
  return row.id;
}

async function acceptedRequest(w: World) {
  const packageId = await insertPackage(
    w.t.deps.db,
    await schoolYearId(w),
    staffOnlyPackageSpec(uniqueName('Accepted Days')),
  );
  const [row] = await w.t.deps.db
    .insert(packageRequests)
    .values({ packageId, organizationId: w.schoolA.organization.id, status: 'ACCEPTED' })
    .returning({ id: packageRequests.id });
  if (!row) throw new Error('package request not created');
  return row.id;
}

export const staffPackageRows: Rows = {
  'GET /api/admin/packages/options': { expect: staffOnly(200) },
  'POST /api/admin/packages': { input: async (w) => ({ body: await packageOf(w) }), expect: staffOnly(201) },
  'GET /api/admin/packages/:packageId': {
    input: async (w) => ({ params: { packageId: (await freshParts(w)).packageId } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/packages/:packageId': {
    input: async (w) => ({ params: { packageId: (await freshParts(w)).packageId }, body: await packageOf(w) }),
    expect: staffOnly(200),
  },
  'POST /api/admin/packages/:packageId/pd-session-groupings': {
    input: onPackage(() => grouping),
    expect: staffOnly(201),
  },
  'POST /api/admin/packages/:packageId/events': { input: onPackage(eventOf), expect: staffOnly(201) },
  'POST /api/admin/packages/:packageId/groups': { input: onPackage(() => group), expect: staffOnly(201) },
  'POST /api/admin/packages/:packageId/institutes': { input: onPackage(instituteOf), expect: staffOnly(201) },
  'POST /api/admin/package-pd-session-groupings/:id/pd-sessions': {
    input: onPart('grouping', () => session),
    expect: staffOnly(201),
  },
  'POST /api/admin/package-groups/:id/sections': { input: onPart('group', () => section), expect: staffOnly(201) },
  'PUT /api/admin/package-pd-session-groupings/:id': {
    input: onPart('grouping', () => grouping),
    expect: staffOnly(200),
  },
  'PUT /api/admin/package-pd-sessions/:id': { input: onPart('session', () => session), expect: staffOnly(200) },
  'PUT /api/admin/package-events/:id': { input: onPart('event', eventOf), expect: staffOnly(200) },
  'PUT /api/admin/package-groups/:id': { input: onPart('group', () => group), expect: staffOnly(200) },
  'PUT /api/admin/package-group-sections/:id': { input: onPart('section', () => section), expect: staffOnly(200) },
  'PUT /api/admin/package-institutes/:id': { input: onPart('institute', instituteOf), expect: staffOnly(200) },
  'DELETE /api/admin/package-pd-session-groupings/:id': { input: onPart('grouping'), expect: staffOnly(200) },
  'DELETE /api/admin/package-pd-sessions/:id': { input: onPart('session'), expect: staffOnly(200) },
  'DELETE /api/admin/package-events/:id': { input: onPart('event'), expect: staffOnly(200) },
  'DELETE /api/admin/package-groups/:id': { input: onPart('group'), expect: staffOnly(200) },
  'DELETE /api/admin/package-group-sections/:id': { input: onPart('section'), expect: staffOnly(200) },
  'DELETE /api/admin/package-institutes/:id': { input: onPart('institute'), expect: staffOnly(200) },

  'GET /api/admin/organizations/:organizationId/contracts': {
    input: (w) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: staffOnly(200),
  },
  'POST /api/admin/organizations/:organizationId/contracts': {
    input: async (w) => ({
      params: { organizationId: w.schoolA.organization.id },
      body: { packageRequestId: await acceptedRequest(w), total: 250_000 },
    }),
    expect: staffOnly(201),
  },
  'PUT /api/admin/contracts/:contractId/signed-pdf': {
    input: async (w) => ({ params: { contractId: await freshContract(w) }, ...multipart({}, pdf) }),
    expect: staffOnly(200),
  },
  'GET /api/admin/contracts/:contractId/signed-pdf': {
    input: async (w) => {
      const contractId = await freshContract(w);
      await w.t.deps.storage.put(`contracts/${contractId}.pdf`, pdf, 'application/pdf');
      await w.t.deps.db
        .update(contracts)
        .set({ signedPdfKey: `contracts/${contractId}.pdf` })
        .where(eq(contracts.id, contractId));
      return { params: { contractId } };
    },
    expect: staffOnly(200),
  },
};
