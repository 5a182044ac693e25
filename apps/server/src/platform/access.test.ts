import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { call, useTestApp } from '../test/harness.ts';
import { documentationPrefix } from './security.ts';

const t = useTestApp({ DEV_MAILBOX: 'true' });

describe('route access rules', () => {
  it('every API route declares who may call it', () => {
    const apiRoutes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith(documentationPrefix),
    );
    expect(apiRoutes.length).toBeGreaterThan(5);
    const missing = apiRoutes.filter((r) => !r.access).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('refuses a route registered without an access rule', async () => {
    // Routes cannot be added to the shared app once it is ready, so build one more.
    const extra = await buildApp(t.deps);
    extra.get('/api/forgotten', async () => ({ secret: true }));
    await extra.ready();
    const response = await extra.inject({ method: 'GET', url: '/api/forgotten' });
    expect(response.statusCode).toBe(401);
    await extra.close();
  });

  it('answers unknown API routes with a problem document', async () => {
    const response = await call(t.app, 'GET', '/api/no-such-route');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('serves the OpenAPI document', async () => {
    const response = await call(t.app, 'GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty('/api/auth/login');
  });
});
