import type { OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import type { RosterPage, RosterRow } from '@portal/domain/organizations/roster.ts';

export const organizationId = '00000000-0000-4000-8000-00000000a001';

const emptyAddress = {
  addressLine1: null,
  addressLine2: null,
  city: null,
  stateProvince: null,
  country: null,
  zipPostal: null,
  phone: null,
};

/** GET /api/organizations/{id} for Lincoln Elementary, as its OWNER sees it unless told otherwise. */
export function anOrganization(overrides: Partial<OrganizationDetail> = {}): OrganizationDetail {
  return {
    id: organizationId,
    name: 'Lincoln Elementary School',
    districtName: 'Capital District',
    organizationType: 'School',
    mailingAddress: {
      addressLine1: '1 School Road',
      addressLine2: null,
      city: 'Albany',
      stateProvince: 'NY',
      country: 'United States',
      zipPostal: '12208',
      phone: '5185550199',
    },
    billingAddress: emptyAddress,
    billingContacts: [],
    ticketRecipient: null,
    ticketRecipientOptions: [
      { membershipId: '00000000-0000-4000-8000-00000000b001', name: 'Olivia Owens', email: 'owner@example.test' },
      { membershipId: '00000000-0000-4000-8000-00000000b002', name: 'Tara Thompson', email: 'tara@example.test' },
    ],
    packageRequests: [],
    organizationMemberRole: 'OWNER',
    ...overrides,
  };
}

function row(overrides: Partial<RosterRow> & Pick<RosterRow, 'userId' | 'firstName' | 'lastName'>): RosterRow {
  return {
    membershipId: `membership-${overrides.userId}`,
    invitationId: null,
    email: `${overrides.firstName.toLowerCase()}@example.test`,
    role: 'MEMBER',
    positionLabel: 'Teacher',
    grades: ['3'],
    toolKitAccess: false,
    pending: false,
    ...overrides,
  };
}

/** The owner (user-owner), an admin, a teacher (user-1, the signed-in test user) and a pending invitee. */
export function aRoster(overrides: Partial<RosterPage> = {}): RosterPage {
  const items = [
    row({ userId: 'user-owner', firstName: 'Olivia', lastName: 'Owens', role: 'OWNER', positionLabel: 'Principal' }),
    row({ userId: 'user-admin', firstName: 'Adam', lastName: 'Alvarez', role: 'ADMIN', toolKitAccess: true }),
    row({ userId: 'user-1', firstName: 'Tara', lastName: 'Thompson' }),
    row({ userId: 'user-carlos', firstName: 'Carlos', lastName: 'Chen', positionLabel: 'Instructional Coach' }),
    row({
      userId: 'user-ivy',
      firstName: 'Ivy',
      lastName: 'Inman',
      membershipId: null,
      invitationId: 'invitation-1',
      pending: true,
    }),
  ];
  return {
    organizationId,
    organizationName: 'Lincoln Elementary School',
    viewerRole: 'OWNER',
    items,
    page: 1,
    pageSize: 50,
    total: items.length,
    ...overrides,
  };
}
