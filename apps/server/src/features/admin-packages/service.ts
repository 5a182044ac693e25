import { calendarDateIn, formatMoment, formatUsDate } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import {
  effectiveGrades,
  gradesOverridden,
  packageMessages,
  packageStatusLabels,
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
import type {
  StaffGradeOverrideInput,
  StaffSelectionOverrideInput,
  staffRequestListQuery,
} from '@portal/domain/packages/admin-contracts.ts';
import { staffOverrideAllowed, staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { packageSelectionKindLabels } from '@portal/domain/packages/admin-contracts.ts';
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
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import type { Export } from '../../platform/exports.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import {
  exportSelectionRows,
  listRequestRows,
  markPackageRequestChanged,
  packagesWithPart,
  cataloguePackageRows,
  type RequestSelectionRow,
} from './repository.ts';
import {
  clearSelectionOverride,
  countKnownGrades,
  instituteGradeRows,
  setInstituteGradeOverride,
  setSelectionOverride,
} from './overrides-repository.ts';

const providerToday = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** The staff console's packages: the catalogue, the requests, their decisions and overrides (§4 admin overrides). */

export async function listStaffPackages(deps: AppDeps): Promise<StaffPackageList> {
  const rows = await cataloguePackageRows(deps.db);
  const [counts, groupings, eventSet, groupSet, instituteSet] = await Promise.all([
    requestCounts(
      deps.db,
      rows.map((r) => r.id),
    ),
    packagesWithPart(deps.db, 'pdSessionGroupings'),
    packagesWithPart(deps.db, 'events'),
    packagesWithPart(deps.db, 'groups'),
    packagesWithPart(deps.db, 'institutes'),
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
  const { rows, total } = await listRequestRows(deps.db, query);
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status,
      packageName: row.packageName,
      organizationName: row.organizationName,
      requestedBy: row.requestedByEmail
        ? {
            name: `${row.requestedByFirstName ?? ''} ${row.requestedByLastName ?? ''}`.trim(),
            email: row.requestedByEmail,
          }
        : null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/**
 * GET /api/admin/package-requests/export: every request the list shows under its filters, one row per
 * selection with the request's columns repeated, staff's overrides beside what was requested
 * (docs/decisions/0117-package-request-export-rows.md).
 */
export function exportStaffPackageRequests(
  deps: AppDeps,
  query: Omit<RequestQuery, 'page' | 'pageSize'> & { format: ExportFormat },
): Export<RequestSelectionRow> {
  const { timeZone } = deps.config;
  return {
    baseName: `package-requests-${providerToday(deps)}`,
    title: 'Package requests',
    format: query.format,
    rows: exportSelectionRows(deps.db, query),
    columns: [
      { header: 'Request id', value: (row) => row.id },
      { header: 'Package', value: (row) => row.packageName },
      { header: 'Organization', value: (row) => row.organizationName },
      {
        header: 'Requested by',
        value: (row) => `${row.requestedByFirstName ?? ''} ${row.requestedByLastName ?? ''}`.trim(),
      },
      { header: 'Requester email', value: (row) => row.requestedByEmail ?? '' },
      { header: 'Status', value: (row) => packageStatusLabels[row.status] },
      { header: 'Submitted', value: (row) => (row.submittedAt ? formatMoment(row.submittedAt, timeZone) : '') },
      { header: 'Updated', value: (row) => formatMoment(row.updatedAt, timeZone) },
      { header: 'Using PTA funds', value: (row) => (row.usingPtaFunds ? 'Yes' : 'No') },
      {
        header: 'Selection',
        value: (row) => (row.selection?.kind ? packageSelectionKindLabels[row.selection.kind] : ''),
      },
      { header: 'Name', value: (row) => row.selection?.name ?? '' },
      { header: 'Requested', value: (row) => row.selection?.requested ?? '' },
      {
        header: 'Override date',
        value: (row) => (row.selection?.overrideDate ? formatUsDate(row.selection.overrideDate) : ''),
      },
      { header: 'Override amount', value: (row) => row.selection?.overrideAmount ?? '' },
      { header: 'Created by admin', value: (row) => (row.selection ? (row.selection.byStaff ? 'Yes' : 'No') : '') },
      { header: 'Participant distribution', value: (row) => row.selection?.distribution ?? '' },
    ],
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
    const now = deps.clock();
    await markPackageRequestChanged(tx, id, now, staffPackageActions[action].to);
    await emitWebhookEvent(
      tx,
      'package_request.decided',
      { packageRequestId: id, action, from: request.status, to: staffPackageActions[action].to },
      now,
    );
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
    await markPackageRequestChanged(tx, request.id, deps.clock());
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

/** An institute's count may not differ from the grades staff distributed (docs/decisions/0090-staff-override-of-grade-distribution.md). */
async function applyOverride(tx: Transaction, packageRequestId: string, input: Override, today: string): Promise<void> {
  if (input.amount === null) {
    await clearSelectionOverride(tx, packageRequestId, input.kind, input.itemId);
    return;
  }
  if (input.kind === 'institute') {
    const gradeRows = await instituteGradeRows(tx, packageRequestId, input.itemId);
    const distributed = [...effectiveGrades(gradeRows).values()].reduce((total, n) => total + n, 0);
    if (gradesOverridden({ grades: gradeRows }) && distributed !== input.amount)
      throw conflict(staffPackageMessages.gradesOverridden);
  }
  await setSelectionOverride(tx, packageRequestId, input.kind, input.itemId, input.amount, today);
}

/**
 * Staff set an institute's participants grade by grade (docs/decisions/0090-staff-override-of-grade-distribution.md):
 * every grade row of the institute takes staff's count (0 for a grade left out), the institute's
 * participants become their sum, and the whole is dated like any override. The member's own counts
 * stay beside staff's, so clearing the institute's override brings them back.
 */
export async function overrideGradeDistribution(
  deps: AppDeps,
  auth: RequestAuth,
  id: string,
  input: StaffGradeOverrideInput,
): Promise<PackageRequestDetail> {
  await deps.db.transaction(async (tx) => {
    const request = await findPackageRequest(tx, id, { lock: true });
    if (!request) throw packageRequestNotFound();
    if (!staffOverrideAllowed(request.status)) throw conflict(staffPackageMessages.overrideClosed);
    const pkg = await loadPackage(tx, request.packageId);
    if (!pkg) throw packageRequestNotFound();
    if (!pkg.institutes.some((institute) => institute.id === input.packageInstituteId))
      throw badRequest(packageMessages.unknownItem, { packageInstituteId: packageMessages.unknownItem });
    const sent = input.grades.map((grade) => grade.gradeId);
    if ((await countKnownGrades(tx, sent)) !== sent.length)
      throw badRequest(packageMessages.unknownItem, { grades: packageMessages.unknownItem });
    const overrideDate = input.overrideDate ?? providerToday(deps);
    const participants = input.grades.reduce((total, grade) => total + grade.participants, 0);
    await setInstituteGradeOverride(tx, request.id, input.packageInstituteId, input.grades, participants, overrideDate);
    await markPackageRequestChanged(tx, request.id, deps.clock());
    await audit(tx, {
      ...actorOf(auth),
      action: 'package_request.grade_override',
      subjectType: 'package_request',
      subjectId: id,
      data: { ...input, overrideDate, participants },
    });
  });
  return readStaffPackageRequest(deps, id);
}
