import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/** Sign-in with a school's own account (OpenID Connect): the rules both the login page and the server keep. */

export const schoolSignInMessages = {
  signInWith: (name: string) => `Sign in with ${name}`,
  orWithPassword: 'or with your email and password',
  requiredForDomain: (name: string) => `Your school signs you in with its own account: use "Sign in with ${name}".`,
  failed: 'Signing in with your school account did not work. Please try again.',
  expired: 'That sign-in took too long or was already used. Please start again.',
  unverified: 'Your school account has no verified email address, so it cannot sign you in here.',
  otherDomain: 'This school account cannot sign in here: its email address is not one this sign-in serves.',
  disabled: 'This sign-in is turned off. Please sign in with your email and password.',
  providerNotFound: 'No such sign-in provider.',
  domainTaken: (domain: string) => `Another sign-in provider already serves ${domain}.`,
  issuerInsecure: 'The issuer URL must use https.',
  created: 'Sign-in provider added',
  saved: 'Sign-in provider saved',
} as const;

/** The part of an address after its last @, lower case; empty for something that is not an address. */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 1
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

export interface ServedDomain {
  domain: string;
  /** Members with an address at this domain have no password sign-in. */
  required: boolean;
}

/** Whether a provider serving `domains` may sign in the person whose verified address is `email`. */
export function servesEmail(domains: readonly ServedDomain[], email: string): boolean {
  const domain = emailDomain(email);
  return domain !== '' && domains.some((served) => served.domain === domain);
}

/** Password sign-in is refused only when an enabled provider requires its own sign-in for the address's domain. */
export function passwordSignInRefused(requiredDomains: readonly string[], email: string): boolean {
  const domain = emailDomain(email);
  return domain !== '' && requiredDomains.includes(domain);
}

export type SchoolSignInOutcome = 'signed-in' | 'failed' | 'expired' | 'unverified' | 'other-domain' | 'disabled';

/** What the login page says after a school sign-in that came back without a session. */
export const schoolSignInOutcomeMessage: Record<Exclude<SchoolSignInOutcome, 'signed-in'>, string> = {
  failed: schoolSignInMessages.failed,
  expired: schoolSignInMessages.expired,
  unverified: schoolSignInMessages.unverified,
  'other-domain': schoolSignInMessages.otherDomain,
  disabled: schoolSignInMessages.disabled,
};
export const schoolSignInErrors = ['failed', 'expired', 'unverified', 'other-domain', 'disabled'] as const;

// ---------------------------------------------------------------- the login page

export const signInProviderOption = z.object({ id: z.string(), name: z.string() });
export const signInProvidersReply = z.object({ providers: z.array(signInProviderOption) });
export type SignInProviderOption = z.infer<typeof signInProviderOption>;

export const schoolSignInCallbackQuery = z.object({
  code: z.string().min(1).max(2000).optional(),
  state: z.string().min(1).max(200).optional(),
  error: z.string().max(200).optional(),
  iss: z.string().max(2000).optional(),
});

// ---------------------------------------------------------------- the staff console

const domainName = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Enter a domain such as school.org');

export const signInProviderInput = z.object({
  name: z.string().trim().min(1, 'Name required').max(80),
  issuerUrl: z.url({ protocol: /^https?$/, error: 'Enter the issuer URL' }).max(500),
  clientId: z.string().trim().min(1, 'Client id required').max(300),
  /** Write-only: kept encrypted; left empty when editing, the stored secret stays. */
  clientSecret: z.string().max(500).optional(),
  enabled: z.boolean(),
  domains: z
    .array(z.object({ domain: domainName, required: z.boolean() }))
    .min(1, 'Add at least one email domain')
    .max(50)
    .refine((domains) => new Set(domains.map((item) => item.domain)).size === domains.length, 'Each domain once'),
});
export type SignInProviderInput = z.infer<typeof signInProviderInput>;

export const signInProviderRow = z.object({
  id: z.string(),
  name: z.string(),
  issuerUrl: z.string(),
  clientId: z.string(),
  enabled: z.boolean(),
  hasSecret: z.boolean(),
  domains: z.array(z.object({ domain: z.string(), required: z.boolean() })),
  signIns: z.int(),
  updatedAt: z.string(),
});
export type SignInProviderRow = z.infer<typeof signInProviderRow>;

export const signInProvidersQuery = pageQuery;
export const signInProviderList = paginated(signInProviderRow);
export type SignInProviderList = z.infer<typeof signInProviderList>;
