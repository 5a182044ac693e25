import { sql, type SQL } from 'drizzle-orm';
import type { AssignableUser } from '@portal/domain/tickets/allocation.ts';
import { invitationMail, invitationPath } from '@portal/domain/organizations/invitations.ts';
import { rosterMessages } from '@portal/domain/organizations/roster.ts';
import type { Database, Executor } from '../db/client.ts';
import { invitations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { conflict } from '../platform/errors.ts';
import { queueMail } from '../platform/mail.ts';
import { activeMembershipRole } from './memberships.ts';

/**
 * Who can hold an organization's tickets: its active members and its pending users (an open SENT
 * invitation of someone who is not an active member yet). Used by ticket allocation's pickers, its
 * save check, and the '+ Add New User' panel.
 */

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function assignable(organizationId: string): SQL {
  return sql`(
    select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, false as "isPending"
    from organization_memberships m join users u on u.id = m.user_id
    where m.organization_id = ${organizationId} and m.archived_at is null
    union all
    select u.id, u.first_name, u.last_name, u.email, true
    from invitations i join users u on u.id = i.user_id
    where i.organization_id = ${organizationId} and i.status = 'SENT'
      and not exists (
        select 1 from organization_memberships active
        where active.organization_id = i.organization_id and active.user_id = i.user_id and active.archived_at is null
      )
  )`;
}

/**
 * One page, by last then first name. The organization's rows are found by its membership and
 * invitation indexes first, so the name/email match only scans that organization's people (5,000
 * staff filter in a few milliseconds).
 */
export async function assignableUsersPage(
  db: Database,
  organizationId: string,
  query: { page: number; pageSize: number; search?: string },
): Promise<{ items: AssignableUser[]; total: number }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : null;
  const matches = pattern
    ? sql`where ("firstName" || ' ' || "lastName") ilike ${pattern} or email ilike ${pattern}`
    : sql``;
  const from = sql`${assignable(organizationId)} people ${matches}`;
  const [rows, counted] = await Promise.all([
    db.execute(sql`
      select * from ${from}
      order by lower("lastName"), lower("firstName"), id
      limit ${query.pageSize} offset ${(query.page - 1) * query.pageSize}`),
    db.execute(sql`select count(*)::int as total from ${from}`),
  ]);
  const items = (rows as { rows: AssignableUser[] }).rows;
  const [total] = (counted as { rows: { total: number }[] }).rows;
  return { items, total: total?.total ?? 0 };
}

/** The given users as assignees of the organization: those it has (members or pending), by id. */
export async function assignableByIds(
  db: Executor,
  organizationId: string,
  userIds: readonly string[],
): Promise<Map<string, AssignableUser>> {
  if (userIds.length === 0) return new Map();
  const ids = sql.join(
    userIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select distinct on (id) * from ${assignable(organizationId)} people where id in (${ids}) order by id, "isPending"`,
  );
  return new Map((result as { rows: AssignableUser[] }).rows.map((row) => [row.id, row]));
}

/** The organization's members and pending users with these emails (lower-cased), by email; a member wins over an invitation. */
export async function assignableByEmails(
  db: Executor,
  organizationId: string,
  emails: readonly string[],
): Promise<Map<string, AssignableUser>> {
  if (emails.length === 0) return new Map();
  const list = sql.join(
    emails.map((email) => sql`${email}`),
    sql`, `,
  );
  const result = await db.execute(
    sql`select distinct on (lower(email)) * from ${assignable(organizationId)} people
        where lower(email) in (${list}) order by lower(email), "isPending"`,
  );
  return new Map((result as { rows: AssignableUser[] }).rows.map((row) => [row.email.toLowerCase(), row]));
}

/**
 * The person with this email (compared case-insensitively), or a new one without a password, named as
 * given: how '+ Add New User' and a registration request's new attendees make pending users.
 */
export async function personByEmailOrNew(
  tx: Executor,
  input: { email: string; firstName: string; lastName: string },
): Promise<{
  person: { id: string; firstName: string; lastName: string; email: string; passwordHash: string | null };
  created: boolean;
}> {
  const columns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    email: users.email,
    passwordHash: users.passwordHash,
  };
  const [inserted] = await tx
    .insert(users)
    .values({ email: input.email, firstName: input.firstName, lastName: input.lastName, passwordHash: null })
    .onConflictDoNothing()
    .returning(columns);
  if (inserted) return { person: inserted, created: true };
  const [found] = await tx
    .select(columns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (!found) throw new Error('pending user could be neither created nor found');
  return { person: found, created: false };
}

/**
 * '+ Add New User': the person (found by email, or created without a password) with an open
 * invitation to the organization, mailed like the roster's invitations, in the caller's transaction.
 * An active member is refused (409); someone already invited is answered as they are, unmailed.
 */
export async function addPendingUser(
  tx: Executor,
  input: {
    organizationId: string;
    organizationName: string;
    firstName: string;
    lastName: string;
    email: string;
    invitedById: string;
    publicUrl: string;
  },
): Promise<{ user: AssignableUser; invitationId: string | null; created: boolean }> {
  const { person, created } = await personByEmailOrNew(tx, input);
  if (!created && (await activeMembershipRole(tx, input.organizationId, person.id)) !== undefined) {
    throw conflict(rosterMessages.alreadyMember, { email: rosterMessages.alreadyMember });
  }
  const user = {
    id: person.id,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    isPending: true,
  };
  const [invitation] = await tx
    .insert(invitations)
    .values({
      kind: 'ORGANIZATION',
      organizationId: input.organizationId,
      userId: person.id,
      role: 'MEMBER',
      invitedById: input.invitedById,
    })
    .onConflictDoNothing()
    .returning({ id: invitations.id, code: invitations.code });
  if (!invitation) return { user, invitationId: null, created: false };
  await queueMail(tx, {
    to: person.email,
    ...invitationMail({
      kind: 'ORGANIZATION',
      name: input.organizationName,
      firstName: person.firstName,
      link: `${input.publicUrl}${invitationPath('ORGANIZATION', invitation.code)}`,
      newUser: person.passwordHash === null,
    }),
  });
  return { user, invitationId: invitation.id, created };
}
