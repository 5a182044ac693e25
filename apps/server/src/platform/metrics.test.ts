import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../test/harness.ts';
import { enqueueJob } from './jobs.ts';

const token = 'metrics-token-for-the-test-scraper';
const context = useTestApp({ METRICS_TOKEN: token });
const withoutToken = useTestApp();

const scrape = (headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
  call(context.app, 'GET', '/metrics', { headers });

describe('GET /metrics', () => {
  it('answers the scraper that sends the token, in Prometheus text format', async () => {
    await call(context.app, 'GET', '/api/health');
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    expect(response.body).toContain('process_cpu_user_seconds_total');
  });

  it.each(['bearer', 'BEARER', 'Bearer  '])(
    'takes the scheme written %j: RFC 9110 makes auth schemes case-insensitive',
    async (scheme) => {
      expect((await scrape({ authorization: `${scheme} ${token}` })).statusCode).toBe(200);
    },
  );

  it.each([
    ['no header', {}],
    ['a wrong token', { authorization: 'Bearer not-the-metrics-token-at-all' }],
    ['another scheme', { authorization: `Basic ${token}` }],
  ])('refuses %s with 401', async (_case, headers) => {
    const response = await scrape(headers);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ detail: expect.stringContaining('metrics token') });
  });

  it('does not exist without METRICS_TOKEN', async () => {
    const response = await call(withoutToken.app, 'GET', '/metrics', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('counts the queue by kind and status, with the age of the oldest due job', async () => {
    await enqueueJob(context.deps.db, 'metrics.test', {}, new Date(Date.now() - 60_000));
    const body = (await scrape()).body;
    expect(body).toMatch(/jobs_queued\{kind="metrics\.test",status="PENDING"\} 1/);
    const age = Number(/jobs_oldest_due_age_seconds\{kind="metrics\.test"\} ([\d.]+)/.exec(body)?.[1]);
    expect(age).toBeGreaterThanOrEqual(59);
  });

  it('counts sign-ins by outcome: a wrong password is a refusal', async () => {
    const refused = await call(context.app, 'POST', '/api/auth/login', {
      body: { email: 'nobody@portal.test', password: 'not-a-password' },
    });
    expect(refused.statusCode).toBe(401);
    expect((await scrape()).body).toMatch(/portal_sign_ins_total\{outcome="refused",status="401"\} [1-9]/);
  });

  it('reads a route by its pattern, never by its URL', async () => {
    await call(context.app, 'GET', '/api/organizations/00000000-0000-4000-8000-000000000000');
    const body = (await scrape()).body;
    expect(body).not.toContain('00000000-0000-4000-8000-000000000000');
  });
});
