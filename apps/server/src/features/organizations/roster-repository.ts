import { sql, type SQL } from 'drizzle-orm';
import type { RosterRow } from '@portal/domain/roster.ts';
import type { Executor } from '../../db/client.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Active members and pending invitees (an open invitation of someone not already an active member)
 * as one relation, so a page can be cut from both at once. Grades are not part of it: they are read
 * only for the rows of the page (gradesOfPage), so a school of thousands costs one page of grade lookups.
 */
function people(organizationId: string, search: string | undefined): SQL {
  const matches = search
    ? sql`where ("firstName" || ' ' || "lastName") ilike ${`%${escapeLike(search)}%`} or email ilike ${`%${escapeLike(search)}%`}`
    : sql``;
  return sql`(
    select * from (
      select u.id as "userId", m.id as "membershipId", null::uuid as "invitationId",
        u.first_name as "firstName", u.last_name as "lastName", u.email, m.role, p.label as "positionLabel",
        u.tool_kit_access as "toolKitAccess", false as pending
      from organization_memberships m
      join users u on u.id = m.user_id
      left join positions p on p.id = m.position_id
      where m.organization_id = ${organizationId} and m.archived_at is null
      union all
      select u.id, null::uuid, i.id, u.first_name, u.last_name, u.email, i.role, p.label, i.tool_kit_access, true
      from invitations i
      join users u on u.id = i.user_id
      left join positions p on p.id = i.position_id
      where i.organization_id = ${organizationId} and i.status = 'SENT'
        and not exists (
          select 1 from organization_memberships active
          where active.organization_id = i.organization_id and active.user_id = i.user_id and active.archived_at is null
        )
    ) everyone
    ${matches}
  ) people`;
}

/** The OWNER first, then by last and first name; a person is on the roster once, so "userId" makes the order total. */
const rosterOrder = sql`(role = 'OWNER') desc, lower("lastName"), lower("firstName"), "userId"`;

/** A page row's grades in grade order: its membership's, or its invitation's while pending. */
const gradesOfPage = sql`coalesce(
  case when page.pending then (
    select array_agg(g.name order by g.sort_order)
    from invitation_grades ig join grades g on g.id = ig.grade_id
    where ig.invitation_id = page."invitationId"
  ) else (
    select array_agg(g.name order by g.sort_order)
    from organization_membership_grades mg join grades g on g.id = mg.grade_id
    where mg.membership_id = page."membershipId"
  ) end, '{}')`;

/** One page of the roster, the OWNER first, then by last and first name, and how many rows there are in all. */
export async function rosterPage(
  db: Executor,
  organizationId: string,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: RosterRow[]; total: number }> {
  const from = people(organizationId, query.search || undefined);
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select page.*, ${gradesOfPage} as grades
      from (
        select * from ${from}
        order by ${rosterOrder}
        limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}
      ) page
      order by ${rosterOrder}`),
    db.execute(sql`select count(*)::int as total from ${from}`),
  ]);
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  const items = (rows as { rows: RosterRow[] }).rows;
  const [total] = (counted as { rows: { total: number }[] }).rows;
  return { items, total: total?.total ?? 0 };
}
