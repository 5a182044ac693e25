import { describe, expect, it } from 'vitest';
import { homePath, loginPathFor, safeIntendedPath, visibleMenu } from './navigation.ts';

describe('safeIntendedPath', () => {
  it.each([
    [undefined, homePath],
    [null, homePath],
    ['', homePath],
    ['/members/manage-events', '/members/manage-events'],
    ['/members/event/assign-tickets?eventPaymentId=7', '/members/event/assign-tickets?eventPaymentId=7'],
    ['/admin/users#top', '/admin/users#top'],
    ['https://evil.example/members', homePath],
    ['//evil.example/members', homePath],
    ['/\\evil.example', homePath],
    ['\\\\evil.example', homePath],
    ['javascript:alert(1)', homePath],
    ['members/profile', homePath],
    ['/members/\nprofile', homePath],
    ['/auth/login?intended=/members/profile', homePath],
  ])('%j → %j', (intended, expected) => {
    expect(safeIntendedPath(intended)).toBe(expected);
  });
});

describe('loginPathFor', () => {
  it('carries the asked-for path, encoded', () => {
    expect(loginPathFor('/members/events?x=1&y=2')).toBe('/auth/login?intended=%2Fmembers%2Fevents%3Fx%3D1%26y%3D2');
  });
});

describe('side menu', () => {
  const labels = (toolKitAccess: boolean) =>
    visibleMenu({ toolKitAccess, schoolLeaderAccess: false }).map((item) => item.label);

  it('shows the toolkit items only with toolkit access, in the spec order', () => {
    expect(labels(true)).toEqual([
      'Profile',
      'Treasure Chest',
      'My Saved Resources',
      'Purchase Orders',
      'PD Services',
      'Resources',
      'Manage Services',
      'Manage Events',
      'Event Cart',
    ]);
    expect(labels(false)).toEqual([
      'Profile',
      'Purchase Orders',
      'PD Services',
      'Resources',
      'Manage Services',
      'Manage Events',
      'Event Cart',
    ]);
  });

  it('does not let school-leader access stand in for toolkit access', () => {
    expect(visibleMenu({ toolKitAccess: false, schoolLeaderAccess: true }).map((i) => i.label)).not.toContain(
      'Treasure Chest',
    );
  });
});
