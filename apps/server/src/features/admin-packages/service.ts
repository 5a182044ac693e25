import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import { calendarDateIn } from '@portal/domain/dates.ts';
import {
  packageMessages,
  packageStepList,
  staffActionAllowed,
  staffPackageActions,
  type StaffPackageAction,
} from '@portal/domain/packages/rules.ts';
import type {
  PackageRequestDetail,
  StaffPackageList,
  StaffPackageRequestPage,
} from '@portal/domain/packages/contracts.ts';
import type { StaffSelectionOverrideInput, staffRequestListQuery } from '@portal/domain/packages/staff-contracts.ts';
import { staffOverrideAllowed, staffPackageMessages } from '@portal/domain/packages/staff-rules.ts';
import type { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import {
  findPackageRequest,
  loadPackage,
  loadPackageRequestDetail,
  packageRequestNotFound,
  requestCounts,
} from '../../core/packages.ts';
import type { Transaction } from '../../db/client.ts';
import { schoolYears } from '../../db/schema/lookups.ts';
import { organizations } from '../../db/schema/organizations.ts';
import {
  packageEvents,
  packageGroups,
  packageInstitutes,
  packagePdSessionGroupings,
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstitutes,
  packageRequestPdSessions,
  packageRequests,
  packages,
} from '../../db/schema/packages.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

const providerToday = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** The staff console's packages: the catalogue, the requests, their decisions and overrides (§4 admin overrides). */

export async function listStaffPackages(deps: AppDeps): Promise<StaffPackageList> {
  const rows = await deps.db
    .select({
      id: packages.id,
      name: packages.name,
      schoolYear: schoolYears.name,
      minimumAmount: packages.minimumAmountCents,
      travelCostType: packages.travelCostType,
    })
    .from(packages)
    .innerJoin(schoolYears, eq(schoolYears.id, packages.schoolYearId))
    .orderBy(desc(schoolYears.startsOn), asc(packages.position), asc(packages.name));
  const has = (
    table: typeof packagePdSessionGroupings | typeof packageEvents | typeof packageGroups | typeof packageInstitutes,
  ) =>
    deps.db
      .selectDistinct({ packageId: table.packageId })
      .from(table)
      .then((found) => new Set(found.map((f) => f.packageId)));
  const [counts, groupings, eventSet, groupSet, instituteSet] = await Promise.all([
    requestCounts(
      deps.db,
      rows.map((r) => r.id),
    ),
    has(packagePdSessionGroupings),
    has(packageEvents),
    has(packageGroups),
    has(packageInstitutes),
  ]);
  const some = (set: Set<string>, id: string) => (set.has(id) ? [id] : []);
  return {
    items: rows.map((row) => ({
      ...row,
      steps: packageStepList({
        pdSessionGroupings: some(groupings, row.id),
        events: some(eventSet, row.id),
        groups: some(groupSet, row.id),
        institutes: some(instituteSet, row.id),
      }),
      requests: counts.get(row.id) ?? 0,
    })),
  };
}

type RequestQuery = z.output<typeof staffRequestListQuery>;

export async function listStaffPackageRequests(deps: AppDeps, query: RequestQuery): Promise<StaffPackageRequestPage> {
  const where: SQL | undefined = and(
    query.status ? eq(packageRequests.status, query.status) : undefined,
    query.organizationId ? eq(packageRequests.organizationId, query.organizationId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: packageRequests.id,
        status: packageRequests.status,
        packageName: packages.name,
        organizationName: organizations.name,
        submittedAt: packageRequests.submittedAt,
        updatedAt: packageRequests.updatedAt,
      })
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .innerJoin(organizations, eq(organizations.id, packageRequests.organizationId))
      .where(where)
      .orderBy(desc(packageRequests.updatedAt), asc(packageRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ n: count() }).from(packageRequests).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total?.n ?? 0,
  };
}

export async function readStaffPackageRequest(deps: AppDeps, id: string): Promise<PackageRequestDetail> {
  const request = await findPackageRequest(deps.db, id);
  if (!request) throw packageRequestNotFound();
  return loadPackageRequestDetail(deps.db, request);
}

/** Accept, reject, request changes (from SUBMITTED) or reopen (a decided request). */
export async function decidePackageRequest(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  action: StaffPackageAction,
): Promise<PackageRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const request = await findPackageRequest(tx, id, { lock: true });
    if (!request) throw packageRequestNotFound();
    if (!staffActionAllowed(action, request.status)) throw conflict(packageMessages.cannotTransition);
    await tx
      .update(packageRequests)
      .set({ status: staffPackageActions[action].to, updatedAt: deps.clock() })
      .where(eq(packageRequests.id, id));
    await audit(tx, {
      ...actorOf(auth),
      action: `package_request.${action}`,
      subjectType: 'package_request',
      subjectId: id,
      data: { from: request.status },
    });
  });
  return readStaffPackageRequest(deps, id);
}

type Override = StaffSelectionOverrideInput;

/**
 * Staff set (or clear, with null) one selection's amount, dated overrideDate (the provider's today
 * when not given). A selection the member never made is created as staff's ('Created by admin');
 * clearing one staff created removes it. A decided request is reopened before it is overridden.
 */
export async function overrideSelection(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: Override,
): Promise<PackageRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const request = await findPackageRequest(tx, id, { lock: true });
    if (!request) throw packageRequestNotFound();
    if (!staffOverrideAllowed(request.status)) throw conflict(staffPackageMessages.overrideClosed);
    const pkg = await loadPackage(tx, request.packageId);
    if (!pkg) throw packageRequestNotFound();
    const ids = {
      pdSession: pkg.pdSessionGroupings.flatMap((g) => g.pdSessions.map((s) => s.id)),
      event: pkg.events.map((e) => e.id),
      groupSection: pkg.groups.flatMap((g) => g.sections.map((s) => s.id)),
      institute: pkg.institutes.map((i) => i.id),
    }[input.kind];
    if (!ids.includes(input.itemId))
      throw badRequest(packageMessages.unknownItem, { itemId: packageMessages.unknownItem });
    await applyOverride(tx, request.id, input, input.overrideDate ?? providerToday(deps));
    await tx.update(packageRequests).set({ updatedAt: deps.clock() }).where(eq(packageRequests.id, request.id));
    await audit(tx, {
      ...actorOf(auth),
      action: 'package_request.override',
      subjectType: 'package_request',
      subjectId: id,
      data: { ...input },
    });
  });
  return readStaffPackageRequest(deps, id);
}

async function applyOverride(tx: Transaction, packageRequestId: string, input: Override, today: string): Promise<void> {
  const set = input.amount === null ? { overrideDate: null } : { overrideDate: today };
  switch (input.kind) {
    case 'pdSession': {
      const key = and(
        eq(packageRequestPdSessions.packageRequestId, packageRequestId),
        eq(packageRequestPdSessions.pdSessionId, input.itemId),
      );
      if (input.amount === null) {
        await tx
          .delete(packageRequestPdSessions)
          .where(and(key, eq(packageRequestPdSessions.createdByInitiator, false)));
        await tx
          .update(packageRequestPdSessions)
          .set({ ...set, overrideAmount: null })
          .where(key);
        return;
      }
      await tx
        .insert(packageRequestPdSessions)
        .values({
          packageRequestId,
          pdSessionId: input.itemId,
          requestedDays: 0,
          createdByInitiator: false,
          overrideAmount: input.amount,
          ...set,
        })
        .onConflictDoUpdate({
          target: [packageRequestPdSessions.packageRequestId, packageRequestPdSessions.pdSessionId],
          set: { overrideAmount: input.amount, ...set },
        });
      return;
    }
    case 'event': {
      const key = and(
        eq(packageRequestEvents.packageRequestId, packageRequestId),
        eq(packageRequestEvents.packageEventId, input.itemId),
      );
      if (input.amount === null) {
        await tx
          .update(packageRequestEvents)
          .set({ ...set, overrideAmount: null })
          .where(key);
        return;
      }
      await tx
        .insert(packageRequestEvents)
        .values({
          packageRequestId,
          packageEventId: input.itemId,
          requestedParticipants: 0,
          overrideAmount: input.amount,
          ...set,
        })
        .onConflictDoUpdate({
          target: [packageRequestEvents.packageRequestId, packageRequestEvents.packageEventId],
          set: { overrideAmount: input.amount, ...set },
        });
      return;
    }
    case 'groupSection': {
      const key = and(
        eq(packageRequestGroupSections.packageRequestId, packageRequestId),
        eq(packageRequestGroupSections.groupSectionId, input.itemId),
      );
      if (input.amount === null) {
        await tx
          .update(packageRequestGroupSections)
          .set({ ...set, overrideParticipants: null })
          .where(key);
        return;
      }
      await tx
        .insert(packageRequestGroupSections)
        .values({
          packageRequestId,
          groupSectionId: input.itemId,
          requestedParticipants: 0,
          overrideParticipants: input.amount,
          ...set,
        })
        .onConflictDoUpdate({
          target: [packageRequestGroupSections.packageRequestId, packageRequestGroupSections.groupSectionId],
          set: { overrideParticipants: input.amount, ...set },
        });
      return;
    }
    case 'institute': {
      const key = and(
        eq(packageRequestInstitutes.packageRequestId, packageRequestId),
        eq(packageRequestInstitutes.packageInstituteId, input.itemId),
      );
      if (input.amount === null) {
        await tx
          .delete(packageRequestInstitutes)
          .where(and(key, eq(packageRequestInstitutes.createdByInitiator, false)));
        await tx
          .update(packageRequestInstitutes)
          .set({ ...set, overrideAmount: null })
          .where(key);
        return;
      }
      await tx
        .insert(packageRequestInstitutes)
        .values({
          packageRequestId,
          packageInstituteId: input.itemId,
          requestedParticipants: 0,
          createdByInitiator: false,
          overrideAmount: input.amount,
          ...set,
        })
        .onConflictDoUpdate({
          target: [packageRequestInstitutes.packageRequestId, packageRequestInstitutes.packageInstituteId],
          set: { overrideAmount: input.amount, ...set },
        });
      return;
    }
  }
}
