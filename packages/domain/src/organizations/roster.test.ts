import { describe, expect, it } from 'vitest';
import {
  addStaffMember,
  adminRoleChange,
  rosterControls,
  rosterMessages,
  rosterQuery,
  showsAdminColumn,
} from './roster.ts';

const uuid = '3f1e2d4c-5b6a-4789-8abc-def012345678';
const staff = { email: 'new@school.test', firstName: 'New', lastName: 'Teacher', positionId: uuid, gradeIds: [uuid] };

function issueOn(input: Record<string, unknown>, field: string) {
  return addStaffMember.safeParse(input).error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('add staff member', () => {
  it('defaults the country and the toolkit flag, lowercases the email, blanks become null', () => {
    expect(addStaffMember.parse({ ...staff, email: ' New@School.TEST', city: '' })).toMatchObject({
      email: 'new@school.test',
      country: 'United States',
      toolkitAccess: false,
      city: null,
      dateOfBirth: null,
      ssnLastFour: null,
    });
  });

  it.each([
    ['email', '', rosterMessages.emailRequired],
    ['email', 'nope', rosterMessages.emailInvalid],
    ['firstName', ' ', rosterMessages.firstNameRequired],
    ['lastName', '', rosterMessages.lastNameRequired],
    ['country', '', rosterMessages.countryRequired],
    ['positionId', '', rosterMessages.positionRequired],
    ['gradeIds', [], rosterMessages.gradesRequired],
    ['zipPostal', '12345678901', rosterMessages.zipPostalTooLong],
    ['dateOfBirth', '02/30/2000', rosterMessages.dateOfBirthInvalid],
  ])('%s %j → %s', (field, value, message) => {
    expect(issueOn({ ...staff, [field]: value }, field)).toBe(message);
  });

  it.each([
    [999, false],
    [1000, true],
    [9999, true],
    [10000, false],
    [1000.5, false],
  ])('ssnLastFour %d → valid %s', (ssnLastFour, ok) => {
    expect(issueOn({ ...staff, ssnLastFour }, 'ssnLastFour')).toBe(ok ? undefined : rosterMessages.ssnLastFourRange);
  });
});

describe('roster query and role change', () => {
  it.each([
    [{}, { page: 1, pageSize: 50 }],
    [
      { page: '2', pageSize: '100' },
      { page: 2, pageSize: 100 },
    ],
  ])('%j → %j', (input, expected) => {
    expect(rosterQuery.parse(input)).toMatchObject(expected);
  });

  it.each([{ page: '0' }, { pageSize: '0' }, { pageSize: '101' }])('%j is refused', (input) => {
    expect(rosterQuery.safeParse(input).success).toBe(false);
  });

  it.each([
    ['ADMIN', true],
    ['MEMBER', true],
    ['OWNER', false],
  ])('an owner may set role %s → %s', (role, ok) => {
    expect(adminRoleChange.safeParse({ role }).success).toBe(ok);
  });
});

describe('roster controls', () => {
  it.each([
    ['OWNER', 'OWNER', false, { admin: false, delete: false, toolkit: false }],
    ['OWNER', 'ADMIN', false, { admin: true, delete: true, toolkit: true }],
    ['OWNER', 'MEMBER', false, { admin: true, delete: true, toolkit: true }],
    ['OWNER', 'MEMBER', true, { admin: false, delete: true, toolkit: false }],
    ['ADMIN', 'OWNER', false, { admin: false, delete: false, toolkit: false }],
    ['ADMIN', 'MEMBER', false, { admin: false, delete: true, toolkit: true }],
    ['ADMIN', 'MEMBER', true, { admin: false, delete: true, toolkit: false }],
    ['MEMBER', 'MEMBER', false, { admin: false, delete: false, toolkit: false }],
  ] as const)('viewer %s, row %s (pending %s) → %j', (viewer, role, pending, expected) => {
    expect(rosterControls(viewer, { role, pending })).toEqual(expected);
  });

  it.each([
    ['OWNER', true],
    ['ADMIN', false],
    ['MEMBER', false],
  ] as const)('the Admin column for %s: %s', (viewer, shown) => {
    expect(showsAdminColumn(viewer)).toBe(shown);
  });
});
