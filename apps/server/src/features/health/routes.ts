import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { ping } from '../../db/client.ts';

const ok = { 200: z.object({ status: z.literal('ok') }) };
const schema = { tags: ['platform'], response: ok };
const publicAccess = { access: 'public' } as const;

/**
 * `/health/live`: the process answers (a supervisor restarts it otherwise). `/health/ready` and
 * `/health`: the database answers too (a load balancer sends traffic only then); while it does not,
 * the error handler answers 503 with Retry-After like every other route.
 */
export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get('/health/live', { config: publicAccess, schema }, async () => ({ status: 'ok' as const }));
  const ready = async () => {
    await ping(deps.db);
    return { status: 'ok' as const };
  };
  app.get('/health/ready', { config: publicAccess, schema }, ready);
  app.get('/health', { config: publicAccess, schema }, ready);
};
