import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { PackageRequestStatus } from '@portal/domain/packages/rules.ts';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Database, Executor } from '../../db/client.ts';
import { events } from '../../db/schema/commerce.ts';
import { grades, schoolYears } from '../../db/schema/lookups.ts';
import { organizations } from '../../db/schema/organizations.ts';
import {
  packageEvents,
  packageGroups,
  packageGroupSections,
  packageInstitutes,
  packagePdSessionGroupings,
  packagePdSessions,
  packageRequestEvents,
  packageRequestGroupSections,
  packageRequestInstituteGrades,
  packageRequestInstitutes,
  packageRequestPdSessions,
  packageRequests,
  packages,
} from '../../db/schema/packages.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

/** Every package, latest school year first, then in the catalogue's order. */
export function cataloguePackageRows(db: Database) {
  return db
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
}

const partTables = {
  pdSessionGroupings: packagePdSessionGroupings,
  events: packageEvents,
  groups: packageGroups,
  institutes: packageInstitutes,
};

/** The packages that have at least one part of the kind. */
export async function packagesWithPart(db: Database, part: keyof typeof partTables): Promise<Set<string>> {
  const table = partTables[part];
  const found = await db.selectDistinct({ packageId: table.packageId }).from(table);
  return new Set(found.map((f) => f.packageId));
}

/** A request's new status, or (status left out) only the time it last changed. */
export async function markPackageRequestChanged(
  tx: Executor,
  packageRequestId: string,
  changedAt: Date,
  status?: PackageRequestStatus,
): Promise<void> {
  await tx
    .update(packageRequests)
    .set(status ? { status, updatedAt: changedAt } : { updatedAt: changedAt })
    .where(eq(packageRequests.id, packageRequestId));
}

export interface RequestFilter {
  status?: PackageRequestStatus;
  organizationId?: string;
  /** Matches the organization, the package, or who started the request (name or email). */
  search?: string;
}

/** The staff list's conditions, over requests joined to their package, organization and (left) starter. */
function filtered(filter: RequestFilter): SQL | undefined {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.status ? eq(packageRequests.status, filter.status) : undefined,
    filter.organizationId ? eq(packageRequests.organizationId, filter.organizationId) : undefined,
    like
      ? or(
          ilike(organizations.name, like),
          ilike(packages.name, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.email, like),
        )
      : undefined,
  );
}

function requestRows<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({
      id: packageRequests.id,
      status: packageRequests.status,
      packageName: packages.name,
      organizationName: organizations.name,
      requestedByFirstName: users.firstName,
      requestedByLastName: users.lastName,
      requestedByEmail: users.email,
      usingPtaFunds: packageRequests.usingPtaFunds,
      submittedAt: packageRequests.submittedAt,
      updatedAt: packageRequests.updatedAt,
      ...extra,
    })
    .from(packageRequests)
    .innerJoin(packages, eq(packages.id, packageRequests.packageId))
    .innerJoin(organizations, eq(organizations.id, packageRequests.organizationId))
    .leftJoin(users, eq(users.id, packageRequests.createdById))
    .$dynamic();
}

const latestFirst = [desc(packageRequests.updatedAt), asc(packageRequests.id)];

/** One page, latest change first, and how many the filter keeps. */
export async function listRequestRows(db: Database, filter: RequestFilter & { page: number; pageSize: number }) {
  const where = filtered(filter);
  const [rows, [total]] = await Promise.all([
    requestRows(db, {})
      .where(where)
      .orderBy(...latestFirst)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ n: count() })
      .from(packageRequests)
      .innerJoin(packages, eq(packages.id, packageRequests.packageId))
      .innerJoin(organizations, eq(organizations.id, packageRequests.organizationId))
      .leftJoin(users, eq(users.id, packageRequests.createdById))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export type SelectionKind = 'PD_SESSION' | 'EVENT' | 'GROUP_SECTION' | 'INSTITUTE';

/** One selection of a request, whatever its step; the union takes the first query's column names. */
function selection(
  kind: SelectionKind,
  order: number,
  requestId: SQL,
  itemId: SQL,
  name: SQL,
  requested: SQL,
  overrideDate: SQL,
  overrideAmount: SQL,
  byStaff: SQL,
  distribution: SQL,
) {
  return {
    requestId: sql<string>`${requestId}`.as('selection_request_id'),
    kind: sql<SelectionKind | null>`${kind}::text`.as('selection_kind'),
    // The selection's place in its request: step order, then name, then id (unique within the request).
    sortKey: sql<string>`${order}::text || ${name} || ${itemId}::text`.as('selection_sort_key'),
    name: sql<string>`${name}`.as('selection_name'),
    requested: sql<number>`${requested}`.as('selection_requested'),
    overrideDate: sql<string | null>`${overrideDate}::text`.as('selection_override_date'),
    overrideAmount: sql<number | null>`${overrideAmount}`.as('selection_override_amount'),
    byStaff: sql<boolean>`${byStaff}`.as('selection_by_staff'),
    distribution: sql<string>`${distribution}`.as('selection_distribution'),
  };
}

/** Every selection of every request: PD sessions (days), events, group sections and institutes (participants). */
function selectionsOf(db: Executor) {
  const none = sql`''`;
  const pdSessions = db
    .select(
      selection(
        'PD_SESSION',
        1,
        sql`${packageRequestPdSessions.packageRequestId}`,
        sql`${packagePdSessions.id}`,
        sql`${packagePdSessions.name}`,
        sql`${packageRequestPdSessions.requestedDays}`,
        sql`${packageRequestPdSessions.overrideDate}`,
        sql`${packageRequestPdSessions.overrideAmount}`,
        sql`not ${packageRequestPdSessions.createdByInitiator}`,
        none,
      ),
    )
    .from(packageRequestPdSessions)
    .innerJoin(packagePdSessions, eq(packagePdSessions.id, packageRequestPdSessions.pdSessionId));
  const eventSelections = db
    .select(
      selection(
        'EVENT',
        2,
        sql`${packageRequestEvents.packageRequestId}`,
        sql`${packageEvents.id}`,
        sql`${events.name}`,
        sql`${packageRequestEvents.requestedParticipants}`,
        sql`${packageRequestEvents.overrideDate}`,
        sql`${packageRequestEvents.overrideAmount}`,
        sql`false`,
        none,
      ),
    )
    .from(packageRequestEvents)
    .innerJoin(packageEvents, eq(packageEvents.id, packageRequestEvents.packageEventId))
    .innerJoin(events, eq(events.id, packageEvents.eventId));
  const groupSections = db
    .select(
      selection(
        'GROUP_SECTION',
        3,
        sql`${packageRequestGroupSections.packageRequestId}`,
        sql`${packageGroupSections.id}`,
        sql`${packageGroups.name} || ': ' || ${packageGroupSections.title}`,
        sql`${packageRequestGroupSections.requestedParticipants}`,
        sql`${packageRequestGroupSections.overrideDate}`,
        sql`${packageRequestGroupSections.overrideParticipants}`,
        sql`false`,
        none,
      ),
    )
    .from(packageRequestGroupSections)
    .innerJoin(packageGroupSections, eq(packageGroupSections.id, packageRequestGroupSections.groupSectionId))
    .innerJoin(packageGroups, eq(packageGroups.id, packageGroupSections.packageGroupId));
  // requestedParticipantDistribution: "Grade 3: 10 (staff: 12); Grade 4: 8", in grade order.
  const distribution = sql`coalesce((
      select string_agg(${grades.name} || ': ' || ${packageRequestInstituteGrades.participants}
          || coalesce(' (staff: ' || ${packageRequestInstituteGrades.overrideParticipants} || ')', ''),
        '; ' order by ${grades.sortOrder})
      from ${packageRequestInstituteGrades}
      join ${grades} on ${grades.id} = ${packageRequestInstituteGrades.gradeId}
      where ${packageRequestInstituteGrades.packageRequestId} = ${packageRequestInstitutes.packageRequestId}
        and ${packageRequestInstituteGrades.packageInstituteId} = ${packageRequestInstitutes.packageInstituteId}), '')`;
  const institutes = db
    .select(
      selection(
        'INSTITUTE',
        4,
        sql`${packageRequestInstitutes.packageRequestId}`,
        sql`${packageInstitutes.id}`,
        sql`${events.name}`,
        sql`${packageRequestInstitutes.requestedParticipants}`,
        sql`${packageRequestInstitutes.overrideDate}`,
        sql`${packageRequestInstitutes.overrideAmount}`,
        sql`not ${packageRequestInstitutes.createdByInitiator}`,
        distribution,
      ),
    )
    .from(packageRequestInstitutes)
    .innerJoin(packageInstitutes, eq(packageInstitutes.id, packageRequestInstitutes.packageInstituteId))
    .innerJoin(events, eq(events.id, packageInstitutes.eventId));
  return pdSessions.unionAll(eventSelections).unionAll(groupSections).unionAll(institutes).as('selections');
}

function selectionRows(db: Executor) {
  const selections = selectionsOf(db);
  const query = requestRows(db, {
    updatedAtKey: sql<string>`${packageRequests.updatedAt}::text`,
    sortKey: sql<string>`coalesce(${selections.sortKey}, '')`,
    selection: {
      kind: selections.kind,
      name: selections.name,
      requested: selections.requested,
      overrideDate: selections.overrideDate,
      overrideAmount: selections.overrideAmount,
      byStaff: selections.byStaff,
      distribution: selections.distribution,
    },
  }).leftJoin(selections, eq(selections.requestId, packageRequests.id));
  return { query, selections };
}

type StoredSelectionRow = Awaited<ReturnType<typeof selectionRows>['query']>[number];

/** A request's row with its selection, or with none (null) when the request has no selection. */
export type RequestSelectionRow = Omit<StoredSelectionRow, 'selection'> & {
  selection: StoredSelectionRow['selection'] | null;
};

/**
 * One row per selection of each request the list shows under `filter`, in its order (a request
 * without any is one row), read by keyset: latest change, request id, then the selection's place.
 */
export function exportSelectionRows(db: Database, filter: RequestFilter, pageSize = exportPageSize) {
  return keysetRows<RequestSelectionRow>(async (after, limit) => {
    const { query, selections } = selectionRows(db);
    const sortKey = sql`coalesce(${selections.sortKey}, '')`;
    const rows = await query
      .where(
        and(
          filtered(filter),
          after
            ? sql`(${packageRequests.updatedAt} < ${after.updatedAtKey}::timestamptz
                or (${packageRequests.updatedAt} = ${after.updatedAtKey}::timestamptz and ${packageRequests.id} > ${after.id})
                or (${packageRequests.id} = ${after.id} and ${sortKey} > ${after.sortKey}))`
            : undefined,
        ),
      )
      .orderBy(...latestFirst, asc(sortKey))
      .limit(limit);
    // The left-joined union's columns come back as an object of nulls: no selection at all.
    return rows.map((row) => ({ ...row, selection: row.selection.kind === null ? null : row.selection }));
  }, pageSize);
}
