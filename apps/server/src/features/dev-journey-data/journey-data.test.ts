import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../../db/schema/commerce.ts';
import { districts, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { users } from '../../db/schema/users.ts';
import { addMembership, createOrganization, createUser, testPassword } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

async function peopleCount(): Promise<number> {
  const [row] = await t.deps.db.select({ total: count() }).from(users);
  return row?.total ?? 0;
}

describe('POST /api/dev/journey-data', () => {
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

  it("creates a school owned by one of the fresh people, with the demo school's record and no one else", async () => {
    const source = await createOrganization(t.deps.db);
    await t.deps.db
      .update(organizations)
      .set({ billingCity: 'Springfield', mailingCity: 'Shelbyville' })
      .where(eq(organizations.id, source.id));
    const sourceOwner = await createUser(t.deps.db);
    await addMembership(t.deps.db, source.id, sourceOwner.id, 'OWNER');
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [{ copyOf: sourceOwner.email, firstName: 'Olga', lastName: 'Journey-3' }],
        organizations: [{ copyOf: source.name, name: 'Journey School 3', owner: 0 }],
      },
    });
    expect(answer.statusCode).toBe(201);
    const created = answer.json<{ people: { id: string }[]; organizations: { id: string; name: string }[] }>();
    expect(created.organizations.map((organization) => organization.name)).toEqual(['Journey School 3']);
    const [copy] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, created.organizations[0]?.id ?? ''));
    expect(copy).toMatchObject({
      districtId: source.districtId,
      billingCity: 'Springfield',
      mailingCity: 'Shelbyville',
      createdById: created.people[0]?.id,
    });
    const members = await t.deps.db
      .select({ userId: organizationMemberships.userId, role: organizationMemberships.role })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.organizationId, copy?.id ?? ''));
    expect(members).toEqual([{ userId: created.people[0]?.id, role: 'OWNER' }]);
  });

  it("makes a school's own district and an event on sale its buyer may cancel", async () => {
    const source = await createUser(t.deps.db);
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [{ copyOf: source.email, firstName: 'Opal', lastName: 'Journey-D' }],
        organizations: [{ name: 'Journey School 8', district: 'Journey District 8', owner: 0 }],
        saleEvent: { name: 'Journey Sale 8' },
      },
    });
    expect(answer.statusCode).toBe(201);
    const made = answer.json<{ organizations: { id: string }[]; saleEvent: { id: string; sectionTitle: string } }>();
    const [school] = await t.deps.db
      .select({ district: districts.name })
      .from(organizations)
      .innerJoin(districts, eq(districts.id, organizations.districtId))
      .where(eq(organizations.id, made.organizations[0]?.id ?? ''));
    expect(school?.district).toBe('Journey District 8');
    const [event] = await t.deps.db.select().from(events).where(eq(events.id, made.saleEvent.id));
    expect(event).toMatchObject({ published: true, cancelDaysBefore: 0, kind: 'CONFERENCE_DAY' });
    expect(made.saleEvent.sectionTitle).toBe('Journey workshop');
  });

  it('makes a bare school whose other people join it in the roles asked', async () => {
    const source = await createUser(t.deps.db);
    const answer = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [
          { copyOf: source.email, firstName: 'Olive', lastName: 'Journey-O' },
          { copyOf: source.email, firstName: 'Tess', lastName: 'Journey-T' },
        ],
        organizations: [{ name: 'Journey School 6', owner: 0, members: [{ person: 1, role: 'MEMBER' }] }],
      },
    });
    expect(answer.statusCode).toBe(201);
    const made = answer.json<{ people: { id: string }[]; organizations: { id: string }[] }>();
    const members = await t.deps.db
      .select({ userId: organizationMemberships.userId, role: organizationMemberships.role })
      .from(organizationMemberships)
      .where(eq(organizationMemberships.organizationId, made.organizations[0]?.id ?? ''));
    expect(members).toEqual(
      expect.arrayContaining([
        { userId: made.people[0]?.id, role: 'OWNER' },
        { userId: made.people[1]?.id, role: 'MEMBER' },
      ]),
    );
    expect(members).toHaveLength(2);
    const ownerTwice = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [{ copyOf: source.email, firstName: 'Olive', lastName: 'Journey-O' }],
        organizations: [{ name: 'Journey School 7', owner: 0, members: [{ person: 0, role: 'ADMIN' }] }],
      },
    });
    expect(ownerTwice.statusCode).toBe(400);
  });

  it('answers 404 for an organization no one has and 400 for an owner not in the request, creating nothing', async () => {
    const source = await createUser(t.deps.db);
    const before = await peopleCount();
    const unknown = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [{ copyOf: source.email, firstName: 'Kept', lastName: 'Out' }],
        organizations: [{ copyOf: 'No Such School', name: 'Journey School 4', owner: 0 }],
      },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ detail: string }>().detail).toBe('No organization is named No Such School.');
    const ownerless = await call(t.app, 'POST', '/api/dev/journey-data', {
      body: {
        people: [{ copyOf: source.email, firstName: 'Kept', lastName: 'Out' }],
        organizations: [{ copyOf: 'No Such School', name: 'Journey School 5', owner: 1 }],
      },
    });
    expect(ownerless.statusCode).toBe(400);
    expect(await peopleCount()).toBe(before);
    const schools = await t.deps.db
      .select({ total: count() })
      .from(organizations)
      .where(eq(organizations.name, 'Journey School 4'));
    expect(schools[0]?.total).toBe(0);
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
