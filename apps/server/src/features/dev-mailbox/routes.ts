import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pageQuery, paginated } from '@portal/domain/pagination.ts';
import type { AppDeps } from '../../app-deps.ts';
import { mailMessages } from '../../db/schema/platform.ts';

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
    { config: { access: 'public' }, schema: { tags: ['platform'], querystring: pageQuery, response: { 200: paginated(mailRow) } } },
    async (request) => {
      const { page, pageSize } = request.query;
      const [items, [total]] = await Promise.all([
        deps.db
          .select({ id: mailMessages.id, to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text, createdAt: mailMessages.createdAt })
          .from(mailMessages)
          .orderBy(desc(mailMessages.createdAt), desc(mailMessages.id))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        deps.db.select({ total: count() }).from(mailMessages),
      ]);
      return { items, page, pageSize, total: total?.total ?? 0 };
    },
  );
};
