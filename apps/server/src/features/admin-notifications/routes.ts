import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  digestRunReply,
  notificationSettings as settingsInput,
  notificationSettingsReply,
} from '@portal/domain/staff/notifications.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { notificationSettings, saveNotificationSettings, sendTodaysDigest } from './service.ts';

const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** A staff member's own choice of how they hear of arriving work; and, in development, the digest on demand. */
export const adminNotificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/notifications/settings',
    { config: staff, schema: { tags, response: { 200: notificationSettingsReply } } },
    async (request) => notificationSettings(deps, caller(request)),
  );

  app.put(
    '/admin/notifications/settings',
    { config: staff, schema: { tags, body: settingsInput, response: { 200: notificationSettingsReply } } },
    async (request) => saveNotificationSettings(deps, caller(request), request.body),
  );

  // The digest otherwise waits for DIGEST_HOUR; production never has this route (docs/decisions/0103-digest-trigger-in-development.md).
  if (deps.config.env !== 'production') {
    app.post(
      '/admin/notifications/digest',
      { config: staff, schema: { tags: ['development'], response: { 200: digestRunReply } } },
      async () => sendTodaysDigest(deps),
    );
  }
};
