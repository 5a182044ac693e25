import { randomUUID } from 'node:crypto';
import type { OrganizationRole } from '@portal/domain/people/roles.ts';
import type { Executor } from '../db/client.ts';
import { districts, organizationMemberships, organizations } from '../db/schema/organizations.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword } from '../platform/passwords.ts';

export const testPassword = 'correct-horse-battery';
let passwordHash: Promise<string> | undefined;

export async function createUser(
  db: Executor,
  overrides: Partial<typeof users.$inferInsert> & { password?: string } = {},
) {
  const { password, ...fields } = overrides;
  passwordHash ??= hashPassword(testPassword);
  const unique = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${unique}@example.test`,
      firstName: 'Test',
      lastName: `User ${unique}`,
      passwordHash: password ? await hashPassword(password) : await passwordHash,
      ...fields,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return user;
}

export async function createOrganization(db: Executor, name = `School ${randomUUID().slice(0, 8)}`) {
  const [district] = await db
    .insert(districts)
    .values({ name: `District of ${name}` })
    .returning();
  const [organization] = await db
    .insert(organizations)
    .values({ name, districtId: district?.id ?? null })
    .returning();
  if (!organization) throw new Error('organization not created');
  return organization;
}

export async function addMembership(
  db: Executor,
  organizationId: string,
  userId: string,
  role: OrganizationRole = 'MEMBER',
) {
  const [membership] = await db.insert(organizationMemberships).values({ organizationId, userId, role }).returning();
  if (!membership) throw new Error('membership not created');
  return membership;
}
