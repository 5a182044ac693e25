import { sql, type SQL } from 'drizzle-orm';
import type { RosterRow } from '@portal/domain/roster.ts';
import type { Executor } from '../../db/client.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const matching = (search: string | undefined): SQL => {
  if (!search) return sql``;
  const pattern = `%${escapeLike(search)}%`;
  return sql`and ((u.first_name || ' ' || u.last_name) ilike ${pattern} or u.email ilike ${pattern})`;
};

const memberColumns = sql`u.id as "userId", m.id as "membershipId", null::uuid as "invitationId",
  u.first_name as "firstName", u.last_name as "lastName", u.email, m.role, p.label as "positionLabel",
  u.tool_kit_access as "toolKitAccess", false as pending`;

/** Active members of the organization: the OWNER, or everyone else (`role`). */
const members = (organizationId: string, role: SQL, search: string | undefined) => sql`
  select ${memberColumns}
  from organization_memberships m
  join users u on u.id = m.user_id
  left join positions p on p.id = m.position_id
  where m.organization_id = ${organizationId} and m.archived_at is null and ${role} ${matching(search)}`;

/** Pending invitees: an open invitation of someone not already an active member. */
const invitees = (organizationId: string, search: string | undefined) => sql`
  select u.id as "userId", null::uuid as "membershipId", i.id as "invitationId", u.first_name as "firstName",
    u.last_name as "lastName", u.email, i.role, p.label as "positionLabel", i.tool_kit_access as "toolKitAccess", true as pending
  from invitations i
  join users u on u.id = i.user_id
  left join positions p on p.id = i.position_id
  where i.organization_id = ${organizationId} and i.status = 'SENT'
    and not exists (
      select 1 from organization_memberships active
      where active.organization_id = i.organization_id and active.user_id = i.user_id and active.archived_at is null
    ) ${matching(search)}`;

/** The OWNER first, then by last and first name; a person is on the roster once, so "userId" makes the order total. */
const rosterOrder = sql`(role = 'OWNER') desc, lower("lastName"), lower("firstName"), "userId"`;

/**
 * Everyone who can be on the rows up to `upTo` in roster order: the OWNER, and the first `upTo`
 * other members and invitees each. The other members come by name from the users_roster_order
 * index, so the first page of a school of ten thousand reads about one page of members rather than
 * joining and sorting all of them.
 */
const candidates = (organizationId: string, search: string | undefined, upTo: number) => sql`(
  (${members(organizationId, sql`m.role = 'OWNER'`, search)})
  union all
  (${members(organizationId, sql`m.role <> 'OWNER'`, search)}
    order by lower(u.last_name), lower(u.first_name), u.id limit ${upTo})
  union all
  (${invitees(organizationId, search)}
    order by (i.role = 'OWNER') desc, lower(u.last_name), lower(u.first_name), u.id limit ${upTo})
) candidates`;

/** How many people are on the roster; the users' names are read only when a search needs them. */
const counted = (organizationId: string, search: string | undefined) => sql`select
  (select count(*)::int from organization_memberships m ${search ? sql`join users u on u.id = m.user_id` : sql``}
    where m.organization_id = ${organizationId} and m.archived_at is null ${matching(search)})
  + (select count(*)::int from (${invitees(organizationId, search)}) pending) as total`;

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
  const search = query.search || undefined;
  const skip = (query.page - 1) * query.pageSize;
  const [rows, count] = await Promise.all([
    db.execute(sql`
      select page.*, ${gradesOfPage} as grades
      from (
        select * from ${candidates(organizationId, search, skip + query.pageSize)}
        order by ${rosterOrder}
        limit ${query.pageSize} offset ${skip}
      ) page
      order by ${rosterOrder}`),
    db.execute(counted(organizationId, search)),
  ]);
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  const items = (rows as { rows: RosterRow[] }).rows;
  const [total] = (count as { rows: { total: number }[] }).rows;
  return { items, total: total?.total ?? 0 };
}
