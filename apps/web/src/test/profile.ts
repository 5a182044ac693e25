import type { Profile } from '@portal/domain/people/profile.ts';

/** GET /api/profile for the test user of users.ts (Tara Thompson, a teacher at Lincoln Elementary). */
export function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: 'user-1',
    email: 'tara@example.test',
    firstName: 'Tara',
    lastName: 'Thompson',
    address1: '12 Elm Street',
    address2: null,
    city: 'Albany',
    stateProvince: 'NY',
    zipPostal: '12207',
    country: 'United States',
    phone: '5185550100',
    dateOfBirth: '04/12/1988',
    last4SSN: '1234',
    background: null,
    sensitiveHidden: false,
    memberships: [
      {
        id: 'membership-1',
        organizationId: 'org-1',
        organizationName: 'Lincoln Elementary School',
        districtName: 'Capital District',
        mailingAddress: {
          addressLine1: '1 School Road',
          addressLine2: null,
          city: 'Albany',
          stateProvince: 'NY',
          country: 'United States',
          zipPostal: '12208',
          phone: '5185550199',
        },
        role: 'MEMBER',
        positionLabel: 'Teacher',
        grades: ['3', '4'],
      },
    ],
    ...overrides,
  };
}
