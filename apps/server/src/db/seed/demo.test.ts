import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../client.ts';
import { createTestDatabase } from '../../test/database.ts';
import { billingContacts, districts, invitations, organizationMembershipGrades, organizations } from '../schema/organizations.ts';
import { mailMessages } from '../schema/platform.ts';
import { users } from '../schema/users.ts';
import { seedDemo } from './demo.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, new Date('2026-11-22T15:00:00Z'));
});
afterAll(async () => {
  await database?.close();
});

async function counts() {
  const db = database.db;
  const total = async (table: typeof organizations | typeof districts | typeof billingContacts | typeof invitations | typeof mailMessages | typeof organizationMembershipGrades) =>
    (await db.select({ n: count() }).from(table))[0]?.n;
  return {
    organizations: await total(organizations),
    districts: await total(districts),
    billingContacts: await total(billingContacts),
    invitations: await total(invitations),
    mail: await total(mailMessages),
    grades: await total(organizationMembershipGrades),
  };
}

describe('demo seed', () => {
  it('fills the demo schools, invitations and 5,000 generated organizations, and a second run adds nothing', async () => {
    await seedDemo(database.db, 'http://portal.test');
    const first = await counts();
    expect(first).toMatchObject({ organizations: 5002, districts: 201, billingContacts: 2, invitations: 2, mail: 2 });
    expect(first.grades).toBeGreaterThan(10);

    const schools = await database.db
      .select({ name: organizations.name, city: organizations.mailingCity, billing: organizations.billingAddressLine1, recipient: users.email })
      .from(organizations)
      .innerJoin(sql`organization_memberships m`, sql`m.id = ${organizations.ticketRecipientMembershipId}`)
      .innerJoin(users, sql`${users.id} = m.user_id`)
      .where(isNotNull(organizations.ticketRecipientMembershipId));
    expect(schools).toEqual(
      expect.arrayContaining([
        { name: 'Lincoln Elementary School', city: 'Riverside', billing: '500 Main Street', recipient: 'admin.lincoln@demo.test' },
        { name: 'Washington Middle School', city: 'Riverside', billing: '500 Main Street', recipient: 'admin.washington@demo.test' },
      ]),
    );

    const [nina] = await database.db.select().from(users).where(eq(users.email, 'new.teacher@demo.test'));
    expect(nina?.passwordHash).toBeNull();
    const [invitation] = await database.db.select().from(invitations).where(and(eq(invitations.userId, nina?.id ?? ''), eq(invitations.status, 'SENT')));
    expect(invitation?.kind).toBe('ORGANIZATION');
    const [mail] = await database.db.select().from(mailMessages).where(eq(mailMessages.to, 'new.teacher@demo.test'));
    expect(mail?.subject).toBe('You are invited to Lincoln Elementary School');
    expect(mail?.text).toContain(`http://portal.test/members/accept-organization-invitation/${invitation?.code}`);
    const [district] = await database.db.select().from(invitations).where(eq(invitations.kind, 'DISTRICT'));
    expect(district?.status).toBe('SENT');

    await seedDemo(database.db, 'http://portal.test');
    expect(await counts()).toEqual(first);
  });
});
