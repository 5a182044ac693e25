import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/harness.ts';

const t = useTestApp();

describe('request ids', () => {
  it("answers with the proxy's request id when it is sane", async () => {
    const response = await call(t.app, 'GET', '/api/health/live', { headers: { 'x-request-id': 'edge-7f3a.91_b' } });
    expect(response.headers['x-request-id']).toBe('edge-7f3a.91_b');
  });

  it.each([
    ['none', undefined],
    ['one with spaces and a newline', 'a b\nc'],
    ['one too long', 'x'.repeat(129)],
  ])('makes its own when given %s', async (_, given) => {
    const response = await call(t.app, 'GET', '/api/health/live', {
      headers: given === undefined ? {} : { 'x-request-id': given },
    });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('names an error answer too, so support can find it in the log', async () => {
    const response = await call(t.app, 'GET', '/api/no-such-route', { headers: { 'x-request-id': 'support-42' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe('support-42');
  });
});
