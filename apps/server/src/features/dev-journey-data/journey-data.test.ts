import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMemberships } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { createUser, testPassword } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

async function peopleCount(): Promise<number> {
  const [row] = await t.deps.db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

describe('POST /api/dev/journey-data', () => {
  it('makes a school of the journey’s own with its people as members in the roles asked', async () => {
    const source = await createUser(t.deps.db);
    const people = [
      { copyOf: source.email, firstName: 'Olive', lastName: 'Journey-O' },
      { copyOf: source.email, firstName: 'Tess', lastName: 'Journey-T' },
    ];
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: { people, organization: { name: 'Journey School', roles: ['OWNER', 'MEMBER'] } },
    });
    expect(answer.statusCode).toBe(201);
    const made = answer.json<{ people: { id: string }[]; organization: { id: string; name: string } }>();
    expect(made.organization.name).toMatch(/^Journey School [0-9a-f]{8}$/);
    const members = await t.deps.db
      .select({ userId: organizationMemberships.userId, role: organizationMemberships.role })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.organizationId, made.organization.id));
    expect(members).toEqual(
      expect.arrayContaining([
        { userId: made.people[0]?.id, role: 'OWNER' },
        { userId: made.people[1]?.id, role: 'MEMBER' },
      ]),
    );
    const mismatched = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: { people, organization: { name: 'Journey School', roles: ['OWNER'] } },
    });
    expect(mismatched.statusCode).toBe(400);
  });

  it("creates fresh people, each with a demo person's role, password, profile and toolkit flags", async () => {
    const source = await createUser(t.deps.db, {
      role: 'STAFF',
      city: 'Riverside',
      stateProvince: 'NY',
      toolKitAccess: true,
      grade3Pilot: true,
    });
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [
          { copyOf: source.email.toUpperCase(), firstName: 'Jules', lastName: 'Journey-1' },
          { copyOf: source.email, firstName: 'Jo', lastName: 'Journey-2' },
        ],
      },
    });
    expect(answer.statusCode).toBe(201);
    const { people } = answer.json<{ people: { id: string; email: string; firstName: string; lastName: string }[] }>();
    expect(people.map(({ firstName, lastName }) => `${firstName} ${lastName}`)).toEqual([
      'Jules Journey-1',
      'Jo Journey-2',
    ]);
    expect(people[0]?.email).toMatch(/^jules\.[0-9a-f-]{12}@journey\.test$/);
    expect(new Set(people.map((person) => person.email)).size).toBe(2);

    const [copy] = await t.deps.db
      .select()
      .from(users)
      .where(eq(users.id, people[0]?.id ?? ''));
    expect(copy).toMatchObject({
      role: 'STAFF',
      city: 'Riverside',
      stateProvince: 'NY',
      toolKitAccess: true,
      grade3Pilot: true,
      grade4Pilot: false,
      passwordHash: source.passwordHash,
    });
    // The copy signs in with the demo person's password.
    const login = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: people[0]?.email, password: testPassword },
    });
    expect(login.statusCode).toBe(200);
  });

  it('answers 404 for an address no one has, and creates no one', async () => {
    const before = await peopleCount();
    const source = await createUser(t.deps.db);
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [
          { copyOf: source.email, firstName: 'Kept', lastName: 'Out' },
          { copyOf: 'nobody@journey.test', firstName: 'No', lastName: 'One' },
        ],
      },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.headers['content-type']).toContain('application/problem+json');
    expect(answer.json<{ detail: string }>().detail).toBe('No person has the address nobody@journey.test.');
    expect(await peopleCount()).toBe(before + 1);
  });

  it('refuses a request without people, or with a name missing', async () => {
    for (const body of [
      { people: [] },
      { people: [{ copyOf: 'staff@demo.test', firstName: ' ', lastName: 'Journey' }] },
      { people: [{ copyOf: 'not an address', firstName: 'Jo', lastName: 'Journey' }] },
    ]) {
      const answer = await call(t.app, 'POST', '/api/dev/journey-data', { body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('without the demo', () => {
  const production = useTestApp({ SEED_DEMO: 'false' });

  it('has no journey-data route', async () => {
    const answer = await call(production.app, 'POST', '/api/dev/journey-data', {
      body: { people: [{ copyOf: 'staff@demo.test', firstName: 'Jo', lastName: 'Journey' }] },
    });
    expect(answer.statusCode).toBe(404);
  });
});
