import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { ping } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await ping(deps.db);
      return { status: 'ok' as const };
    },
  );
};
