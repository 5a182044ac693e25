import { causesOf } from './database-errors.ts';

/**
 * SQLSTATEs that say the database cannot serve now, not that the statement is wrong: connection
 * exceptions (class 08), too many connections, a server shutting down or starting, a statement
 * cancelled by its timeout.
 */
const unavailableStates = new Set(['53300', '57014', '57P01', '57P02', '57P03']);
/** Socket errors on the way to the database. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EPIPE',
]);
/** node-postgres and ioredis report a timed-out or dropped connection in words only. */
const unavailableMessages = [
  /timeout exceeded when trying to connect/i,
  /^Connection terminated/,
  /^Query read timeout$/,
  /connection error and is not queryable/,
  /^PGlite is closed$/,
  /^Cannot use a pool after calling end on the pool$/,
  /^Connection is closed\.$/,
  /^Reached the max retries per request limit/,
  /enableOfflineQueue options is false/,
  /^Command timed out$/,
  /^The request's database time is spent$/,
];

export interface Outage {
  /** What went wrong, without the statement or its parameters: safe to log on every outage. */
  reason: string;
}

/**
 * Whether an error means a service the portal depends on (PostgreSQL, Redis) is unreachable, overloaded
 * or too slow — answered 503 with Retry-After — and the reason without SQL; null for every other error.
 * drizzle wraps the driver's error (whose message carries the statement and its parameters) in `cause`,
 * so the chain is walked.
 */
export function outageOf(error: unknown): Outage | null {
  for (const cause of causesOf(error)) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    const text = typeof message === 'string' ? message : '';
    if (typeof code === 'string' && (code.startsWith('08') || unavailableStates.has(code)))
      return { reason: `SQLSTATE ${code}: ${text}` };
    if (typeof code === 'string' && unavailableSocketCodes.has(code)) return { reason: `${code}: ${text}` };
    if (unavailableMessages.some((pattern) => pattern.test(text))) return { reason: text };
    // node-postgres' pool reports a refused connection as an AggregateError of one per address tried.
    if (cause instanceof AggregateError)
      for (const inner of cause.errors) {
        const found = outageOf(inner);
        if (found) return found;
      }
  }
  return null;
}
