import {
  defaultNotificationFrequency,
  staffWorkKinds,
  type DigestRunReply,
  type NotificationSettings,
  type NotificationSettingsReply,
} from '@portal/domain/staff/notifications.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Database } from '../../db/client.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { digestMail, digestMoment, nextDigestDay } from './digest.ts';
import {
  claimDigest,
  digestReaders,
  lastCovered,
  saveSetting,
  scheduleDigestRun,
  settingsOf,
  workBetween,
} from './repository.ts';

export const staffDigestJob = 'staff.digest';

/** Before a staff member's first digest, it looks back one day. */
const firstDigestLookBackMs = 24 * 3600_000;

async function reply(deps: AppDeps, userId: string): Promise<NotificationSettingsReply> {
  const chosen = new Map((await settingsOf(deps.db, userId)).map((row) => [row.kind, row.frequency]));
  const settings = Object.fromEntries(
    staffWorkKinds.map((kind) => [kind, chosen.get(kind) ?? defaultNotificationFrequency]),
  ) as NotificationSettings;
  return { settings, digestHour: deps.config.digestHour, timeZone: deps.config.timeZone };
}

/** GET /api/admin/notifications/settings: the caller's own choices. */
export async function notificationSettings(deps: AppDeps, auth: RequestAuth): Promise<NotificationSettingsReply> {
  return reply(deps, auth.user.id);
}

/** PUT /api/admin/notifications/settings: every kind's choice saved together. */
export async function saveNotificationSettings(
  deps: AppDeps,
  auth: RequestAuth,
  settings: NotificationSettings,
): Promise<NotificationSettingsReply> {
  await deps.db.transaction(async (tx) => {
    for (const kind of staffWorkKinds) await saveSetting(tx, auth.user.id, kind, settings[kind]);
    await audit(tx, {
      ...actorOf(auth),
      action: 'staff.notification-settings',
      subjectType: 'user',
      subjectId: auth.user.id,
      data: settings,
    });
  });
  return reply(deps, auth.user.id);
}

/**
 * Sends a day's digest to every staff member who chose one for some kind: the work of those kinds
 * that arrived since their previous digest. Each member's digest is claimed (staff_digests' primary
 * key) and mailed in one transaction, so of two runs at once — two instances, a retried job — one
 * sends and the other finds it claimed. A member with nothing new gets no mail, but the day is
 * claimed, so their next digest starts from here. Returns how many mails were queued.
 */
export async function sendDigests(deps: AppDeps, day: string): Promise<number> {
  const now = deps.clock();
  let queued = 0;
  for (const reader of await digestReaders(deps.db)) {
    const sent = await deps.db.transaction(async (tx) => {
      const after = (await lastCovered(tx, reader.id)) ?? new Date(now.getTime() - firstDigestLookBackMs);
      const items = await workBetween(tx, reader.kinds, after, now);
      if (!(await claimDigest(tx, reader.id, day, now)) || items.length === 0) return false;
      await queueMail(
        tx,
        digestMail({ to: reader.email, day, items, publicUrl: deps.config.publicUrl, timeZone: deps.config.timeZone }),
      );
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}

/** Makes sure the next digest is queued: called at start-up by every instance and by each digest run. */
export async function scheduleNextDigest(deps: Pick<AppDeps, 'config'> & { db: Database }, now: Date): Promise<void> {
  const { digestHour, timeZone } = deps.config;
  const day = nextDigestDay(now, digestHour, timeZone);
  await deps.db.transaction((tx) =>
    scheduleDigestRun(tx, staffDigestJob, day, digestMoment(day, digestHour, timeZone)),
  );
}

/** The daily job: the following day's run is queued first, so a failing digest does not stop the next. */
export function runDigestJob(deps: AppDeps): JobHandler {
  return async (payload) => {
    const day = String(payload.day);
    await scheduleNextDigest(
      deps,
      new Date(digestMoment(day, deps.config.digestHour, deps.config.timeZone).getTime() + 1),
    );
    await sendDigests(deps, day);
  };
}

/** POST /api/admin/notifications/digest: today's digest now, for trying the feature (development only). */
export async function sendTodaysDigest(deps: AppDeps): Promise<DigestRunReply> {
  const day = calendarDateIn(deps.clock(), deps.config.timeZone);
  return { day, mailsQueued: await sendDigests(deps, day) };
}
