import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery, paginated } from '@portal/domain/pagination.ts';
import type { AppDeps } from '../../app-deps.ts';
import { mailPage } from './repository.ts';

const mailRow = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.codec(z.iso.datetime(), z.date(), {
    decode: (iso) => new Date(iso),
    encode: (date) => date.toISOString(),
  }),
});

/**
 * Development only (registered only when the mailbox is enabled, never with SMTP or in production):
 * every mail the portal wrote, so reset and invitation links work on a machine without SMTP.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/dev/mailbox',
    {
      config: { access: 'public' },
      schema: {
        tags: ['platform'],
        querystring: pageQuery,
        // The provider's zone, which the page shows each mail's date in, named (a visitor may be elsewhere).
        response: { 200: paginated(mailRow).extend({ timeZone: z.string() }) },
      },
    },
    async (request) => {
      const page = await mailPage(deps.db, request.query.page, request.query.pageSize);
      return { ...page, timeZone: deps.config.timeZone };
    },
  );
};
