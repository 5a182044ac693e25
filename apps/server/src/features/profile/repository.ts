import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { positions } from '../../db/schema/lookups.ts';
import {
  districts,
  mailingAddressColumns,
  organizationMemberships,
  organizations,
} from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';

export async function findProfileUser(db: Executor, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      address1: users.address1,
      address2: users.address2,
      city: users.city,
      stateProvince: users.stateProvince,
      zipPostal: users.zipPostal,
      country: users.country,
      phone: users.phone,
      dateOfBirthEncrypted: users.dateOfBirthEncrypted,
      last4SsnEncrypted: users.last4SsnEncrypted,
      background: users.background,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
export type ProfileUserRow = NonNullable<Awaited<ReturnType<typeof findProfileUser>>>;

/** The member's active organization memberships, grades in grade order: one query, whatever their number. */
export async function listActiveMemberships(db: Executor, userId: string) {
  return db
    .select({
      id: organizationMemberships.id,
      organizationId: organizations.id,
      organizationName: organizations.name,
      districtName: districts.name,
      mailingAddress: mailingAddressColumns,
      role: organizationMemberships.role,
      positionLabel: positions.label,
      grades: sql<string[]>`coalesce((
          select array_agg(g.name order by g.sort_order)
          from organization_membership_grades mg join grades g on g.id = mg.grade_id
          where mg.membership_id = organization_memberships.id
        ), '{}')`,
    })
    .from(organizationMemberships)
    .innerJoin(organizations, eq(organizations.id, organizationMemberships.organizationId))
    .leftJoin(districts, eq(districts.id, organizations.districtId))
    .leftJoin(positions, eq(positions.id, organizationMemberships.positionId))
    .where(and(eq(organizationMemberships.userId, userId), isNull(organizationMemberships.archivedAt)))
    .orderBy(asc(organizations.name), asc(organizations.id));
}

/** Another user already holding this address, compared as the unique index compares: lowercased. */
export async function emailTakenByAnother(db: Executor, email: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, userId)));
  return row !== undefined;
}

/** The columns of a member's own row that a profile or email change writes. */
export type ProfileChanges = Partial<typeof users.$inferInsert>;

export async function updateProfileUser(db: Executor, userId: string, changes: ProfileChanges) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}
