import { eq } from 'drizzle-orm';
import { insertPackage, staffOnlyPackageSpec } from '../../../db/seed/demo-packages.ts';
import { grades, schoolYears } from '../../../db/schema/lookups.ts';
import {
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequestPdSessions,
  packageRequests,
} from '../../../db/schema/packages.ts';
import { uniqueName, type World } from '../fixtures.ts';
import { managersOfA, staffOnly, type Rows } from './rows.ts';

/**
 * Managed-services packages: school A's requests, opened only by its OWNER and ADMIN. Each cell gets
 * a package of its own (one request per package and school), its request holding 2 of its days.
 */
async function freshPackage(w: World): Promise<{ packageId: string; pdSessionId: string }> {
  const db = w.t.deps.db;
  const [year] = await db.select({ id: schoolYears.id }).from(schoolYears).limit(1);
  if (!year) throw new Error('no school year');
  const packageId = await insertPackage(db, year.id, staffOnlyPackageSpec(uniqueName('Staff Days')));
  const [session] = await db
    .select({ id: packagePdSessions.id })
    .from(packagePdSessions)
    .innerJoin(packagePdSessionGroupings, eq(packagePdSessionGroupings.id, packagePdSessions.groupingId))
    .where(eq(packagePdSessionGroupings.packageId, packageId));
  if (!session) throw new Error('package session not created');
  return { packageId, pdSessionId: session.id };
}

async function freshRequest(
  w: World,
  status: 'STARTED' | 'SUBMITTED' | 'ACCEPTED' = 'STARTED',
): Promise<{ packageRequestId: string; pdSessionId: string }> {
  const { packageId, pdSessionId } = await freshPackage(w);
  const [request] = await w.t.deps.db
    .insert(packageRequests)
    .values({ packageId, organizationId: w.schoolA.organization.id, status })
    .returning({ id: packageRequests.id });
  if (!request) throw new Error('package request not created');
  await w.t.deps.db
    .insert(packageRequestPdSessions)
    .values({ packageRequestId: request.id, pdSessionId, requestedDays: 2 });
  return { packageRequestId: request.id, pdSessionId };
}

const onRequest = (body?: (pdSessionId: string) => unknown) => async (w: World) => {
  const { packageRequestId, pdSessionId } = await freshRequest(w);
  return { params: { packageRequestId }, ...(body ? { body: body(pdSessionId) } : {}) };
};

/** Package ticket assignment: an accepted request of school A (its OWNER and ADMIN assign; saving nothing changes nothing). */
const onAccepted = (body?: unknown) => async (w: World) => {
  const { packageRequestId } = await freshRequest(w, 'ACCEPTED');
  return { params: { packageRequestId }, ...(body === undefined ? {} : { body }) };
};

/** A submitted request of a package with an institute (staff's own institute event), and a grade to give it. */
async function requestWithInstitute(w: World) {
  const db = w.t.deps.db;
  const [year] = await db.select({ id: schoolYears.id }).from(schoolYears).limit(1);
  const [grade] = await db.select({ id: grades.id }).from(grades).limit(1);
  if (!year || !grade) throw new Error('no school year or grade');
  const packageId = await insertPackage(db, year.id, {
    ...staffOnlyPackageSpec(uniqueName('Institute Days')),
    institutes: [
      { eventId: w.staffInstitute.event.id, participantCostCents: 10_000, minParticipants: 1, maxParticipants: 5 },
    ],
  });
  const [institute] = await db
    .select({ id: packageInstitutes.id })
    .from(packageInstitutes)
    .where(eq(packageInstitutes.packageId, packageId));
  const [request] = await db
    .insert(packageRequests)
    .values({ packageId, organizationId: w.schoolA.organization.id, status: 'SUBMITTED' })
    .returning({ id: packageRequests.id });
  if (!institute || !request) throw new Error('package request not created');
  return { packageRequestId: request.id, packageInstituteId: institute.id, gradeId: grade.id };
}

export const packageRows: Rows = {
  'GET /api/organizations/:organizationId/services': {
    input: (w) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: managersOfA(200),
  },
  'POST /api/organizations/:organizationId/package-requests': {
    input: async (w) => ({
      params: { organizationId: w.schoolA.organization.id },
      body: { packageId: (await freshPackage(w)).packageId },
    }),
    expect: managersOfA(200),
  },
  'GET /api/package-requests/:packageRequestId': { input: onRequest(), expect: managersOfA(200) },
  'GET /api/package-requests/:packageRequestId/review.pdf': { input: onRequest(), expect: managersOfA(200) },
  'POST /api/package-requests/:packageRequestId/quote': { input: onRequest(), expect: managersOfA(201) },
  'PUT /api/package-requests/:packageRequestId/staff-options': {
    input: onRequest((pdSessionId) => ({ pdSessions: [{ pdSessionId, requestedDays: 3 }] })),
    expect: managersOfA(200),
  },
  'PUT /api/package-requests/:packageRequestId/event-selection': {
    input: onRequest(() => ({ events: [] })),
    expect: managersOfA(200),
  },
  'PUT /api/package-requests/:packageRequestId/group-selection': {
    input: onRequest(() => ({ sections: [] })),
    expect: managersOfA(200),
  },
  'PUT /api/package-requests/:packageRequestId/institute-selection': {
    input: onRequest(() => ({ institutes: [] })),
    expect: managersOfA(200),
  },
  'POST /api/package-requests/:packageRequestId/submit': {
    input: onRequest(() => ({ usingPtaFunds: false })),
    expect: managersOfA(200),
  },
  'GET /api/package-requests/:packageRequestId/assignments': { input: onAccepted(), expect: managersOfA(200) },
  'PUT /api/package-requests/:packageRequestId/assignments/allocate-tickets': {
    input: onAccepted({ events: [] }),
    expect: managersOfA(200),
  },
  'PUT /api/package-requests/:packageRequestId/assignments/assign-staff': {
    input: onAccepted({ groups: [] }),
    expect: managersOfA(200),
  },
  'PUT /api/package-requests/:packageRequestId/assignments/assign-applicants': {
    input: onAccepted({ institutes: [] }),
    expect: managersOfA(200),
  },
  'POST /api/package-requests/:packageRequestId/assignments/notifications': {
    why: 'A fresh accepted request has nobody assigned: its OWNER and ADMIN get 409 (nothing to send), anyone else 404; the mails sent are proven in package-assignments.test.ts.',
    input: onAccepted(),
    expect: managersOfA(409),
  },

  'GET /api/admin/packages': { expect: staffOnly(200) },
  'GET /api/admin/package-requests': { input: () => ({ query: { status: 'SUBMITTED' } }), expect: staffOnly(200) },
  'GET /api/admin/package-requests/:packageRequestId': { input: onRequest(), expect: staffOnly(200) },
  'POST /api/admin/package-requests/:packageRequestId/decision': {
    input: async (w) => ({
      params: { packageRequestId: (await freshRequest(w, 'SUBMITTED')).packageRequestId },
      body: { action: 'accept' },
    }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/package-requests/:packageRequestId/overrides': {
    input: async (w) => {
      const { packageRequestId, pdSessionId } = await freshRequest(w, 'SUBMITTED');
      return { params: { packageRequestId }, body: { kind: 'pdSession', itemId: pdSessionId, amount: 3 } };
    },
    expect: staffOnly(200),
  },
  'PUT /api/admin/package-requests/:packageRequestId/grade-overrides': {
    input: async (w) => {
      const { packageRequestId, packageInstituteId, gradeId } = await requestWithInstitute(w);
      return { params: { packageRequestId }, body: { packageInstituteId, grades: [{ gradeId, participants: 2 }] } };
    },
    expect: staffOnly(200),
  },
};
