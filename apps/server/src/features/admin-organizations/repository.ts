import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { districts, organizations } from '../../db/schema/organizations.ts';
import { exportPageSize, keysetRows } from '../../platform/exports.ts';

export function nameLike(
  column: typeof organizations.name | typeof districts.name,
  search: string | undefined,
): SQL | undefined {
  if (!search) return undefined;
  // ILIKE '%…%' is served by the pg_trgm GIN index on the name.
  return ilike(column, `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

/*
 * Correlated counts name the outer table in plain SQL: drizzle leaves the table name off a column
 * when a query reads one table, and an unqualified "id" would bind to the subquery's own table.
 */
const memberCount = sql<number>`(
    select count(*)::int from organization_memberships m
    where m.organization_id = organizations.id and m.archived_at is null
  )`;
const organizationCount = sql<number>`(select count(*)::int from organizations o where o.district_id = districts.id)`;

/** The staff Organizations list's rows under its search, by name. */
export function organizationRows(db: Executor, search: string | undefined, after?: SQL) {
  return db
    .select({ id: organizations.id, name: organizations.name, districtName: districts.name, memberCount })
    .from(organizations)
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .where(and(nameLike(organizations.name, search), after))
    .orderBy(asc(organizations.name), asc(organizations.id))
    .$dynamic();
}

/** The staff Districts list's rows under its search, by name. */
export function districtRows(db: Executor, search: string | undefined, after?: SQL) {
  return db
    .select({ id: districts.id, name: districts.name, organizationCount })
    .from(districts)
    .where(and(nameLike(districts.name, search), after))
    .orderBy(asc(districts.name), asc(districts.id))
    .$dynamic();
}

/** Every organization the list shows under its search, a page at a time (keyset on name and id). */
export function exportOrganizationRows(db: Executor, search: string | undefined, pageSize = exportPageSize) {
  type Row = Awaited<ReturnType<typeof organizationRows>>[number];
  return keysetRows<Row>(
    (last, limit) =>
      organizationRows(
        db,
        search,
        last ? sql`(${organizations.name}, ${organizations.id}) > (${last.name}, ${last.id})` : undefined,
      ).limit(limit),
    pageSize,
  );
}

/** Every district the list shows under its search, a page at a time (keyset on name and id). */
export function exportDistrictRows(db: Executor, search: string | undefined, pageSize = exportPageSize) {
  type Row = Awaited<ReturnType<typeof districtRows>>[number];
  return keysetRows<Row>(
    (last, limit) =>
      districtRows(
        db,
        search,
        last ? sql`(${districts.name}, ${districts.id}) > (${last.name}, ${last.id})` : undefined,
      ).limit(limit),
    pageSize,
  );
}
