import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authMessages } from '@portal/domain/people/auth.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { oneTimeTokens, sessions } from '../../db/schema/users.ts';
import { createUser, testPassword } from '../../test/factories.ts';
import { call, sessionCookieOf, signIn, useTestApp } from '../../test/harness.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { deliverMail, deliverMailJob } from '../../platform/mail.ts';
import { issueOneTimeToken, oneTimeTokenTtlMs } from '../../platform/one-time-tokens.ts';
import { csrfHeader, csrfHeaderValue } from '../../platform/security.ts';
import { passwordResetJob, sendPasswordReset } from './service.ts';

const t = useTestApp({ LOGIN_RATE_LIMIT_PER_ACCOUNT: '3' });

/** What the server's worker does between requests: look the address up, write the mail, hold it (no SMTP). */
const runWorker = () =>
  runDueJobs(t.deps.db, {
    [passwordResetJob]: sendPasswordReset(t.deps),
    [deliverMailJob]: deliverMail(t.deps.db, null, 'portal@test'),
  });

describe('sign-in', () => {
  it('signs in with the right password, whatever the case of the email, and sets a safe cookie', async () => {
    const user = await createUser(t.deps.db, { email: 'Mixed.Case@Example.test' });
    const response = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: '  mixed.case@example.TEST ', password: testPassword },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: 'Mixed.Case@Example.test', impersonator: null });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const me = await call(t.app, 'GET', '/api/me', { caller: { cookie: sessionCookieOf(response) } });
    // The provider's zone rides along: every date-time on screen is read in it.
    expect(me.json()).toMatchObject({ id: user.id, providerTimeZone: t.deps.config.timeZone });
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const user = await createUser(t.deps.db);
    for (const body of [
      { email: user.email, password: 'wrong-password' },
      { email: 'nobody@example.test', password: testPassword },
    ]) {
      const response = await call(t.app, 'POST', '/api/auth/login', { body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ detail: authMessages.badCredentials });
    }
  });

  it('answers bad input with a message per field', async () => {
    const response = await call(t.app, 'POST', '/api/auth/login', { body: { email: 'not-an-email', password: '' } });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(response.json().errors).toEqual({
      email: authMessages.emailInvalid,
      password: authMessages.passwordRequired,
    });
  });

  it('refuses a mutating call without the CSRF header, and one from another origin', async () => {
    const user = await createUser(t.deps.db);
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: testPassword },
    });
    expect(bare.statusCode).toBe(403);
    const crossSite = await call(t.app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: testPassword },
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('rate-limits repeated attempts on one email', async () => {
    const user = await createUser(t.deps.db);
    const attempt = () =>
      call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: 'wrong-password' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: authMessages.tooManyAttempts });
  });

  it('ends the server session at logout, so the old cookie no longer works', async () => {
    const user = await createUser(t.deps.db);
    const caller = await signIn(t.app, user.email, testPassword);
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/auth/logout', { caller })).statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.revokedAt).not.toBeNull();
  });

  it('lets a session in until it expires, and not a moment after', async () => {
    const user = await createUser(t.deps.db);
    const caller = await signIn(t.app, user.email, testPassword);
    const [row] = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    t.clock.advance((row?.expiresAt.getTime() ?? 0) - t.clock().getTime() - 1);
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(200);
    t.clock.advance(1);
    expect((await call(t.app, 'GET', '/api/me', { caller })).statusCode).toBe(401);
  });

  it('refuses logout to a signed-out caller', async () => {
    expect((await call(t.app, 'POST', '/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('one-time sign-in token', () => {
  it('signs in once; the same token a second time signs no one in', async () => {
    const user = await createUser(t.deps.db);
    const token = await issueOneTimeToken(t.deps.db, 'SIGN_IN', user.id, t.clock());
    const first = await call(t.app, 'POST', '/api/auth/token', { body: { token } });
    expect(first.statusCode).toBe(200);
    // No one issued this link: an ordinary session.
    expect(first.json()).toMatchObject({ id: user.id, impersonator: null });
    const second = await call(t.app, 'POST', '/api/auth/token', { body: { token } });
    expect(second.statusCode).toBe(401);
    expect(second.json()).toMatchObject({ detail: authMessages.tokenInvalid });
  });

  it('refuses an expired token and an empty one', async () => {
    const user = await createUser(t.deps.db);
    const token = await issueOneTimeToken(t.deps.db, 'SIGN_IN', user.id, t.clock());
    t.clock.advance(oneTimeTokenTtlMs.SIGN_IN + 1);
    expect((await call(t.app, 'POST', '/api/auth/token', { body: { token } })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/auth/token', { body: { token: '' } })).statusCode).toBe(400);
  });
});

describe('password reset', () => {
  let requests = 0;
  async function requestReset(email: string): Promise<string> {
    // Each from its own address: forgot-password allows five requests a minute per address.
    requests += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      remoteAddress: `10.9.0.${requests}`,
      headers: { [csrfHeader]: csrfHeaderValue },
      payload: { email },
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: authMessages.resetSent });
    await runWorker();
    const [mail] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.to, email), eq(mailMessages.subject, 'Reset your password')));
    // The link's deadline in the provider's zone, named: the reader may be anywhere.
    expect(mail?.text).toMatch(/within one hour \(by \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M E[SD]T\):/);
    const link = mail?.text.match(/http:\/\/portal\.test\/auth\/reset-password\?token=\S+/)?.[0];
    if (!link) throw new Error('no reset link was mailed');
    await t.deps.db.delete(mailMessages).where(eq(mailMessages.to, email));
    return new URL(link).searchParams.get('token') ?? '';
  }

  it('mails a link whose token sets a new password once and ends every session of the user', async () => {
    const user = await createUser(t.deps.db);
    const oldSession = await signIn(t.app, user.email, testPassword);
    const token = await requestReset(user.email);
    const reset = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(reset.statusCode).toBe(204);
    expect((await call(t.app, 'GET', '/api/me', { caller: oldSession })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'POST', '/api/auth/login', { body: { email: user.email, password: testPassword } }))
        .statusCode,
    ).toBe(401);
    await signIn(t.app, user.email, 'a-brand-new-password');
    const again = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'yet-another-password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: authMessages.resetTokenInvalid });
  });

  it('refuses a reset token once it has expired', async () => {
    const user = await createUser(t.deps.db);
    const token = await requestReset(user.email);
    t.clock.advance(oneTimeTokenTtlMs.PASSWORD_RESET + 1);
    const response = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'a-brand-new-password' },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
    expect(row?.usedAt).toBeNull();
  });

  it('answers an unknown and a known email identically, doing no per-user work until the worker runs', async () => {
    const user = await createUser(t.deps.db);
    const unknown = 'nobody-here@example.test';
    const ask = (email: string) => call(t.app, 'POST', '/api/auth/forgot-password', { body: { email } });
    const [forUnknown, forKnown] = [await ask(unknown), await ask(user.email)];
    const reply = (response: typeof forKnown) => ({
      status: response.statusCode,
      body: response.body,
      type: response.headers['content-type'],
      length: response.headers['content-length'],
    });
    expect(reply(forUnknown)).toEqual(reply(forKnown));
    expect(forKnown.statusCode).toBe(202);

    // The request only queued a job: no link, no mail yet, even for the account that exists.
    const queued = await t.deps.db.select({ payload: jobs.payload }).from(jobs).where(eq(jobs.kind, passwordResetJob));
    expect(queued.map((job) => job.payload)).toEqual(
      expect.arrayContaining([{ email: unknown }, { email: user.email.toLowerCase() }]),
    );
    expect(await t.deps.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id))).toEqual([]);
    expect(await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, user.email))).toEqual([]);

    await runWorker();
    expect(await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, user.email))).toHaveLength(1);
    expect(await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, unknown))).toEqual([]);
  });

  it('ends every other outstanding reset link of the user when one is used', async () => {
    const user = await createUser(t.deps.db);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    const used = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: second, password: 'a-brand-new-password' },
    });
    expect(used.statusCode).toBe(204);
    const other = await call(t.app, 'POST', '/api/auth/reset-password', {
      body: { token: first, password: 'an-attackers-password' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ detail: authMessages.resetTokenInvalid });
    await signIn(t.app, user.email, 'a-brand-new-password');
  });

  it('refuses a password shorter than the minimum', async () => {
    const response = await call(t.app, 'POST', '/api/auth/reset-password', { body: { token: 'x', password: 'short' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: authMessages.passwordTooShort });
  });
});
