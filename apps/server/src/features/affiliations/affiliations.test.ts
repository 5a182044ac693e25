import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { affiliationMessages } from '@portal/domain/organizations/affiliations.ts';
import { grades, positions } from '../../db/schema/lookups.ts';
import { organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { addMembership, createOrganization, createUser, testPassword } from '../../test/factories.ts';
import { call, signIn, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

async function lookups() {
  const gradeRows = await t.deps.db.select().from(grades).orderBy(asc(grades.sortOrder));
  const positionRows = await t.deps.db.select().from(positions);
  const grade = (name: string) => gradeRows.find((g) => g.name === name)?.id ?? '';
  const position = (name: string) => positionRows.find((p) => p.name === name)?.id ?? '';
  return { grade, position };
}

async function member() {
  const user = await createUser(t.deps.db);
  return { user, caller: await signIn(t.app, user.email, testPassword) };
}

describe('GET /api/affiliations', () => {
  it('lists the caller’s active memberships with district, position label and grades in grade order', async () => {
    const { grade, position } = await lookups();
    const { user, caller } = await member();
    const school = await createOrganization(t.deps.db, 'Listed Elementary School');
    const archived = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, archived.id, user.id);
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.organizationId, archived.id));
    const added = await call(t.app, 'POST', '/api/affiliations', {
      caller,
      body: {
        organizationId: school.id,
        positionId: position('COACH'),
        gradeIds: [grade('3'), grade('Pre-K'), grade('K')],
      },
    });
    expect(added.statusCode).toBe(201);

    const response = await call(t.app, 'GET', '/api/affiliations', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        {
          membershipId: added.json().membershipId,
          organizationId: school.id,
          organizationName: 'Listed Elementary School',
          districtName: 'District of Listed Elementary School',
          role: 'MEMBER',
          positionId: position('COACH'),
          positionLabel: 'Instructional Coach',
          gradeIds: [grade('Pre-K'), grade('K'), grade('3')],
          grades: ['Pre-K', 'K', '3'],
        },
      ],
    });
    expect((await call(t.app, 'GET', '/api/affiliations')).statusCode).toBe(401);
  });
});

describe('POST /api/affiliations', () => {
  it('joins as MEMBER, refuses a second active affiliation with 409 and re-activates an archived one', async () => {
    const { grade, position } = await lookups();
    const { user, caller } = await member();
    const school = await createOrganization(t.deps.db);
    const body = { organizationId: school.id, positionId: position('TEACHER'), gradeIds: [grade('1')] };
    const first = await call(t.app, 'POST', '/api/affiliations', { caller, body });
    expect(first.json()).toMatchObject({ role: 'MEMBER', grades: ['1'] });

    const twice = await call(t.app, 'POST', '/api/affiliations', { caller, body });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(affiliationMessages.alreadyAffiliated);

    expect((await call(t.app, 'DELETE', `/api/affiliations/${first.json().membershipId}`, { caller })).statusCode).toBe(
      204,
    );
    const back = await call(t.app, 'POST', '/api/affiliations', {
      caller,
      body: { ...body, gradeIds: [grade('2'), grade('2')] },
    });
    expect(back.statusCode).toBe(201);
    expect(back.json()).toMatchObject({ membershipId: first.json().membershipId, grades: ['2'] });
    const rows = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, user.id));
    expect(rows).toHaveLength(1);
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.actorId, user.id))
      .orderBy(asc(auditLog.id));
    expect(actions.map((a) => a.action)).toEqual(['affiliation.create', 'affiliation.remove', 'affiliation.create']);
  });

  it('refuses a signed-out caller and answers bad input with the domain messages, field by field', async () => {
    const { caller } = await member();
    expect(
      (await call(t.app, 'POST', '/api/affiliations', { body: { organizationId: crypto.randomUUID() } })).statusCode,
    ).toBe(401);
    const empty = await call(t.app, 'POST', '/api/affiliations', {
      caller,
      body: { organizationId: '', positionId: '', gradeIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({
      organizationId: affiliationMessages.organizationRequired,
      positionId: affiliationMessages.positionRequired,
      gradeIds: affiliationMessages.gradesRequired,
    });
    const unknown = await call(t.app, 'POST', '/api/affiliations', {
      caller,
      body: { organizationId: crypto.randomUUID(), positionId: crypto.randomUUID(), gradeIds: [crypto.randomUUID()] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({
      organizationId: affiliationMessages.organizationRequired,
      positionId: affiliationMessages.positionRequired,
      gradeIds: affiliationMessages.gradesRequired,
    });
  });
});

describe('PUT /api/affiliations/:membershipId', () => {
  it('changes position and grades in place, and moves to another organization by archive + join', async () => {
    const { grade, position } = await lookups();
    const { user, caller } = await member();
    const first = await createOrganization(t.deps.db);
    const second = await createOrganization(t.deps.db);
    const created = await call(t.app, 'POST', '/api/affiliations', {
      caller,
      body: { organizationId: first.id, positionId: position('TEACHER'), gradeIds: [grade('5')] },
    });
    const id = created.json().membershipId;
    await t.deps.db
      .update(organizations)
      .set({ ticketRecipientMembershipId: id })
      .where(eq(organizations.id, first.id));

    const edited = await call(t.app, 'PUT', `/api/affiliations/${id}`, {
      caller,
      body: { organizationId: first.id, positionId: position('LIBRARIAN'), gradeIds: [grade('6'), grade('4')] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ membershipId: id, positionLabel: 'Librarian', grades: ['4', '6'] });

    const moved = await call(t.app, 'PUT', `/api/affiliations/${id}`, {
      caller,
      body: { organizationId: second.id, positionId: position('LIBRARIAN'), gradeIds: [grade('6')] },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ organizationId: second.id, grades: ['6'] });
    expect(moved.json().membershipId).not.toBe(id);
    const rows = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(eq(organizationMemberships.userId, user.id));
    expect(rows.find((r) => r.id === id)?.archivedAt).not.toBeNull();
    const [organization] = await t.deps.db.select().from(organizations).where(eq(organizations.id, first.id));
    expect(organization?.ticketRecipientMembershipId).toBeNull();
  });

  it('refuses someone else’s membership with 404, an OWNER moving away with 403, and a malformed id with 400', async () => {
    const { grade, position } = await lookups();
    const { user, caller } = await member();
    const other = await createUser(t.deps.db);
    const school = await createOrganization(t.deps.db);
    const elsewhere = await createOrganization(t.deps.db);
    const theirs = await addMembership(t.deps.db, school.id, other.id);
    const body = { organizationId: school.id, positionId: position('TEACHER'), gradeIds: [grade('1')] };
    expect((await call(t.app, 'PUT', `/api/affiliations/${theirs.id}`, { caller, body })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', '/api/affiliations/nope', { caller, body })).statusCode).toBe(400);

    const owned = await addMembership(t.deps.db, elsewhere.id, user.id, 'OWNER');
    const away = await call(t.app, 'PUT', `/api/affiliations/${owned.id}`, { caller, body });
    expect(away.statusCode).toBe(403);
    expect(away.json().detail).toBe(affiliationMessages.ownerCannotRemove);
    const inPlace = await call(t.app, 'PUT', `/api/affiliations/${owned.id}`, {
      caller,
      body: { ...body, organizationId: elsewhere.id },
    });
    expect(inPlace.json()).toMatchObject({ role: 'OWNER', grades: ['1'] });
  });
});

describe('DELETE /api/affiliations/:membershipId', () => {
  it('archives the caller’s own membership, refuses the OWNER’s, someone else’s and a signed-out caller', async () => {
    const { user, caller } = await member();
    const school = await createOrganization(t.deps.db);
    const owned = await addMembership(t.deps.db, school.id, user.id, 'OWNER');
    const refused = await call(t.app, 'DELETE', `/api/affiliations/${owned.id}`, { caller });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('An owner cannot remove this affiliation. Please contact support.');

    const other = await member();
    expect((await call(t.app, 'DELETE', `/api/affiliations/${owned.id}`, { caller: other.caller })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'DELETE', `/api/affiliations/${owned.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/affiliations/123', { caller })).statusCode).toBe(400);

    const joined = await addMembership(t.deps.db, (await createOrganization(t.deps.db)).id, user.id);
    expect((await call(t.app, 'DELETE', `/api/affiliations/${joined.id}`, { caller })).statusCode).toBe(204);
    expect((await call(t.app, 'DELETE', `/api/affiliations/${joined.id}`, { caller })).statusCode).toBe(404);
    const [row] = await t.deps.db
      .select()
      .from(organizationMemberships)
      .where(and(eq(organizationMemberships.id, joined.id), eq(organizationMemberships.userId, user.id)));
    expect(row?.archivedAt).not.toBeNull();
  });
});
