import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { authMessages } from '@portal/domain/auth.ts';
import { tooManyRequests } from './errors.ts';

/**
 * A route's `config.rateLimit` (the plugin is registered with `global: false` in security.ts): at
 * most `max` calls a minute for one key, counted after the body is parsed (so a key may read it),
 * answered 429 with the spec's message.
 */
export const rateLimited = (max: number, key: (request: FastifyRequest) => string): RateLimitOptions => ({
  max,
  timeWindow: '1 minute',
  hook: 'preHandler',
  keyGenerator: key,
  errorResponseBuilder: () => tooManyRequests(authMessages.tooManyAttempts),
});
