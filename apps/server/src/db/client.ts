import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.ts';
import { sqlStateOf } from '../platform/database-errors.ts';

export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = PgTransaction<
  PgQueryResultHKT,
  Record<string, never>,
  ExtractTablesWithRelations<Record<string, never>>
>;
/** Either the database or an open transaction: repository functions accept both. */
export type Executor = Database | Transaction;

/** What a pool says of itself (node-postgres' Pool); the embedded database has none. */
export interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The connection pool's own counts (PostgreSQL only), for /metrics. */
  pool?: PoolStats;
  /** Applies the migrations of `folder` (the app's own by default) not yet applied; skipped when there are none. */
  migrate(folder?: string): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * The embedded database as the build leaves it, migrated: a data folder beside the built server (build.mjs writes it
 * with writePgliteTemplate). A start on an empty data folder copies it instead of running initdb and every migration,
 * a copy the operating system makes, where unpacking an archive through PGlite's file system took two seconds.
 * Without it (the sources run by tsx) the database is made as before.
 */
export const pgliteTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-template');

/**
 * The template a first start with the demo data copies: pgliteTemplate with the lookups and the thousands of
 * generated schools (db/pglite-templates.ts), which depend on neither the date nor the configuration and took a
 * third of the demo seed. Never opened in production, which refuses SEED_DEMO.
 */
export const pgliteDemoTemplate = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pglite-demo-template');

const hasDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'));
const isEmptyOrMissing = (dataDir: string) => !existsSync(dataDir) || readdirSync(dataDir).length === 0;

/**
 * Fills a missing or empty data folder from `template`: copied beside it, then renamed into place, so a start cut
 * off while copying leaves no half database that a later start would take for one. Copy-on-write where the file
 * system can. A folder holding anything else is left to PGlite, as without a template.
 */
function copyTemplate(template: string, dataDir: string): void {
  const copy = `${dataDir}.copying-${process.pid}`;
  rmSync(copy, { recursive: true, force: true });
  cpSync(template, copy, { recursive: true, mode: constants.COPYFILE_FICLONE });
  if (existsSync(dataDir)) rmdirSync(dataDir);
  renameSync(copy, dataDir);
}

interface Journal {
  entries: { tag: string; when: number }[];
}

/**
 * Whether the database has recorded the folder's last migration as its last, as drizzle's migrator records it
 * (created_at is the journal entry's `when`, hash the SHA-256 of its SQL). One query, where the migrator reads and
 * hashes every migration file and runs its bookkeeping statements: a start on an up-to-date database skips it.
 */
export async function isMigrated(db: Database, folder = migrationsFolder): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
  const last = journal.entries.at(-1);
  if (!last) return true;
  const hash = createHash('sha256')
    .update(readFileSync(path.join(folder, `${last.tag}.sql`), 'utf8'))
    .digest('hex');
  try {
    const result = await db.execute(
      sql`select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    // Both drivers answer with { rows }; the driver-neutral Database type leaves the result unknown.
    const [recorded] = (result as { rows: { hash: string; created_at: string }[] }).rows;
    return recorded !== undefined && Number(recorded.created_at) === last.when && recorded.hash === hash;
  } catch (error) {
    // A database never migrated has no drizzle schema (3F000) or no table in it (42P01).
    if (['3F000', '42P01'].includes(sqlStateOf(error) ?? '')) return false;
    throw error;
  }
}

/**
 * PGlite runs every statement on one connection; its own transaction lock makes statements of other
 * requests wait until a transaction ends, so transactions never interleave (see db/client.test.ts).
 */
export async function openPglite(
  dataDir: string | undefined,
  wasm?: Promise<WebAssembly.Module>,
  template = pgliteTemplate,
): Promise<DatabaseHandle> {
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true });
    if (isEmptyOrMissing(dataDir) && hasDatabase(template)) copyTemplate(template, dataDir);
  }
  const client = new PGlite({
    dataDir,
    extensions: pgliteExtensions,
    startParams: pgliteStartParams,
    pgliteWasmModule: await wasm,
  });
  await client.waitReady;
  return pgliteHandle(client);
}

/** pg_trgm backs the organization and district search indexes, as on PostgreSQL. */
export const pgliteExtensions = { pg_trgm };

/**
 * PostgreSQL's defaults, sized for a server of its own, live in the WebAssembly memory of this process, which never
 * gives a page back: 128 MB of shared buffers were zeroed, so resident, at every open (half the idle server's
 * memory). The data folder's files are read through the operating system, whose page cache holds what 16 MB of
 * buffers do not; index builds (migrations, the demo seed) need no 64 MB either. docs/decisions/0144-start-in-a-second.md
 */
export const pgliteStartParams = [
  ...PGlite.defaultStartParams,
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
];

/**
 * Writes the migrated embedded database, with what `fill` adds, as the data folder `dir`, for a first start to copy
 * (pgliteTemplate, pgliteDemoTemplate).
 */
export async function writePgliteTemplate(dir: string, fill?: (db: Database) => Promise<void>): Promise<void> {
  rmSync(dir, { recursive: true, force: true });
  const client = await PGlite.create({ dataDir: dir, extensions: pgliteExtensions, startParams: pgliteStartParams });
  try {
    const db = drizzlePglite({ client });
    await migratePglite(db, { migrationsFolder });
    await fill?.(db);
  } finally {
    await client.close();
  }
}

/** Wraps a ready PGlite client (tests start theirs from a migrated copy). */
export function pgliteHandle(client: PGlite): DatabaseHandle {
  const db = drizzlePglite({ client });
  return {
    db,
    kind: 'pglite',
    async migrate(folder = migrationsFolder) {
      if (!(await isMigrated(db, folder))) await migratePglite(db, { migrationsFolder: folder });
    },
    close: () => client.close(),
  };
}

// Any constant shared by every instance: several servers starting at once migrate one at a time.
const migrationLockKey = 7_301_962_114;

export interface PostgresTimeouts {
  /** How long a request waits for a connection (a new one, or a free one of the pool). */
  connectTimeoutMs: number;
  /** How long one statement may run; the server cancels it after that (SQLSTATE 57014). */
  statementTimeoutMs: number;
}

const defaultTimeouts: PostgresTimeouts = { connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

/** When the current request's database time ends (epoch ms); unset outside a request (jobs, start-up). */
const requestDeadline = new AsyncLocalStorage<number>();

/**
 * Runs `next` (the rest of a request: its hooks and handler) with `budgetMs` of database time from now. Every
 * wait of the request on PostgreSQL — for a connection, then for each statement — comes out of that one budget,
 * so a database slow to connect to and then hung holds the request `budgetMs` in all, not the connect timeout
 * plus the statement timeout (docs/decisions/0157-security-and-reliability-hardening.md).
 */
export function withDatabaseBudget(budgetMs: number, next: () => void): void {
  requestDeadline.run(Date.now() + budgetMs, next);
}

/** The request's database time is spent: answered 503 like any outage (platform/outages.ts). */
export const budgetSpentMessage = "The request's database time is spent";

const remainingBudget = () => {
  const deadline = requestDeadline.getStore();
  return deadline === undefined ? undefined : deadline - Date.now();
};

/**
 * A connection from the pool within what is left of the request's budget. One given up on is released when the
 * pool hands it over after all.
 */
function budgetedConnect(connect: () => Promise<pg.PoolClient>): Promise<pg.PoolClient> {
  const remaining = remainingBudget();
  if (remaining === undefined) return connect();
  if (remaining <= 0) return Promise.reject(new Error(budgetSpentMessage));
  const pending = connect();
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void pending.then(
        (client) => client.release(),
        () => undefined,
      );
      reject(new Error(budgetSpentMessage));
    }, remaining);
  });
  return Promise.race([pending, spent]).finally(() => clearTimeout(timer));
}

type QueryArguments = [first: unknown, ...rest: unknown[]];

/**
 * Gives each statement of a client what is left of the request's budget as its client-side timeout (node-postgres'
 * query_timeout; `fallbackMs` outside a request). A client whose statement timed out is ended: the server may still
 * be running it, so the connection is not handed to another request.
 */
function budgetStatements(client: pg.PoolClient, fallbackMs: number): void {
  // Looked up on the class at each call, not bound once: tracing patches Client.prototype.query when it starts,
  // which may be after this client was made (platform/tracing.ts).
  const prototype = Object.getPrototypeOf(client) as { query: (...args: QueryArguments) => unknown };
  const query = (...args: QueryArguments) => prototype.query.apply(client, args);
  client.query = ((...[first, ...rest]: QueryArguments) => {
    const submittable = typeof first === 'object' && first !== null && 'submit' in first;
    if (submittable) return query(first, ...rest);
    const remaining = remainingBudget();
    if (remaining !== undefined && remaining <= 0) {
      const callback = rest.find((arg) => typeof arg === 'function') as ((error: Error) => void) | undefined;
      const error = new Error(budgetSpentMessage);
      if (!callback) return Promise.reject(error);
      process.nextTick(() => callback(error));
      return undefined;
    }
    const config = typeof first === 'string' ? { text: first } : (first as object);
    const result = query({ ...config, query_timeout: remaining ?? fallbackMs }, ...rest);
    if (result instanceof Promise)
      result.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'Query read timeout') void client.end().catch(() => undefined);
      });
    return result;
  }) as typeof client.query;
}

/** drizzle's BEGIN: `begin`, with the transaction's options after it when it has some. */
const isBegin = (config: unknown) =>
  typeof config === 'object' && config !== null && 'text' in config && /^begin\b/i.test(String(config.text));

/** A statement that only reads: run outside a transaction, it would leave the database as it was. */
const onlyReads = (config: unknown) =>
  typeof config === 'object' &&
  config !== null &&
  !('submit' in config) &&
  'text' in config &&
  /^\s*select\b/i.test(String(config.text));

const begun = { command: 'BEGIN', rowCount: null, oid: 0, rows: [], fields: [] };

/**
 * drizzle's transactions wait for BEGIN's answer before sending their first statement: a round trip of its own for
 * every transaction, which PostgreSQL's protocol does not need. On a pipelined connection (node-postgres' `pipeline`,
 * which writes a statement without waiting for the one before to be answered), BEGIN is held back until the
 * transaction's first statement and written just before it when that statement only reads (the checkout's locked
 * cart, a payment's lock): one round trip for both. Its caller gets BEGIN's error, if any, in place of the rows,
 * so a transaction never goes on without its BEGIN; the read, then run on its own, changed nothing. A first
 * statement that writes is sent once BEGIN is answered, as before: it can never run outside its transaction.
 * docs/decisions/0229-checkout-begin-pipelined.md
 */
function beginWithFirstRead(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: QueryArguments) => unknown;
  let held: QueryArguments | null = null;
  client.query = ((...args: QueryArguments) => {
    const withCallback = args.some((arg) => typeof arg === 'function');
    if (held === null) {
      if (!isBegin(args[0]) || withCallback) return query(...args);
      held = args;
      return Promise.resolve(begun);
    }
    if (onlyReads(args[0]) && !withCallback) {
      // Both are written synchronously (node-postgres submits a pipelined statement at once): corked, they leave
      // in one write to the socket instead of two.
      const { stream } = client.connection;
      stream.cork();
      let begin: Promise<unknown>;
      let read: Promise<unknown>;
      try {
        begin = query(...held) as Promise<unknown>;
        read = query(...args) as Promise<unknown>;
      } finally {
        held = null;
        stream.uncork();
      }
      return begin.then(
        () => read,
        async (error: unknown) => {
          // The read is answered after BEGIN, on the same connection: its own outcome no longer matters.
          await read.catch(() => undefined);
          throw error;
        },
      );
    }
    const begin = query(...held) as Promise<unknown>;
    held = null;
    const callback = args.find((arg) => typeof arg === 'function') as ((error: unknown) => void) | undefined;
    const sent = begin.then(() => query(...args));
    if (!callback) return sent;
    sent.catch((error: unknown) => callback(error));
    return undefined;
  }) as typeof client.query;
}

export function openPostgres(url: string, timeouts: PostgresTimeouts = defaultTimeouts): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    // Lets a transaction's BEGIN travel with its first statement (beginWithFirstRead); statements are still awaited
    // one by one everywhere else, so nothing else changes on the wire.
    pipeline: true,
    connectionTimeoutMillis: timeouts.connectTimeoutMs,
    statement_timeout: timeouts.statementTimeoutMs,
  });
  // A server that accepted the connection and went silent (a hung host) is given up on the client side too: within
  // a request when its budget is spent, elsewhere a little after the statement timeout it should have applied.
  const fallbackMs = timeouts.statementTimeoutMs + timeouts.connectTimeoutMs;
  const budgeted = new WeakSet<pg.PoolClient>();
  // Looked up on the class at each call, like a client's query (budgetStatements): tracing patches pg-pool's connect.
  const poolPrototype = Object.getPrototypeOf(pool) as { connect: () => Promise<pg.PoolClient> };
  const connect = () => poolPrototype.connect.call(pool);
  // pg-pool's own query() asks for its connection with a callback, drizzle's transactions with a promise.
  pool.connect = ((callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => {
    const pending = budgetedConnect(connect).then((client) => {
      if (!budgeted.has(client)) {
        budgetStatements(client, fallbackMs);
        beginWithFirstRead(client);
        budgeted.add(client);
      }
      return client;
    });
    if (!callback) return pending;
    pending.then(
      (client) => callback(undefined, client, () => client.release()),
      (error: Error) => callback(error),
    );
    return undefined;
  }) as typeof pool.connect;
  // An idle connection the server closes (restart, failover, a dropped test database) is discarded by
  // the pool and replaced on next use; without a listener node-postgres would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`));
  const db = drizzleNodePg({ client: pool });
  return {
    db,
    kind: 'postgres',
    pool,
    async migrate(folder = migrationsFolder) {
      if (await isMigrated(db, folder)) return;
      // Its own connection, without the request timeouts: a migration may build an index for minutes,
      // and waits for another instance's migration to end.
      const connection = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectTimeoutMs });
      await connection.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [migrationLockKey]);
        await migrateNodePg(drizzleNodePg({ client: connection }), { migrationsFolder: folder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
        await connection.end();
      }
    },
    close: () => pool.end(),
  };
}

/** `pgliteWasm`: PGlite's module when its compilation was started beforehand (db/pglite-wasm.ts). */
/** The configured database; an embedded one made on this start from `template` (pgliteTemplate, pgliteDemoTemplate). */
export async function openDatabase(
  config: Config['database'],
  pgliteWasm?: Promise<WebAssembly.Module>,
  template = pgliteTemplate,
): Promise<DatabaseHandle> {
  return config.kind === 'postgres'
    ? openPostgres(config.url, config)
    : openPglite(config.dataDir, pgliteWasm, template);
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
