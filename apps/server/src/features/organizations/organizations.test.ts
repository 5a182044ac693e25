import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { organizationMessages } from '@portal/domain/organizations/contracts.ts';
import { organizationMemberships, organizations } from '../../db/schema/organizations.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { person, school } from '../../test/school.ts';

const t = useTestApp();

const address = {
  addressLine1: '1 Main St',
  addressLine2: '',
  city: 'Albany',
  stateProvince: 'NY',
  country: 'United States',
  zipPostal: '12207',
  phone: '5185550100',
};
const contact = { firstName: 'Paula', lastName: 'Payer', email: 'Paula.Payer@School.TEST', phone: '', city: 'Troy' };

const url = (organizationId: string, rest = '') => `/api/organizations/${organizationId}${rest}`;

describe('GET /api/organizations/managed', () => {
  it('lists only the organizations the caller runs as an active OWNER or ADMIN', async () => {
    const { user, caller } = await person(t);
    const owned = await createOrganization(t.deps.db, 'Managed B School');
    const administered = await createOrganization(t.deps.db, 'Managed A School');
    const joined = await createOrganization(t.deps.db, 'Managed C School');
    const left = await createOrganization(t.deps.db, 'Managed D School');
    await addMembership(t.deps.db, owned.id, user.id, 'OWNER');
    await addMembership(t.deps.db, administered.id, user.id, 'ADMIN');
    await addMembership(t.deps.db, joined.id, user.id, 'MEMBER');
    const archived = await addMembership(t.deps.db, left.id, user.id, 'ADMIN');
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, archived.id));

    const response = await call(t.app, 'GET', '/api/organizations/managed', { caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { id: administered.id, name: 'Managed A School', districtName: 'District of Managed A School', role: 'ADMIN' },
        { id: owned.id, name: 'Managed B School', districtName: 'District of Managed B School', role: 'OWNER' },
      ],
    });
  });

  it('answers a plain member with no organizations and refuses a signed-out caller', async () => {
    const { member } = await school(t);
    expect((await call(t.app, 'GET', '/api/organizations/managed', { caller: member.caller })).json()).toEqual({
      items: [],
    });
    expect((await call(t.app, 'GET', '/api/organizations/managed')).statusCode).toBe(401);
  });
});

describe('GET /api/organizations/:organizationId', () => {
  it('shows the management page to the OWNER and the ADMIN with their role', async () => {
    const { organization, owner, admin, member } = await school(t);
    const response = await call(t.app, 'GET', url(organization.id), { caller: owner.caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: organization.id,
      name: organization.name,
      districtName: `District of ${organization.name}`,
      organizationType: null,
      mailingAddress: { addressLine1: null, phone: null },
      billingContacts: [],
      ticketRecipient: null,
      packageRequests: [],
      organizationMemberRole: 'OWNER',
    });
    expect(response.json().ticketRecipientOptions).toEqual([
      { membershipId: admin.membership.id, name: 'Adam Admin', email: admin.user.email },
      { membershipId: member.membership.id, name: 'Mia Member', email: member.user.email },
      { membershipId: owner.membership.id, name: 'Olivia Owner', email: owner.user.email },
    ]);
    const asAdmin = await call(t.app, 'GET', url(organization.id), { caller: admin.caller });
    expect(asAdmin.json().organizationMemberRole).toBe('ADMIN');
  });

  it('answers 404 to a member, to another organization’s admin and for an unknown id; 401 signed out', async () => {
    const { organization, member } = await school(t);
    const other = await school(t);
    expect((await call(t.app, 'GET', url(organization.id), { caller: member.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url(organization.id), { caller: other.admin.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url(crypto.randomUUID()), { caller: other.owner.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', url(organization.id))).statusCode).toBe(401);
  });

  it('refuses an id that is not a UUID', async () => {
    const { owner } = await school(t);
    const response = await call(t.app, 'GET', url('42'), { caller: owner.caller });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ organizationId: 'Not an organization id' });
  });
});

describe('PUT /api/organizations/:organizationId/name', () => {
  it('lets the OWNER rename the organization', async () => {
    const { organization, owner } = await school(t);
    const response = await call(t.app, 'PUT', url(organization.id, '/name'), {
      caller: owner.caller,
      body: { name: '  Renamed School ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Renamed School', organizationMemberRole: 'OWNER' });
  });

  it('refuses the ADMIN with 403, a member and another organization’s owner with 404', async () => {
    const { organization, admin, member } = await school(t);
    const other = await school(t);
    const body = { name: 'Not Allowed' };
    const asAdmin = await call(t.app, 'PUT', url(organization.id, '/name'), { caller: admin.caller, body });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().detail).toBe(organizationMessages.ownerOnly);
    expect((await call(t.app, 'PUT', url(organization.id, '/name'), { caller: member.caller, body })).statusCode).toBe(
      404,
    );
    expect(
      (await call(t.app, 'PUT', url(organization.id, '/name'), { caller: other.owner.caller, body })).statusCode,
    ).toBe(404);
  });

  it('refuses a blank name and a name another organization of the district has', async () => {
    const { organization, owner } = await school(t);
    const blank = await call(t.app, 'PUT', url(organization.id, '/name'), {
      caller: owner.caller,
      body: { name: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: organizationMessages.nameRequired });

    await t.deps.db.insert(organizations).values({ name: 'Neighbour School', districtId: organization.districtId });
    const taken = await call(t.app, 'PUT', url(organization.id, '/name'), {
      caller: owner.caller,
      body: { name: 'Neighbour School' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      detail: organizationMessages.nameTaken,
      errors: { name: organizationMessages.nameTaken },
    });
  });
});

describe.each(['mailing', 'billing'] as const)('PUT /api/organizations/:organizationId/%s-address', (kind) => {
  const path = `/${kind}-address`;
  const field = kind === 'mailing' ? 'mailingAddress' : 'billingAddress';

  it('lets the ADMIN and the OWNER save it', async () => {
    const { organization, owner, admin } = await school(t);
    const response = await call(t.app, 'PUT', url(organization.id, path), { caller: admin.caller, body: address });
    expect(response.statusCode).toBe(200);
    expect(response.json()[field]).toEqual({ ...address, addressLine2: null });
    const again = await call(t.app, 'PUT', url(organization.id, path), {
      caller: owner.caller,
      body: { ...address, city: 'Troy' },
    });
    expect(again.json()[field].city).toBe('Troy');
  });

  it('refuses a member and another organization’s admin (404), and a signed-out caller', async () => {
    const { organization, member } = await school(t);
    const other = await school(t);
    expect(
      (await call(t.app, 'PUT', url(organization.id, path), { caller: member.caller, body: address })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'PUT', url(organization.id, path), { caller: other.admin.caller, body: address })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'PUT', url(organization.id, path), { body: address })).statusCode).toBe(401);
  });

  it('refuses missing fields, a long zip and a masked phone with their messages', async () => {
    const { organization, admin } = await school(t);
    const response = await call(t.app, 'PUT', url(organization.id, path), {
      caller: admin.caller,
      body: { ...address, city: '', zipPostal: '12345678901', phone: '(518) 555-0100' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      city: organizationMessages.cityRequired,
      zipPostal: organizationMessages.zipPostalTooLong,
      phone: 'Phone is invalid',
    });
  });
});

describe('billing contacts', () => {
  it('lets the ADMIN add one (201) and edit it; blank parts are unset', async () => {
    const { organization, admin } = await school(t);
    const added = await call(t.app, 'POST', url(organization.id, '/billing-contacts'), {
      caller: admin.caller,
      body: contact,
    });
    expect(added.statusCode).toBe(201);
    const [created] = added.json().billingContacts;
    expect(created).toMatchObject({
      firstName: 'Paula',
      email: 'paula.payer@school.test',
      phone: null,
      city: 'Troy',
      addressLine1: null,
    });

    const edited = await call(t.app, 'PUT', url(organization.id, `/billing-contacts/${created.id}`), {
      caller: admin.caller,
      body: { ...contact, lastName: 'Paid' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().billingContacts).toEqual([expect.objectContaining({ id: created.id, lastName: 'Paid' })]);
  });

  it('refuses a member (404) and a contact of another organization (404)', async () => {
    const { organization, admin, member } = await school(t);
    const other = await school(t);
    expect(
      (await call(t.app, 'POST', url(organization.id, '/billing-contacts'), { caller: member.caller, body: contact }))
        .statusCode,
    ).toBe(404);
    const theirs = await call(t.app, 'POST', url(other.organization.id, '/billing-contacts'), {
      caller: other.admin.caller,
      body: contact,
    });
    const theirContactId = theirs.json().billingContacts[0].id;
    const crossed = await call(t.app, 'PUT', url(organization.id, `/billing-contacts/${theirContactId}`), {
      caller: admin.caller,
      body: contact,
    });
    expect(crossed.statusCode).toBe(404);
    const asOutsider = await call(t.app, 'PUT', url(other.organization.id, `/billing-contacts/${theirContactId}`), {
      caller: admin.caller,
      body: contact,
    });
    expect(asOutsider.statusCode).toBe(404);
  });

  it('refuses an invalid email and a blank first name', async () => {
    const { organization, admin } = await school(t);
    const bad = await call(t.app, 'POST', url(organization.id, '/billing-contacts'), {
      caller: admin.caller,
      body: { ...contact, firstName: '', email: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      firstName: organizationMessages.firstNameRequired,
      email: organizationMessages.emailInvalid,
    });
    const badId = await call(t.app, 'PUT', url(organization.id, '/billing-contacts/nope'), {
      caller: admin.caller,
      body: contact,
    });
    expect(badId.statusCode).toBe(400);
  });
});

describe('PUT /api/organizations/:organizationId/ticket-recipient', () => {
  it('makes an active member the ticket recipient', async () => {
    const { organization, admin, member } = await school(t);
    const response = await call(t.app, 'PUT', url(organization.id, '/ticket-recipient'), {
      caller: admin.caller,
      body: { membershipId: member.membership.id },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().ticketRecipient).toEqual({
      membershipId: member.membership.id,
      name: 'Mia Member',
      email: member.user.email,
    });
  });

  it('refuses a membership of another organization or an archived one on the field', async () => {
    const { organization, admin, member } = await school(t);
    const other = await school(t);
    await t.deps.db
      .update(organizationMemberships)
      .set({ archivedAt: new Date() })
      .where(eq(organizationMemberships.id, member.membership.id));
    for (const membershipId of [other.member.membership.id, member.membership.id]) {
      const response = await call(t.app, 'PUT', url(organization.id, '/ticket-recipient'), {
        caller: admin.caller,
        body: { membershipId },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ membershipId: organizationMessages.ticketRecipientNotMember });
    }
  });

  it('refuses a member (404) and a missing recipient (400)', async () => {
    const { organization, admin, member } = await school(t);
    const body = { membershipId: member.membership.id };
    expect(
      (await call(t.app, 'PUT', url(organization.id, '/ticket-recipient'), { caller: member.caller, body })).statusCode,
    ).toBe(404);
    const missing = await call(t.app, 'PUT', url(organization.id, '/ticket-recipient'), {
      caller: admin.caller,
      body: { membershipId: '' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ membershipId: organizationMessages.ticketRecipientRequired });
  });
});

describe('audit of organization updates', () => {
  it('writes one row per update, by type, and none for a refused one', async () => {
    const { organization, owner, admin, member } = await school(t);
    const as = owner.caller;
    await call(t.app, 'PUT', url(organization.id, '/name'), { caller: admin.caller, body: { name: 'Refused' } });
    await call(t.app, 'PUT', url(organization.id, '/name'), {
      caller: as,
      body: { name: `Audited ${organization.id}` },
    });
    await call(t.app, 'PUT', url(organization.id, '/mailing-address'), { caller: as, body: address });
    await call(t.app, 'PUT', url(organization.id, '/billing-address'), { caller: as, body: address });
    const added = await call(t.app, 'POST', url(organization.id, '/billing-contacts'), { caller: as, body: contact });
    const contactId = added.json().billingContacts[0].id;
    await call(t.app, 'PUT', url(organization.id, `/billing-contacts/${contactId}`), { caller: as, body: contact });
    await call(t.app, 'PUT', url(organization.id, '/ticket-recipient'), {
      caller: as,
      body: { membershipId: member.membership.id },
    });

    const rows = await t.deps.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.subjectType, 'organization'), eq(auditLog.subjectId, organization.id)))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual(
      [
        'organization.name',
        'organization.mailing-address',
        'organization.billing-address',
        'organization.new-billing-contact',
        'organization.billing-contact',
        'organization.ticket-recipient',
      ].map((action) => ({ action, actorId: owner.user.id })),
    );
  });
});
