import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createTestDatabase } from '../test/database.ts';
import { testClock } from '../test/harness.ts';
import { localStorage } from './storage.ts';

const csp = [
  "default-src 'self'",
  "script-src 'self'",
  "'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "frame-src 'self' https://player.vimeo.com",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'self'",
];

describe('security headers on every answer', () => {
  let database: DatabaseHandle;
  const apps: Record<'http' | 'https', App | undefined> = { http: undefined, https: undefined };

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const scheme of ['http', 'https'] as const) {
      const config = loadConfig({ PUBLIC_URL: `${scheme}://portal.test`, LOG_LEVEL: 'silent' });
      const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-files-')));
      apps[scheme] = await buildApp({ config, db: database.db, clock: testClock(), storage });
    }
  });
  afterAll(async () => {
    await apps.http?.close();
    await apps.https?.close();
    await database?.close();
  });

  it.each([
    ['an answer', '/api/health', 200],
    ['a refusal', '/api/me', 401],
    ['an unknown path', '/api/no-such-thing', 404],
  ])('sends them with %s, HSTS and upgrade-insecure-requests only over https', async (_, url, status) => {
    for (const scheme of ['http', 'https'] as const) {
      const response = await apps[scheme]!.inject({ method: 'GET', url });
      expect(response.statusCode, `${scheme} ${url}`).toBe(status);
      const headers = response.headers;
      for (const directive of csp) expect(headers['content-security-policy'], `${scheme} ${url}`).toContain(directive);
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBe('no-referrer');
      expect(headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(headers['x-powered-by']).toBeUndefined();
      if (scheme === 'https') {
        expect(headers['strict-transport-security']).toMatch(/^max-age=\d+; includeSubDomains$/);
        expect(headers['content-security-policy']).toContain('upgrade-insecure-requests');
      } else {
        expect(headers['strict-transport-security']).toBeUndefined();
        expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      }
    }
  });
});
