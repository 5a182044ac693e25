import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import client from 'prom-client';
import type { Database, PoolStats } from '../db/client.ts';
import { notFound, unauthorized } from './errors.ts';

/**
 * The process's metrics in Prometheus' text format. One registry per process, as there is one process
 * per instance: metrics are module-level, so an app built twice in a test counts into the same ones.
 */
export const metricsRegistry = new client.Registry();
client.collectDefaultMetrics({ register: metricsRegistry });

const registers = [metricsRegistry];

const requestDuration = new client.Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer a request, by method, route pattern and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers,
});

const poolConnections = new client.Gauge({
  name: 'db_pool_connections',
  help: 'Database pool connections by state (in use, idle) and requests waiting for one',
  labelNames: ['state'] as const,
  registers,
});

const queuedJobs = new client.Gauge({
  name: 'jobs_queued',
  help: 'Background jobs by kind and status (PENDING, RUNNING, FAILED)',
  labelNames: ['kind', 'status'] as const,
  registers,
});

const oldestDueJob = new client.Gauge({
  name: 'jobs_oldest_due_age_seconds',
  help: 'How long the oldest due job has waited to run, by kind (0 when none waits)',
  labelNames: ['kind'] as const,
  registers,
});

/** A request's fate as an operator counts it: answered, refused by a rule (4xx), failed (5xx). */
function outcomeOf(status: number): 'done' | 'refused' | 'failed' {
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'done';
}

/**
 * A counter of one route's answers by outcome and status, for a route's `onResponse` option: the
 * checkouts placed or refused, the sign-ins let in or refused.
 */
export function outcomeCounter(name: string, help: string) {
  const counter = new client.Counter({ name, help, labelNames: ['outcome', 'status'] as const, registers });
  return async (_request: FastifyRequest, reply: FastifyReply) => {
    counter.inc({ outcome: outcomeOf(reply.statusCode), status: String(reply.statusCode) });
  };
}

/** Times every request by its route pattern (never its URL, which would make a series per id). */
export function timeRequests(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    requestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}

interface JobRow {
  kind: string;
  status: string;
  count: number;
  oldest_due_seconds: number | null;
}

async function readQueue(db: Database): Promise<void> {
  const result = await db.execute(sql`
    select kind, status, count(*)::int as count,
      extract(epoch from now() - min(run_at) filter (where status = 'PENDING' and run_at <= now()))::float8
        as oldest_due_seconds
    from jobs where status <> 'DONE' group by kind, status`);
  queuedJobs.reset();
  oldestDueJob.reset();
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  for (const row of (result as { rows: JobRow[] }).rows) {
    queuedJobs.set({ kind: row.kind, status: row.status }, row.count);
    if (row.status === 'PENDING') oldestDueJob.set({ kind: row.kind }, row.oldest_due_seconds ?? 0);
  }
}

function readPool(pool: PoolStats | undefined): void {
  if (!pool) return;
  poolConnections.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
  poolConnections.set({ state: 'idle' }, pool.idleCount);
  poolConnections.set({ state: 'waiting' }, pool.waitingCount);
}

const digest = (value: string) => createHash('sha256').update(value).digest();

export interface MetricsOptions {
  db: Database;
  /** Without a token there is no /metrics: the figures are for the operator's scraper only. */
  token: string | null;
  pool?: PoolStats;
}

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`. The queue's figures are
 * read at scrape time (one grouped query), so they are as fresh as the scrape.
 */
export function registerMetrics(app: FastifyInstance, { db, token, pool }: MetricsOptions): void {
  timeRequests(app);
  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (!token) throw notFound('There are no metrics here: set METRICS_TOKEN to publish them.');
    // The scheme is case-insensitive (RFC 9110 §11.1): some scrapers send "bearer".
    const sent = /^Bearer +(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!sent || !timingSafeEqual(digest(sent), digest(token)))
      throw unauthorized('A valid metrics token is required (Authorization: Bearer <METRICS_TOKEN>).');
    readPool(pool);
    await readQueue(db);
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}
