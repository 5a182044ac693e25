import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { jobs } from '../db/schema/platform.ts';
import { causesOf } from './database-errors.ts';
import { outageOf } from './outages.ts';

export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;
export type JobHandlers = Record<string, JobHandler>;

/** Write a job in the caller's transaction: it runs only if that transaction commits. */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  runAt?: Date,
): Promise<void> {
  await db.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
}

/**
 * Queues a job of `kind` at `runAt` unless one is already waiting: for a periodic job, which every
 * instance queues at start and each run queues again for the next time, so that one run is waiting
 * however many instances start. Two instances starting at the same moment may both queue one; the
 * first of those to run then finds the other waiting and queues none, so the runs fall back to one.
 */
export async function enqueueUnlessWaiting(db: Executor, kind: string, runAt: Date): Promise<void> {
  await db.execute(sql`
    insert into jobs (kind, payload, run_at)
    select ${kind}, '{}'::jsonb, ${runAt.toISOString()}::timestamptz
    where not exists (select 1 from jobs where kind = ${kind} and status = 'PENDING')`);
}

/**
 * Puts jobs of `kind` that FAILED (all, or those `which` selects) back in the queue as if new: due now,
 * with every attempt again. One conditional UPDATE: a job retried twice at once is queued once.
 * Answers how many went back.
 */
export async function requeueFailedJobs(db: Executor, kind: string, which?: SQL): Promise<number> {
  const requeued = await db
    .update(jobs)
    .set({ status: 'PENDING', attempts: 0, runAt: sql`now()`, finishedAt: null, lockedUntil: null })
    .where(and(eq(jobs.kind, kind), eq(jobs.status, 'FAILED'), which))
    .returning({ id: jobs.id });
  return requeued.length;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
}

/**
 * Claims one due job. SKIP LOCKED lets several server instances share the queue on PostgreSQL; on
 * PGlite the single connection makes the claim trivially exclusive. A job whose worker died is
 * claimable again once its lock expires.
 */
async function claimJob(db: Database): Promise<ClaimedJob | undefined> {
  const result = await db.execute(sql`
    update jobs set status = 'RUNNING', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
    where id = (
      select id from jobs
      where (status = 'PENDING' and run_at <= now()) or (status = 'RUNNING' and locked_until < now())
      order by run_at, id
      for update skip locked
      limit 1
    )
    returning id, kind, payload, attempts, max_attempts`);
  // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
  return (result as { rows: ClaimedJob[] }).rows[0];
}

async function finishJob(db: Database, job: ClaimedJob, error: unknown): Promise<void> {
  if (!error) {
    await db.execute(
      sql`update jobs set status = 'DONE', finished_at = now(), locked_until = null where id = ${job.id}`,
    );
    return;
  }
  const message = error instanceof Error ? error.message : JSON.stringify(error);
  const failed = job.attempts >= job.max_attempts;
  // Exponential back-off: 30 s, 1 min, 2 min…
  const delaySeconds = 30 * 2 ** (job.attempts - 1);
  await db.execute(sql`
    update jobs set status = ${failed ? 'FAILED' : 'PENDING'}, last_error = ${message}, locked_until = null,
      run_at = now() + make_interval(secs => ${delaySeconds}), finished_at = ${failed ? sql`now()` : null}
    where id = ${job.id}`);
}

/** Runs every due job once; returns how many ran. Tests call this directly instead of the polling worker. */
export async function runDueJobs(db: Database, handlers: JobHandlers, log?: FastifyBaseLogger): Promise<number> {
  let count = 0;
  for (let job = await claimJob(db); job; job = await claimJob(db)) {
    count += 1;
    const handler = handlers[job.kind];
    let error: unknown = handler ? undefined : new Error(`No handler for job kind ${job.kind}`);
    if (handler) {
      try {
        await handler(job.payload);
      } catch (caught) {
        error = caught;
      }
    }
    if (error) log?.warn({ jobId: job.id, kind: job.kind, ...loggable(error) }, 'job failed');
    await finishJob(db, job, error);
  }
  return count;
}

/**
 * What a failure may log: an outage's reason (outageOf), or the innermost error's code and message, as the
 * driver reported it. drizzle's own error (outermost) carries the statement and its parameters, and neither
 * belongs in a log line. Any other error (a handler's bug) is logged whole, with its stack.
 */
function loggable(error: unknown): Record<string, unknown> {
  const outage = outageOf(error);
  if (outage) return { reason: outage.reason };
  const causes = [...causesOf(error)];
  if (!causes.some((cause) => /^Failed query:/.test(String((cause as { message?: unknown }).message))))
    return { err: error };
  const { code, message } = causes.at(-1) as { code?: unknown; message?: unknown };
  return { reason: [code, message].filter((part) => typeof part === 'string').join(': ') };
}

/**
 * Polls the queue every `intervalMs`. While the database cannot be reached every poll fails: the worker logs
 * the change of state once (paused, with the reason), then once more when a poll succeeds again (resumed),
 * never once a poll.
 */
export function startJobWorker(
  db: Database,
  handlers: JobHandlers,
  log: FastifyBaseLogger,
  intervalMs = 1000,
): () => Promise<void> {
  let stopped = false;
  let paused = false;
  let running: Promise<unknown> = Promise.resolve();
  const poll = async () => {
    try {
      if (!stopped) await runDueJobs(db, handlers, log);
    } catch (error) {
      if (paused) return;
      paused = true;
      const outage = outageOf(error) !== null;
      if (outage) log.warn(loggable(error), 'job worker paused: the database is unavailable');
      else log.error(loggable(error), 'job worker paused: the queue could not be read');
      return;
    }
    if (paused) log.info('job worker resumed: the database answers again');
    paused = false;
  };
  const timer = setInterval(() => {
    running = running.then(poll);
  }, intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
