import { describe, expect, it } from 'vitest';
import { userRoleDescriptions } from './admin-users.ts';

describe('userRoleDescriptions', () => {
  it.each([
    ['a member of no organization', { role: 'MEMBER' as const, organizations: [] }, ['Member']],
    ['staff in no organization', { role: 'STAFF' as const, organizations: [] }, ['Staff']],
    [
      'an owner of one school',
      { role: 'MEMBER' as const, organizations: [{ name: 'Lincoln Elementary School', role: 'OWNER' as const }] },
      ['Owner of Lincoln Elementary School'],
    ],
    [
      'an admin of one and a member of another',
      {
        role: 'MEMBER' as const,
        organizations: [
          { name: 'Lincoln Elementary School', role: 'ADMIN' as const },
          { name: 'Washington Middle School', role: 'MEMBER' as const },
        ],
      },
      ['Admin of Lincoln Elementary School', 'Member of Washington Middle School'],
    ],
    [
      'staff who also belong to a school',
      { role: 'STAFF' as const, organizations: [{ name: 'Lincoln Elementary School', role: 'MEMBER' as const }] },
      ['Staff', 'Member of Lincoln Elementary School'],
    ],
  ])('%s', (_case, row, expected) => {
    expect(userRoleDescriptions(row)).toEqual(expected);
  });
});
