import {
  freshPasswordlessInvitation,
  memberDateOfBirth,
  freshToken,
  freshUser,
  newEmail,
  userOf,
} from '../fixtures.ts';
import { testPassword } from '../../factories.ts';
import { profileEdit } from '../../valid-inputs.ts';
import { anyone, signedIn, type Rows } from './rows.ts';

const documentation =
  'The API documentation (@fastify/swagger-ui) describes routes, it holds no data; its prefix is exempt from access rules.';

/** Signing in and out, the caller's own account, and what is public by design. */
export const accountRows: Rows = {
  'GET /api/health': { why: 'A load balancer probes it without a session.', expect: anyone(200) },
  'GET /api/health/live': { why: 'A supervisor probes it without a session.', expect: anyone(200) },
  'GET /api/health/ready': { why: 'A load balancer probes it without a session.', expect: anyone(200) },
  'GET /api/lookups': {
    why: 'Positions, grades, states and countries: reference lists the sign-up and invitation pages need before sign-in.',
    expect: anyone(200),
  },
  'GET /api/openapi.json': { why: 'The API description, as the documentation pages.', expect: anyone(200) },
  'GET /api/docs': { why: documentation, expect: anyone(200) },
  'HEAD /api/docs/': { why: documentation, expect: anyone(200) },
  'GET /api/docs/json': { why: documentation, expect: anyone(200) },
  'GET /api/docs/yaml': { why: documentation, expect: anyone(200) },
  'GET /api/docs/static/index.html': {
    why: `${documentation} It redirects to the pages' address.`,
    expect: anyone(302),
  },
  'GET /api/docs/static/swagger-initializer.js': { why: documentation, expect: anyone(200) },
  'GET /api/docs/static/*': {
    why: documentation,
    input: () => ({ params: { '*': 'swagger-ui.css' } }),
    expect: anyone(200),
  },
  'GET /api/dev/mailbox': {
    why: 'Development only (the test app runs the development configuration): every mail written, reset links included, for a machine without SMTP; never registered in production, and the server listens on 127.0.0.1 unless HOST is set.',
    mayShowAnything: true,
    expect: anyone(200),
  },
  'POST /api/dev/journey-data': {
    why: "Development only, registered only while the demo is seeded (which production refuses): copies of a person's own record for a browser journey's data.",
    input: async (w) => ({
      body: { people: [{ copyOf: (await freshUser(w)).email, firstName: 'Jo', lastName: 'Journey' }] },
    }),
    mayShowAnything: true,
    expect: anyone(201),
  },

  'GET /api/auth/school/providers': {
    why: "The login page lists the schools' own sign-ins before anyone signs in: names only, never an issuer or a client.",
    mayShowAnything: true,
    expect: anyone(200),
  },
  'GET /api/auth/school/:providerId/start': {
    why: 'Public, as signing in is; an unknown provider is 404 for everyone (the flow itself is tested against a local OpenID provider in features/auth/school-sign-in.test.ts).',
    input: () => ({ params: { providerId: '00000000-0000-4000-8000-00000000dead' } }),
    expect: anyone(404),
  },
  'GET /api/auth/school/callback': {
    why: "The school's provider sends the browser back here; without a state it began, everyone is sent to the login page to start again.",
    input: () => ({ query: { code: 'matrix', state: 'matrix' } }),
    expect: anyone(303),
  },
  'POST /api/auth/login': {
    why: 'Signing in needs no session; a fresh account per cell keeps the per-account limit out of the way.',
    input: async (w) => ({ body: { email: (await freshUser(w)).email, password: testPassword } }),
    expect: anyone(200),
  },
  'POST /api/auth/token': {
    why: 'The one-time sign-in link is the credential.',
    input: async (w) => ({ body: { token: await freshToken(w, 'SIGN_IN') } }),
    expect: anyone(200),
  },
  'POST /api/auth/forgot-password': {
    why: 'Answers the same for any address.',
    input: () => ({ body: { email: newEmail() } }),
    expect: anyone(202),
  },
  'POST /api/auth/reset-password': {
    why: 'The mailed reset link is the credential.',
    input: async (w) => ({ body: { token: await freshToken(w, 'PASSWORD_RESET'), password: 'a-brand-new-password' } }),
    expect: anyone(204),
  },
  'POST /api/auth/logout': { expect: signedIn(204) },
  'POST /api/auth/clear-impersonation': { expect: signedIn(204) },
  'GET /api/me': { expect: signedIn(200) },
  'GET /api/profile': { expect: signedIn(200) },
  'PUT /api/profile': {
    // School A's member keeps the date of birth the matrix checks nobody else reads.
    input: (w, who) => ({
      body: {
        ...profileEdit,
        lastName: userOf(w, who)?.id.slice(0, 8) ?? 'Nobody',
        ...(who === 'member' ? { dateOfBirth: memberDateOfBirth.shown } : {}),
      },
    }),
    expect: signedIn(200),
  },
  'PUT /api/profile/email': { input: () => ({ body: { email: newEmail('moved') } }), expect: signedIn(200) },

  'GET /api/invitations/:code': {
    why: 'The mailed invitation code is the credential: the page shows whom it invites before sign-in.',
    input: async (w) => ({ params: { code: await freshPasswordlessInvitation(w) } }),
    expect: anyone(200),
  },
  'POST /api/invitations/:code/accept-with-password': {
    why: 'A new invitee has no account to sign in with: the mailed code proves the address.',
    input: async (w) => ({
      params: { code: await freshPasswordlessInvitation(w) },
      body: { password: 'a-new-password-1' },
    }),
    expect: anyone(200),
  },
};
