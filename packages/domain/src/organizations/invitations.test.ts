import { describe, expect, it } from 'vitest';
import {
  acceptReply,
  adminInvitation,
  invitationCode,
  invitationMail,
  invitationMessages,
  invitationPath,
  invitedToText,
} from './invitations.ts';
import { rosterMessages } from './roster.ts';

const firstIssue = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

describe('invitationCode (events.md §5: UUID shape 8-4-4-4-12 hex)', () => {
  it.each([
    ['', invitationMessages.codeRequired],
    ['   ', invitationMessages.codeRequired],
    ['abc', invitationMessages.badFormat],
    ['0f8fad5b-d9cb-469f-a165-70867728950', invitationMessages.badFormat],
    ['0f8fad5b-d9cb-469f-a165-70867728950ee', invitationMessages.badFormat],
    ['0f8fad5bd9cb469fa16570867728950e', invitationMessages.badFormat],
    ['0f8fad5b-d9cb-469f-a165-70867728950g', invitationMessages.badFormat],
    ['0f8fad5b-d9cb-469f-a165-70867728950e', null],
    ['0F8FAD5B-D9CB-469F-A165-70867728950E', null],
    [' 0f8fad5b-d9cb-469f-a165-70867728950e ', null],
  ])('%j → %j', (input, expected) => {
    expect(firstIssue(invitationCode.safeParse(input))).toBe(expected);
  });
});

describe('invitedToText and invitationPath', () => {
  it.each([
    [
      'DISTRICT',
      'Riverside Unified',
      'You have been invited to Riverside Unified district!',
      '/members/accept-district-invitation',
    ],
    [
      'ORGANIZATION',
      'Lincoln Elementary School',
      'You have been invited to Lincoln Elementary School organization!',
      '/members/accept-organization-invitation',
    ],
  ] as const)('%s %s', (kind, name, text, path) => {
    expect(invitedToText(kind, name)).toBe(text);
    expect(invitationPath(kind)).toBe(path);
    expect(invitationPath(kind, 'abc')).toBe(`${path}/abc`);
  });
});

describe('invitationMail', () => {
  const base = {
    kind: 'ORGANIZATION' as const,
    name: 'Lincoln Elementary School',
    firstName: 'Nina',
    link: 'http://x/members/accept-organization-invitation/c',
  };
  it.each([
    [true, 'You will choose a password'],
    [false, 'Sign in to the Members Portal'],
  ])('newUser=%j says %j', (newUser, sentence) => {
    const mail = invitationMail({ ...base, newUser });
    expect(mail.subject).toBe('You are invited to Lincoln Elementary School');
    expect(mail.text).toContain('Hello Nina,');
    expect(mail.text).toContain(base.link);
    expect(mail.text).toContain('You have been invited to Lincoln Elementary School organization!');
    expect(mail.text).toContain(sentence);
  });
});

describe('adminInvitation', () => {
  const valid = { email: ' Someone@Example.TEST ', firstName: 'A', lastName: 'B', role: 'OWNER' };
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
  it.each([
    [{ kind: 'ORGANIZATION', organizationId: id }, null],
    [{ kind: 'DISTRICT', districtId: id }, null],
    [{ kind: 'ORGANIZATION' }, invitationMessages.organizationRequired],
    [{ kind: 'ORGANIZATION', districtId: id }, invitationMessages.organizationRequired],
    [{ kind: 'DISTRICT', organizationId: id }, invitationMessages.districtRequired],
    [{ kind: 'DISTRICT', districtId: 'nope' }, invitationMessages.districtRequired],
    [{ kind: 'DISTRICT', districtId: id, email: '' }, rosterMessages.emailRequired],
    [{ kind: 'DISTRICT', districtId: id, email: 'nope' }, rosterMessages.emailInvalid],
    [{ kind: 'DISTRICT', districtId: id, firstName: ' ' }, rosterMessages.firstNameRequired],
    [{ kind: 'DISTRICT', districtId: id, lastName: '' }, rosterMessages.lastNameRequired],
  ])('%j → %j', (input, expected) => {
    expect(firstIssue(adminInvitation.safeParse({ ...valid, ...input }))).toBe(expected);
  });

  it('trims and lowercases the email', () => {
    expect(adminInvitation.parse({ ...valid, kind: 'DISTRICT', districtId: id }).email).toBe('someone@example.test');
  });
});

describe('acceptReply', () => {
  it.each([
    [invitationMessages.activated, true],
    [invitationMessages.alreadyActivated, true],
    ['Something else', false],
  ])('%j is a valid message: %j', (message, ok) => {
    expect(acceptReply.safeParse({ message, status: 'ACCEPTED' }).success).toBe(ok);
  });
});
