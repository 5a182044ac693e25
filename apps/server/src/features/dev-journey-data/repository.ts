import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
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

export interface OrganizationRequest {
  copyOf: string;
  name: string;
}

/**
 * A new organization with the record of the one named `copyOf` (district, type, addresses) under a new
 * name, owned by `ownerId`; no other member, ticket or request. Null when no organization has that name.
 */
export async function copyOrganization(db: Executor, request: OrganizationRequest, ownerId: string) {
  const [source] = await db.select().from(organizations).where(eq(organizations.name, request.copyOf)).limit(1);
  if (!source) return null;
  const {
    id: _id,
    name: _name,
    ticketRecipientMembershipId: _recipient,
    createdAt: _created,
    updatedAt: _updated,
    ...own
  } = source;
  const [copy] = await db
    .insert(organizations)
    .values({ ...own, name: request.name, createdById: ownerId })
    .returning({ id: organizations.id, name: organizations.name });
  if (!copy) return null;
  await db.insert(organizationMemberships).values({ organizationId: copy.id, userId: ownerId, role: 'OWNER' });
  return copy;
}
