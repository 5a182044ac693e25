import { asc, count, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUserPage, AdminUserRow } from '@portal/domain/people/staff-users.ts';
import type { AppDeps } from '../../app-deps.ts';
import { users } from '../../db/schema/users.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function userSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern), ilike(users.email, pattern));
}

/**
 * One page of users with their organizations and their role in each (the Users list's Role
 * column): two queries whatever the page size.
 */
export async function listUsers(
  deps: AppDeps,
  query: { search?: string; page: number; pageSize: number },
): Promise<AdminUserPage> {
  const where = userSearch(query.search);
  const organizationsOf = sql<AdminUserRow['organizations']>`coalesce((
      select json_agg(json_build_object('name', o.name, 'role', m.role) order by o.name)
      from organization_memberships m join organizations o on o.id = m.organization_id
      where m.user_id = users.id and m.archived_at is null
    ), '[]'::json)`;
  const [rows, [total]] = await Promise.all([
    deps.db
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
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    deps.db.select({ total: count() }).from(users).where(where),
  ]);
  return { items: rows, page: query.page, pageSize: query.pageSize, total: total?.total ?? 0 };
}
