import { and, asc, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import { userRoleDescriptions, type AdminUserPage, type AdminUserRow } from '@portal/domain/people/admin-users.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { exportPageSize, keysetRows, type Export } from '../../platform/exports.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern));
}

const organizationsOf = sql<AdminUserRow['organizations']>`coalesce((
    select json_agg(json_build_object('name', o.name, 'role', m.role) order by o.name)
    from organization_memberships m join organizations o on o.id = m.organization_id
    where m.user_id = users.id and m.archived_at is null
  ), '[]'::json)`;

/** Users with their organizations and their role in each (the Users list's Role column), by name. */
function rowQuery(db: Executor, where: SQL | undefined) {
  return db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      organizations: organizationsOf,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .$dynamic();
}

/** One page of users: two queries whatever the page size. */
export async function listUsers(
  deps: AppDeps,
  query: { search?: string; page: number; pageSize: number },
): Promise<AdminUserPage> {
  const where = userSearch(query.search);
  const [rows, [total]] = await Promise.all([
    rowQuery(deps.db, where)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}

/** Every user the list shows under its search, by name, a page at a time (keyset on name and id). */
export function exportUserRows(db: Executor, search: string | undefined, pageSize = exportPageSize) {
  return keysetRows<AdminUserRow>(
    (after, limit) =>
      rowQuery(
        db,
        and(
          userSearch(search),
          after
            ? sql`(${users.lastName}, ${users.firstName}, ${users.id}) > (${after.lastName}, ${after.firstName}, ${after.id})`
            : undefined,
        ),
      ).limit(limit),
    pageSize,
  );
}

/** GET /api/admin/users/export: the Users list under its search, as CSV or XLSX. */
export function exportUsers(deps: AppDeps, query: { search?: string; format: ExportFormat }): Export<AdminUserRow> {
  return {
    baseName: `users-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Users',
    format: query.format,
    rows: exportUserRows(deps.db, query.search),
    columns: [
      { header: 'First name', value: (row) => row.firstName },
      { header: 'Last name', value: (row) => row.lastName },
      { header: 'Email', value: (row) => row.email },
      { header: 'Role', value: (row) => userRoleDescriptions(row).join('; ') },
    ],
  };
}
