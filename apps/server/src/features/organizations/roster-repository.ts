import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { RosterRow } from '@portal/domain/organizations/roster.ts';
import type { Database, Executor } from '../../db/client.ts';
import { invitations, organizationMemberships } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { executeStatic, staticStatement } from '../../db/prepared.ts';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/*
 * The statements are built once, when the module loads, with and without a search: their inputs are
 * placeholders (organizationId, pattern, upTo, limit, offset), so drizzle does not build their SQL on
 * each request.
 */
const organizationId = sql.placeholder('organizationId');

const matching = (searching: boolean): SQL =>
  searching
    ? sql`and ((u.first_name || ' ' || u.last_name) ilike ${sql.placeholder('pattern')} or u.email ilike ${sql.placeholder('pattern')})`
    : sql``;

const memberColumns = sql`u.id as "userId", m.id as "membershipId", null::uuid as "invitationId",
  u.first_name as "firstName", u.last_name as "lastName", u.email, m.role, p.label as "positionLabel",
  u.tool_kit_access as "toolKitAccess", false as pending`;

/** Active members of the organization: the OWNER, or everyone else (`role`). */
const members = (role: SQL, searching: boolean) => sql`
  select ${memberColumns}
  from organization_memberships m
  join users u on u.id = m.user_id
  left join positions p on p.id = m.position_id
  where m.organization_id = ${organizationId} and m.archived_at is null and ${role} ${matching(searching)}`;

/** Pending invitees: an open invitation of someone not already an active member. */
const invitees = (searching: boolean) => sql`
  select u.id as "userId", null::uuid as "membershipId", i.id as "invitationId", u.first_name as "firstName",
    u.last_name as "lastName", u.email, i.role, p.label as "positionLabel", i.tool_kit_access as "toolKitAccess", true as pending
  from invitations i
  join users u on u.id = i.user_id
  left join positions p on p.id = i.position_id
  where i.organization_id = ${organizationId} and i.status = 'SENT'
    and not exists (
      select 1 from organization_memberships active
      where active.organization_id = i.organization_id and active.user_id = i.user_id and active.archived_at is null
    ) ${matching(searching)}`;

/** The OWNER first, then by last and first name; a person is on the roster once, so "userId" makes the order total. */
const rosterOrder = sql`(role = 'OWNER') desc, lower("lastName"), lower("firstName"), "userId"`;

/**
 * Everyone who can be on the rows up to `upTo` in roster order: the OWNER, and the first `upTo`
 * other members and invitees each. The other members come by name from the users_roster_order
 * index, so the first page of a school of ten thousand reads about one page of members rather than
 * joining and sorting all of them.
 */
const candidates = (searching: boolean) => sql`(
  (${members(sql`m.role = 'OWNER'`, searching)})
  union all
  (${members(sql`m.role <> 'OWNER'`, searching)}
    order by lower(u.last_name), lower(u.first_name), u.id limit ${sql.placeholder('upTo')})
  union all
  (${invitees(searching)}
    order by (i.role = 'OWNER') desc, lower(u.last_name), lower(u.first_name), u.id limit ${sql.placeholder('upTo')})
) candidates`;

/** How many people are on the roster; the users' names are read only when a search needs them. */
const counted = (searching: boolean) => sql`select
  (select count(*)::int from organization_memberships m ${searching ? sql`join users u on u.id = m.user_id` : sql``}
    where m.organization_id = ${organizationId} and m.archived_at is null ${matching(searching)})
  + (select count(*)::int from (${invitees(searching)}) pending) as total`;

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

const pageOf = (searching: boolean) => sql`
  select page.*, ${gradesOfPage} as grades
  from (
    select * from ${candidates(searching)}
    order by ${rosterOrder}
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
  ) page
  order by ${rosterOrder}`;

const statements = {
  all: { page: staticStatement('roster_page', pageOf(false)), count: staticStatement('roster_count', counted(false)) },
  search: {
    page: staticStatement('roster_page_search', pageOf(true)),
    count: staticStatement('roster_count_search', counted(true)),
  },
};

const organizationName = staticStatement(
  'organization_name',
  sql`select name from organizations where id = ${organizationId}`,
);

/** The name the roster is headed with (the whole organization, with district, type and recipient, is not needed). */
export async function organizationNameOf(db: Database, organization: string): Promise<string | undefined> {
  const [row] = await executeStatic<{ name: string }>(db, organizationName, { organizationId: organization });
  return row?.name;
}

/** One page of the roster, the OWNER first, then by last and first name, and how many rows there are in all. */
export async function rosterPage(
  db: Database,
  organization: string,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: RosterRow[]; total: number }> {
  const skip = (query.page - 1) * query.pageSize;
  const { page, count } = query.search ? statements.search : statements.all;
  const values = {
    organizationId: organization,
    pattern: query.search ? `%${escapeLike(query.search)}%` : undefined,
    upTo: skip + query.pageSize,
    limit: query.pageSize,
    offset: skip,
  };
  const [items, [total]] = await Promise.all([
    executeStatic<RosterRow>(db, page, values),
    executeStatic<{ total: number }>(db, count, values),
  ]);
  return { items, total: total?.total ?? 0 };
}

/** Cancels the user's open invitations to the organization; returns the ids cancelled. */
export async function cancelOpenInvitations(db: Executor, organizationId: string, userId: string) {
  return db
    .update(invitations)
    .set({ status: 'CANCELLED' })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.userId, userId),
        eq(invitations.status, 'SENT'),
      ),
    )
    .returning({ id: invitations.id });
}

/** Conditional: a membership that is (or meanwhile became) the owner's is left alone, and no id returns. */
export async function updateNonOwnerRole(db: Executor, membershipId: string, role: 'ADMIN' | 'MEMBER') {
  return db
    .update(organizationMemberships)
    .set({ role })
    .where(and(eq(organizationMemberships.id, membershipId), ne(organizationMemberships.role, 'OWNER')))
    .returning({ id: organizationMemberships.id });
}

export async function updateToolkitAccess(db: Executor, userId: string, toolKitAccess: boolean) {
  await db.update(users).set({ toolKitAccess }).where(eq(users.id, userId));
}
