import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import { organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

export interface PersonRequest {
  copyOf: string;
  firstName: string;
  lastName: string;
}

/** An address no seeded or invited person has: the journey's own. */
function freshEmail(firstName: string): string {
  const local = firstName.toLowerCase().replace(/[^a-z]+/g, '') || 'person';
  return `${local}.${randomUUID().slice(0, 12)}@journey.test`;
}

/**
 * A new person with everything the person at `copyOf` has on their own record (role, password,
 * profile, toolkit flags) under a new name and address; no membership, cart or history. Null when no
 * one has that address.
 */
export async function copyPerson(db: Executor, request: PersonRequest) {
  const [source] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${request.copyOf.trim().toLowerCase()}`);
  if (!source) return null;
  const {
    id: _id,
    email: _email,
    authProviderId: _provider,
    createdAt: _created,
    updatedAt: _updated,
    ...own
  } = source;
  const [copy] = await db
    .insert(users)
    .values({
      ...own,
      email: freshEmail(request.firstName),
      firstName: request.firstName,
      lastName: request.lastName,
    })
    .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
  return copy ?? null;
}

/** A school of the journey's own (its name made unique), with the journey's people as its members. */
export async function insertJourneyOrganization(
  db: Executor,
  name: string,
  members: readonly { userId: string; role: OrganizationRole }[],
) {
  const [organization] = await db
    .insert(organizations)
    .values({ name: `${name} ${randomUUID().slice(0, 8)}` })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error('organization not created');
  await db
    .insert(organizationMemberships)
    .values(members.map((member) => ({ organizationId: organization.id, userId: member.userId, role: member.role })));
  return organization;
}
