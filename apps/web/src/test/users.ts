import type { CurrentUser } from '@portal/domain/people/auth.ts';

export function aUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 'user-1',
    email: 'tara@example.test',
    firstName: 'Tara',
    lastName: 'Thompson',
    role: 'MEMBER',
    contentAccess: { toolKitAccess: true, schoolLeaderAccess: false },
    impersonator: null,
    memberships: [{ organizationId: 'org-1', organizationName: 'Lincoln Elementary School', role: 'MEMBER' }],
    providerTimeZone: 'America/New_York',
    ...overrides,
  };
}

/** A staff member, as the staff console's tests sign in. */
export const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });
