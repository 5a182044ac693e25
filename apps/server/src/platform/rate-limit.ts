import type { RateLimitOptions, RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authMessages } from '@portal/domain/people/auth.ts';
import type { Config } from '../config.ts';
import { tooManyRequests, TryLater } from './errors.ts';

const window = '1 minute';
/** How long a client waits before trying sign-in again while the counters' store (Redis) is out of reach. */
const storeRetrySeconds = 10;
/** How long one count may wait for Redis before the route answers 503. */
const storeCommandTimeoutMs = 500;

/**
 * A route's `config.rateLimit` (the plugin is registered with `global: false` in security.ts): at
 * most `max` calls a minute for one key, counted after the body is parsed (so a key may read it),
 * answered 429 with the spec's message and Retry-After (the seconds left of the window).
 */
export const rateLimited = (max: number, key: (request: FastifyRequest) => string): RateLimitOptions => ({
  max,
  timeWindow: window,
  hook: 'preHandler',
  keyGenerator: key,
  errorResponseBuilder: (_request, context) => tooManyRequests(authMessages.tooManyAttempts, context.ttl / 1000),
});

/**
 * The plugin's options: counters in Redis when REDIS_URL is set, so every instance counts together;
 * otherwise in this process. The Redis connection is opened here, so an unreachable Redis stops
 * start-up instead of failing each sign-in, and closed with the app.
 */
export async function rateLimitStore(app: FastifyInstance, config: Config): Promise<RateLimitPluginOptions> {
  const shared = config.signInRateLimit.redis;
  if (!shared) return { global: false };
  // ioredis is loaded only where Redis is used (docs/decisions/0144-start-in-a-second.md).
  const { Redis } = await import('ioredis');
  const redis = new Redis(shared.url, {
    lazyConnect: true,
    connectTimeout: 5000,
    // A count waits for Redis at most this long: a Redis gone or hung costs the limited routes a 503 with
    // Retry-After within a second (platform/errors.ts), never a pass
    // (docs/decisions/0157-security-and-reliability-hardening.md).
    commandTimeout: storeCommandTimeoutMs,
    // While the connection is down a count fails at once instead of waiting in a queue for the reconnection.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
  });
  // A lost connection is retried by ioredis; meanwhile the limited routes answer 503 and the log says why.
  redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store (Redis) unavailable'));
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Redis at REDIS_URL is not reachable: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  app.addHook('onClose', async () => {
    // Without the offline queue QUIT is refused while reconnecting: a Redis out of reach is just let go.
    await redis.quit().catch(() => redis.disconnect());
  });
  return { global: false, redis, nameSpace: `${shared.keyPrefix}rate-limit:` };
}

/**
 * Why Redis at `url` cannot be used, or null when it answers: checked at start-up before anything else
 * (migrations, seeding), so an operator reads the real cause ("connect ECONNREFUSED host:port") once,
 * not a stack trace after a minute of work. No retries: the start itself is the retry.
 */
export async function checkRedisReachable(url: string): Promise<string | null> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  let firstError: Error | undefined;
  redis.on('error', (error: Error) => {
    firstError ??= error;
  });
  try {
    await redis.connect();
    await redis.ping();
    return null;
  } catch (error) {
    return (firstError ?? (error instanceof Error ? error : new Error(String(error)))).message;
  } finally {
    redis.disconnect();
  }
}

/**
 * Sign-in attempts are counted twice: per account, whatever the address (a password guessed from
 * many machines), and per address, whatever the account (one machine trying many accounts). Either
 * limit reached answers 429; every attempt counts against both, successful or not.
 */
export function signInRateLimit(app: FastifyInstance, config: Config, accountOf: (request: FastifyRequest) => string) {
  const limits = config.signInRateLimit;
  const perAccount = app.createRateLimit({
    max: limits.perAccount,
    timeWindow: window,
    keyGenerator: (request) => `sign-in:account:${accountOf(request)}`,
  });
  const perAddress = app.createRateLimit({
    max: limits.perAddress,
    timeWindow: window,
    keyGenerator: (request) => `sign-in:address:${request.ip}`,
  });
  return async (request: FastifyRequest): Promise<void> => {
    // Without its counters sign-in stays closed rather than unlimited.
    const counted = await Promise.all([perAccount(request), perAddress(request)]).catch((error: unknown) => {
      request.log.error({ err: error }, 'sign-in rate limit could not be counted');
      throw new TryLater(503, 'Sign-in is unavailable for a moment. Please try again.', storeRetrySeconds);
    });
    // Seconds until each limit reached lets go: the account's and the address's windows may end apart.
    const waits = counted.flatMap((count) => (!count.isAllowed && count.isExceeded ? [count.ttlInSeconds] : []));
    if (waits.length > 0) throw tooManyRequests(authMessages.tooManyAttempts, Math.max(...waits));
  };
}
