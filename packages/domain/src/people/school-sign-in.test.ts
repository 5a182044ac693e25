import { describe, expect, it } from 'vitest';
import { emailDomain, passwordSignInRefused, servesEmail, signInProviderInput } from './school-sign-in.ts';

describe('emailDomain', () => {
  it.each([
    ['teacher@Lincoln.K12.us', 'lincoln.k12.us'],
    ['a@b@school.org', 'school.org'],
    ['@school.org', ''],
    ['no-address', ''],
    ['', ''],
  ])('%s → %s', (email, domain) => {
    expect(emailDomain(email)).toBe(domain);
  });
});

describe('servesEmail', () => {
  const domains = [
    { domain: 'lincoln.k12.us', required: true },
    { domain: 'district.org', required: false },
  ];
  it.each([
    ['tara@lincoln.k12.us', true],
    ['TARA@LINCOLN.K12.US', true],
    ['boss@district.org', true],
    ['tara@mail.lincoln.k12.us', false],
    ['tara@lincoln.k12.us.evil.test', false],
    ['tara@gmail.com', false],
    ['lincoln.k12.us', false],
  ])('%s → %s', (email, served) => {
    expect(servesEmail(domains, email)).toBe(served);
  });
});

describe('passwordSignInRefused', () => {
  it.each([
    [['lincoln.k12.us'], 'tara@lincoln.k12.us', true],
    [['lincoln.k12.us'], 'Tara@Lincoln.k12.us', true],
    [['lincoln.k12.us'], 'tara@district.org', false],
    [[], 'tara@lincoln.k12.us', false],
    [['lincoln.k12.us'], 'not an address', false],
  ])('required %j, %s → %s', (required, email, refused) => {
    expect(passwordSignInRefused(required, email)).toBe(refused);
  });
});

describe('signInProviderInput', () => {
  const valid = {
    name: 'Lincoln Google',
    issuerUrl: 'https://accounts.google.com',
    clientId: 'client',
    enabled: true,
    domains: [{ domain: 'Lincoln.K12.us', required: false }],
  };
  it('keeps a provider with its domains in lower case', () => {
    expect(signInProviderInput.parse(valid).domains).toEqual([{ domain: 'lincoln.k12.us', required: false }]);
  });
  it.each([
    ['no domain', { domains: [] }],
    [
      'a domain twice',
      {
        domains: [
          { domain: 'a.org', required: false },
          { domain: 'A.org', required: true },
        ],
      },
    ],
    ['an address for a domain', { domains: [{ domain: 'tara@a.org', required: false }] }],
    ['a domain without a dot', { domains: [{ domain: 'localhost', required: false }] }],
    ['an issuer that is not a URL', { issuerUrl: 'accounts.google.com' }],
    ['an issuer of another scheme', { issuerUrl: 'ftp://accounts.google.com' }],
    ['no name', { name: ' ' }],
    ['no client id', { clientId: '' }],
  ])('refuses %s', (_case, change) => {
    expect(signInProviderInput.safeParse({ ...valid, ...change }).success).toBe(false);
  });
});
