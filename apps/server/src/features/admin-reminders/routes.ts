import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reminderSettings,
  reminderSettingsReply,
  sentReminderPage,
  sentReminderQuery,
} from '@portal/domain/events/reminders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { caller } from '../../platform/access.ts';
import { getReminderSettings, listSentReminders, putReminderSettings } from './service.ts';

const eventParams = z.object({ eventId: z.uuid('Not an event id') });
const staff = { access: 'staff' } as const;
const tags = ['admin'];

/** Staff set an event's reminders (which are sent, how long before its days) and read the reminders sent. */
export const adminReminderRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/admin/reminders/:eventId',
    { config: staff, schema: { tags, params: eventParams, response: { 200: reminderSettingsReply } } },
    async (request) => getReminderSettings(deps, request.params.eventId),
  );

  app.put(
    '/admin/reminders/:eventId',
    {
      config: staff,
      schema: { tags, params: eventParams, body: reminderSettings, response: { 200: reminderSettingsReply } },
    },
    async (request) => putReminderSettings(deps, caller(request), request.params.eventId, request.body),
  );

  app.get(
    '/admin/reminders/:eventId/sent',
    {
      config: staff,
      schema: { tags, params: eventParams, querystring: sentReminderQuery, response: { 200: sentReminderPage } },
    },
    async (request) => listSentReminders(deps, request.params.eventId, request.query),
  );
};
