import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchRules } from '@portal/domain/organizations/messages.ts';
import { affiliationMessages } from '@portal/domain/organizations/affiliations.ts';
import { phoneMessages } from '@portal/domain/contact.ts';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { grades, organizationTypes, positions } from '../../db/schema/lookups.ts';
import { districts, organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { createUser, testPassword } from '../../test/factories.ts';
import { call, signIn, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

async function member(): Promise<Caller> {
  const user = await createUser(t.deps.db);
  return signIn(t.app, user.email, testPassword);
}

const names = (response: { json: () => unknown }) =>
  (response.json() as { items: { name: string }[] }).items.map((item) => item.name);

const search = (caller: Caller, path: string, params: Record<string, string | number>) =>
  call(
    t.app,
    'GET',
    `${path}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString()}`,
    { caller },
  );

describe('GET /api/organizations/search', () => {
  it('finds names containing the term, closest first, ten at a time with the total', async () => {
    const caller = await member();
    const [district] = await t.deps.db.insert(districts).values({ name: 'Quillfeather School District' }).returning();
    await t.deps.db.insert(organizations).values(
      Array.from({ length: 23 }, (_, i) => ({
        name: `Quillfeather Academy ${String(i + 1).padStart(2, '0')}`,
        districtId: district?.id ?? null,
        mailingCity: 'Quillton',
        mailingStateProvince: 'VT',
      })),
    );
    await t.deps.db.insert(organizations).values({ name: 'Quillfeather' });

    const first = await search(caller, '/api/organizations/search', { search: 'quillfeather' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 24, totalCapped: false });
    expect(first.json().items).toHaveLength(10);
    // The exact name is the closest match; then names by alphabet.
    expect(first.json().items[0]).toEqual({
      id: expect.any(String),
      name: 'Quillfeather',
      districtName: null,
      city: null,
      stateProvince: null,
    });
    expect(first.json().items[1]).toEqual({
      id: expect.any(String),
      name: 'Quillfeather Academy 01',
      districtName: 'Quillfeather School District',
      city: 'Quillton',
      stateProvince: 'VT',
    });
    const third = await search(caller, '/api/organizations/search', { search: 'ACADEMY 1', skip: 0, take: 10 });
    expect(names(third)).toEqual(Array.from({ length: 10 }, (_, i) => `Quillfeather Academy 1${i}`));
    const last = await search(caller, '/api/organizations/search', { search: 'quillfeather', skip: 20 });
    expect(last.json()).toMatchObject({ total: 24 });
    expect(last.json().items).toHaveLength(4);
    const past = await search(caller, '/api/organizations/search', { search: 'quillfeather', skip: 40 });
    expect(past.json()).toEqual({ items: [], total: 24, totalCapped: false });
  });

  it('counts a term more than 1,000 names contain as over 1,000 and lists its matches by name', async () => {
    const caller = await member();
    // Inserted in an order unlike the name order, which also differs from the closest-first order.
    await t.deps.db.execute(sql`insert into organizations (name)
      select 'Wrenwood Campus ' || lpad(((g * 7919) % 1001)::text, 4, '0') from generate_series(0, 1000) g`);
    await t.deps.db.insert(organizations).values({ name: 'Wrenwood' });

    const broad = await search(caller, '/api/organizations/search', { search: 'wrenwood' });
    expect(broad.json()).toMatchObject({ total: searchRules.countedMatches, totalCapped: true });
    expect(names(broad)).toEqual([
      'Wrenwood',
      ...Array.from({ length: 9 }, (_, i) => `Wrenwood Campus ${String(i).padStart(4, '0')}`),
    ]);
    const next = await search(caller, '/api/organizations/search', { search: 'wrenwood', skip: 10, take: 2 });
    expect(names(next)).toEqual(['Wrenwood Campus 0009', 'Wrenwood Campus 0010']);

    // A narrower term is counted exactly and ranked closest first again.
    const narrow = await search(caller, '/api/organizations/search', { search: 'campus 09' });
    expect(narrow.json()).toMatchObject({ total: 100, totalCapped: false });
    expect(names(narrow)).toHaveLength(10);
  });

  it('treats % and _ as plain characters', async () => {
    const caller = await member();
    await t.deps.db
      .insert(organizations)
      .values([{ name: 'Zephyr 100% Charter' }, { name: 'Zephyr_Lab School' }, { name: 'Zephyr Lab School' }]);
    const percent = await search(caller, '/api/organizations/search', { search: '0% C' });
    expect(names(percent)).toEqual(['Zephyr 100% Charter']);
    const underscore = await search(caller, '/api/organizations/search', { search: 'r_La' });
    expect(names(underscore)).toEqual(['Zephyr_Lab School']);
    expect((await search(caller, '/api/organizations/search', { search: '%%%' })).json()).toEqual({
      items: [],
      total: 0,
      totalCapped: false,
    });
  });

  it('needs 3 characters, a signed-in caller and a sane page', async () => {
    const caller = await member();
    const short = await search(caller, '/api/organizations/search', { search: ' ab ' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual({ search: 'Type at least 3 characters' });
    expect((await search(caller, '/api/organizations/search', { search: 'abc', take: 500 })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/organizations/search?search=abcd')).statusCode).toBe(401);
  });
});

describe('GET /api/districts/search', () => {
  it('finds districts by part of the name, escapes wildcards, needs 3 characters and a signed-in caller', async () => {
    const caller = await member();
    await t.deps.db
      .insert(districts)
      .values([{ name: 'Yarrowfield School District' }, { name: 'Yarrow_field Unified' }]);
    const found = await search(caller, '/api/districts/search', { search: 'yarrowfield' });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual({
      items: [{ id: expect.any(String), name: 'Yarrowfield School District' }],
      total: 1,
      totalCapped: false,
    });
    expect(names(await search(caller, '/api/districts/search', { search: 'w_f' }))).toEqual(['Yarrow_field Unified']);
    expect((await search(caller, '/api/districts/search', { search: 'ya' })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/districts/search?search=yarrow')).statusCode).toBe(401);
  });
});

describe('POST /api/organizations (Create a New Organization)', () => {
  async function form(overrides: Record<string, unknown> = {}) {
    const [school] = await t.deps.db.select().from(organizationTypes).where(eq(organizationTypes.name, 'School'));
    const [teacher] = await t.deps.db.select().from(positions).where(eq(positions.name, 'TEACHER'));
    const gradeRows = await t.deps.db.select().from(grades).orderBy(asc(grades.sortOrder));
    return {
      organizationTypeId: school?.id,
      organizationName: `Brand New School ${crypto.randomUUID().slice(0, 6)}`,
      addressLine1: '12 Main Street',
      addressLine2: '',
      city: 'Springfield',
      stateProvince: 'IL',
      country: 'United States',
      zipPostal: '62701',
      phone: '2175550100',
      positionId: teacher?.id,
      gradeIds: [gradeRows[3]?.id, gradeRows[2]?.id],
      isUnaffiliatedToDistrict: false,
      ...overrides,
    };
  }

  it('creates the district from a new name (reusing one of the same name in any case), the organization and a MEMBER affiliation', async () => {
    const caller = await member();
    const body = await form({ districtName: 'Brandnew County Schools' });
    const response = await call(t.app, 'POST', '/api/organizations', { caller, body });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: affiliationMessages.created,
      organization: { id: expect.any(String), name: body.organizationName },
      affiliation: expect.objectContaining({
        organizationName: body.organizationName,
        districtName: 'Brandnew County Schools',
        role: 'MEMBER',
        positionLabel: 'Teacher',
        grades: ['1', '2'],
      }),
    });
    const [organization] = await t.deps.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, response.json().organization.id));
    expect(organization).toMatchObject({
      mailingAddressLine1: '12 Main Street',
      mailingAddressLine2: null,
      mailingPhone: '2175550100',
      mailingZipPostal: '62701',
    });
    const [audited] = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectId, organization?.id ?? ''));
    expect(audited).toMatchObject({ action: 'organization.create', subjectType: 'organization' });

    const sameDistrict = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: await form({ districtName: 'BRANDNEW county schools' }),
    });
    expect(sameDistrict.json().affiliation.districtName).toBe('Brandnew County Schools');
    const named = await t.deps.db
      .select()
      .from(districts)
      .where(eq(sql`lower(${districts.name})`, 'brandnew county schools'));
    expect(named).toHaveLength(1);

    const duplicate = await call(t.app, 'POST', '/api/organizations', { caller, body: { ...body } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().errors).toEqual({ organizationName: affiliationMessages.organizationExists });
  });

  it('uses an existing district by id, or none when not part of a district', async () => {
    const caller = await member();
    const [district] = await t.deps.db.insert(districts).values({ name: 'Existing Id District' }).returning();
    const withId = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: await form({ districtId: district?.id }),
    });
    expect(withId.statusCode).toBe(201);
    expect(withId.json().affiliation.districtName).toBe('Existing Id District');

    const unaffiliated = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: await form({ isUnaffiliatedToDistrict: true, districtName: 'Ignored District' }),
    });
    expect(unaffiliated.statusCode).toBe(201);
    expect(unaffiliated.json().affiliation.districtName).toBeNull();
    expect(await t.deps.db.select().from(districts).where(eq(districts.name, 'Ignored District'))).toHaveLength(0);
    const memberships = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(eq(organizationMemberships.organizationId, unaffiliated.json().organization.id));
    expect(memberships).toMatchObject([{ role: 'MEMBER' }]);

    const unknownDistrict = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: await form({ districtId: crypto.randomUUID() }),
    });
    expect(unknownDistrict.statusCode).toBe(400);
    expect(unknownDistrict.json().errors).toEqual({ districtId: affiliationMessages.districtRequired });
  });

  it('refuses a signed-out caller and answers bad input with the exact messages', async () => {
    expect(
      (await call(t.app, 'POST', '/api/organizations', { body: await form({ districtName: 'X' }) })).statusCode,
    ).toBe(401);
    const caller = await member();
    const response = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: {
        organizationTypeId: '',
        organizationName: ' ',
        addressLine1: '',
        city: '',
        stateProvince: '',
        country: '',
        zipPostal: '',
        phone: '',
        positionId: '',
        gradeIds: [],
        isUnaffiliatedToDistrict: false,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      organizationTypeId: affiliationMessages.selectionRequired,
      organizationName: affiliationMessages.nameRequired,
      addressLine1: organizationMessages.addressLine1Required,
      city: organizationMessages.cityRequired,
      stateProvince: organizationMessages.stateProvinceRequired,
      country: organizationMessages.countryRequired,
      zipPostal: organizationMessages.zipPostalRequired,
      phone: phoneMessages.required,
      positionId: affiliationMessages.selectionRequired,
      gradeIds: affiliationMessages.selectionRequired,
      districtId: affiliationMessages.districtRequired,
    });
    const unknownType = await call(t.app, 'POST', '/api/organizations', {
      caller,
      body: await form({ organizationTypeId: crypto.randomUUID(), districtName: 'Y' }),
    });
    expect(unknownType.statusCode).toBe(400);
    expect(unknownType.json().errors).toEqual({ organizationTypeId: affiliationMessages.selectionRequired });
  });
});
