import {
  freshAffiliation,
  freshInvitationFor,
  freshMember,
  freshOrganization,
  newEmail,
  uniqueName,
  type World,
} from '../fixtures.ts';
import { managersOfA, memberOfA, ownerOfA, signedIn, staffOnly, type Rows } from './rows.ts';

const address = {
  addressLine1: '1 School Street',
  addressLine2: '',
  city: 'Albany',
  stateProvince: 'NY',
  country: 'United States',
  zipPostal: '12207',
  phone: '5185550100',
};
const contact = { firstName: 'Paula', lastName: 'Payer', email: 'paula@school-a.test', phone: '', city: 'Troy' };

const a = (w: World) => w.schoolA.organization.id;
const affiliationBody = (w: World, organizationId: string) => ({
  organizationId,
  positionId: w.lookups.teacherId,
  gradeIds: w.lookups.gradeIds,
});

/** Organization management, the roster, invitations and affiliations: the school of the URL is school A. */
export const organizationRows: Rows = {
  'GET /api/organizations/managed': { expect: signedIn(200) },
  'GET /api/organizations/search': { input: () => ({ query: { search: 'School' } }), expect: signedIn(200) },
  'GET /api/districts/search': { input: () => ({ query: { search: 'District' } }), expect: signedIn(200) },
  'POST /api/organizations': {
    input: (w) => ({
      body: {
        organizationTypeId: w.lookups.schoolTypeId,
        organizationName: uniqueName('Matrix School'),
        ...address,
        positionId: w.lookups.teacherId,
        gradeIds: w.lookups.gradeIds,
        isUnaffiliatedToDistrict: true,
      },
    }),
    expect: signedIn(201),
  },

  'GET /api/organizations/:organizationId': {
    input: (w) => ({ params: { organizationId: a(w) } }),
    expect: managersOfA(200),
  },
  'PUT /api/organizations/:organizationId/name': {
    input: (w) => ({ params: { organizationId: a(w) }, body: { name: uniqueName('School A') } }),
    expect: ownerOfA(200),
  },
  'PUT /api/organizations/:organizationId/mailing-address': {
    input: (w) => ({ params: { organizationId: a(w) }, body: address }),
    expect: managersOfA(200),
  },
  'PUT /api/organizations/:organizationId/billing-address': {
    input: (w) => ({ params: { organizationId: a(w) }, body: address }),
    expect: managersOfA(200),
  },
  'POST /api/organizations/:organizationId/billing-contacts': {
    input: (w) => ({ params: { organizationId: a(w) }, body: contact }),
    expect: managersOfA(201),
  },
  'PUT /api/organizations/:organizationId/billing-contacts/:contactId': {
    input: (w) => ({ params: { organizationId: a(w), contactId: w.contact.id }, body: contact }),
    expect: managersOfA(200),
  },
  'PUT /api/organizations/:organizationId/ticket-recipient': {
    input: (w) => ({ params: { organizationId: a(w) }, body: { membershipId: w.schoolA.member.membership.id } }),
    expect: managersOfA(200),
  },
  'GET /api/organizations/:organizationId/roster': {
    input: (w) => ({ params: { organizationId: a(w) } }),
    expect: managersOfA(200),
  },
  'DELETE /api/organizations/:organizationId/members/:userId': {
    input: async (w) => ({ params: { organizationId: a(w), userId: (await freshMember(w, a(w))).user.id } }),
    expect: managersOfA(200),
  },
  'PUT /api/organizations/:organizationId/memberships/:membershipId/role': {
    input: async (w) => ({
      params: { organizationId: a(w), membershipId: (await freshMember(w, a(w))).membership.id },
      body: { role: 'ADMIN' },
    }),
    expect: ownerOfA(200),
  },
  'PUT /api/organizations/:organizationId/members/:userId/toolkit-access': {
    input: (w) => ({
      params: { organizationId: a(w), userId: w.schoolA.member.user.id },
      body: { toolKitAccess: true },
    }),
    expect: managersOfA(200),
  },
  'POST /api/organizations/:organizationId/invitations': {
    input: (w) => ({
      params: { organizationId: a(w) },
      body: {
        email: newEmail('invitee'),
        firstName: 'Nina',
        lastName: 'Newman',
        address1: '1 School Street',
        city: 'Riverside',
        stateProvince: 'NY',
        zipPostal: '10001',
        country: 'United States',
        positionId: w.lookups.teacherId,
        gradeIds: w.lookups.gradeIds,
        toolkitAccess: false,
        dateOfBirth: '02/29/1996',
        ssnLastFour: 1234,
      },
    }),
    expect: managersOfA(201),
  },
  'GET /api/organizations/:organizationId/assignable-users': {
    why: 'Staff allocate tickets for a school (api.md: manager of it, or staff).',
    input: (w) => ({ params: { organizationId: a(w) } }),
    expect: { ...managersOfA(200), staff: 200 },
  },
  'POST /api/organizations/:organizationId/pending-users': {
    why: 'Staff allocate tickets for a school (api.md: manager of it, or staff).',
    input: (w) => ({
      params: { organizationId: a(w) },
      body: { firstName: 'Pat', lastName: 'Pending', email: newEmail('pending'), organizationId: a(w) },
    }),
    expect: { ...managersOfA(201), staff: 201 },
  },
  'POST /api/organizations/:organizationId/pending-users/list': {
    why: 'A pasted list is many "+ Add New User"s: the same callers (manager of the school, or staff).',
    input: (w) => ({
      params: { organizationId: a(w) },
      body: { people: [{ email: newEmail('listed'), firstName: 'Lee', lastName: 'Listed' }] },
    }),
    expect: { ...managersOfA(200), staff: 200 },
  },

  'POST /api/invitations/:code/accept': {
    why: 'Only the invited person accepts (403 wrongUser for anyone else signed in); staff viewing as them act for them.',
    input: async (w) => ({ params: { code: await freshInvitationFor(w, w.schoolA.member.user.id) } }),
    expect: { ...staffOnly(403), staff: 403, member: 200, staffAsMember: 200 },
  },

  'GET /api/affiliations': { expect: signedIn(200) },
  'POST /api/affiliations': {
    input: async (w) => ({ body: affiliationBody(w, (await freshOrganization(w)).id) }),
    expect: signedIn(201),
  },
  'PUT /api/affiliations/:membershipId': {
    input: async (w) => {
      const { organization, membership } = await freshAffiliation(w, w.schoolA.member.user.id);
      return { params: { membershipId: membership.id }, body: affiliationBody(w, organization.id) };
    },
    expect: memberOfA(200),
  },
  'DELETE /api/affiliations/:membershipId': {
    input: async (w) => ({
      params: { membershipId: (await freshAffiliation(w, w.schoolA.member.user.id)).membership.id },
    }),
    expect: memberOfA(204),
  },
};
