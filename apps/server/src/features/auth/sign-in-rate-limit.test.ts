import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@portal/domain/people/auth.ts';
import { buildApp, type App } from '../../app.ts';
import { csrfHeader, csrfHeaderValue } from '../../platform/security.ts';
import { createUser, testPassword } from '../../test/factories.ts';
import { useTestApp } from '../../test/harness.ts';

const limits = { LOGIN_RATE_LIMIT_PER_ACCOUNT: '3', LOGIN_RATE_LIMIT_PER_ADDRESS: '4' };

/** A sign-in attempt from a given address, as a browser there would send it. */
const attempt = (app: App, email: string, remoteAddress: string, password = 'wrong-password') =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { [csrfHeader]: csrfHeaderValue },
    payload: { email, password },
  });

describe('sign-in rate limits, counted in this process', () => {
  const t = useTestApp({ ...limits, REDIS_URL: undefined });

  it('limits attempts on one account across addresses, with the spec message', async () => {
    const user = await createUser(t.deps.db);
    for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3'])
      expect((await attempt(t.app, user.email, address)).statusCode).toBe(401);
    // A fourth address, and even the right password: the account has had its attempts for this minute.
    const limited = await attempt(t.app, user.email, '10.1.0.4', testPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(limited.json()).toMatchObject({ status: 429, detail: authMessages.tooManyAttempts });
    // When to try again: what is left of the minute, in whole seconds.
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('counts an account whatever the case and spacing of its email', async () => {
    const user = await createUser(t.deps.db);
    for (const email of [user.email, user.email.toUpperCase(), ` ${user.email} `]) {
      expect((await attempt(t.app, email, '10.2.0.1')).statusCode).toBe(401);
    }
    expect((await attempt(t.app, user.email, '10.2.0.2')).statusCode).toBe(429);
  });

  it('limits attempts from one address across accounts', async () => {
    const address = '10.3.0.1';
    for (let i = 0; i < 4; i += 1)
      expect((await attempt(t.app, `nobody-${i}@example.test`, address)).statusCode).toBe(401);
    const user = await createUser(t.deps.db);
    const limited = await attempt(t.app, user.email, address, testPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: authMessages.tooManyAttempts });
    // Another address signs the same account in: only the address was limited.
    expect((await attempt(t.app, user.email, '10.3.0.2', testPassword)).statusCode).toBe(200);
  });

  it('counts each instance on its own without Redis', async () => {
    const other = await buildApp(t.deps);
    try {
      const user = await createUser(t.deps.db);
      for (const address of ['10.4.0.1', '10.4.0.2', '10.4.0.3'])
        expect((await attempt(t.app, user.email, address)).statusCode).toBe(401);
      expect((await attempt(other, user.email, '10.4.0.4')).statusCode).toBe(401);
    } finally {
      await other.close();
    }
  });
});

// CI and the development machine run Redis at 127.0.0.1:6379; without it this suite fails (buildApp cannot connect), it
// never skips.
describe('sign-in rate limits shared through Redis', () => {
  const t = useTestApp({
    ...limits,
    REDIS_URL: 'redis://127.0.0.1:6379',
    REDIS_KEY_PREFIX: `portal-test:${randomUUID()}:`,
  });
  let other: App;
  beforeAll(async () => {
    other = await buildApp(t.deps);
  });
  afterAll(async () => {
    await other?.close();
  });

  it('counts the attempts on one account made through two instances together', async () => {
    const user = await createUser(t.deps.db);
    expect((await attempt(t.app, user.email, '10.5.0.1')).statusCode).toBe(401);
    expect((await attempt(other, user.email, '10.5.0.2')).statusCode).toBe(401);
    expect((await attempt(t.app, user.email, '10.5.0.3')).statusCode).toBe(401);
    const limited = await attempt(other, user.email, '10.5.0.4', testPassword);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ detail: authMessages.tooManyAttempts });
  });

  it('counts the attempts from one address through two instances together', async () => {
    const address = '10.6.0.1';
    for (let i = 0; i < 4; i += 1) {
      expect((await attempt(i % 2 === 0 ? t.app : other, `nobody-${i}@example.test`, address)).statusCode).toBe(401);
    }
    expect((await attempt(t.app, 'nobody-else@example.test', address)).statusCode).toBe(429);
  });
});
