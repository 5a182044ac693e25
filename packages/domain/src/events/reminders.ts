import { z } from 'zod';
import { addDays, calendarDateIn, wallTimeIn } from '../dates.ts';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * Scheduled mail before an event (issue 40, "Reminders"; docs/decisions/0179-event-reminders.md): each event
 * day to its ticket holders, a payment due soon to accepted applicants, and tickets not handed out yet to
 * the owners holding them. Each is sent once per person per occasion, at a wall-clock hour in TIME_ZONE.
 */

export const reminderKinds = ['EVENT_DAY', 'PAYMENT_DUE', 'UNALLOCATED'] as const;
export type ReminderKind = (typeof reminderKinds)[number];

export const reminderKindLabels: Record<ReminderKind, string> = {
  EVENT_DAY: 'Event day reminder',
  PAYMENT_DUE: 'Payment due reminder',
  UNALLOCATED: 'Unallocated tickets reminder',
};

/** Reminders leave at 8 AM in the provider's zone: early enough to act on, late enough not to wake anyone. */
export const reminderHour = 8;
/** Owners hear of tickets they still hold a week before the event's first day. */
export const unallocatedDaysBefore = 7;
/** An accepted applicant hears of a payment this many days before it is due. */
export const paymentDueSoonDays = 3;
/** The furthest ahead staff may set the day reminder. */
export const maxDaysBefore = 14;
export const defaultDaysBefore = 1;

/** When the reminder of an occasion on `day` leaves: 8 AM local, `daysBefore` calendar days earlier. */
export function reminderMoment(day: string, daysBefore: number, timeZone: string): Date {
  return wallTimeIn(addDays(day, -daysBefore), reminderHour, timeZone);
}

/**
 * Whether an occasion's reminder is due at `now`: its moment has come and the occasion's day has not
 * passed in the provider's zone (a sweep that was down for a day does not announce yesterday's event).
 */
export function reminderDue(day: string, daysBefore: number, now: Date, timeZone: string): boolean {
  return now.getTime() >= reminderMoment(day, daysBefore, timeZone).getTime() && calendarDateIn(now, timeZone) <= day;
}

/** The days of an event a sweep reminds of: those that are due now, in order. */
export function dueEventDays(days: readonly string[], daysBefore: number, now: Date, timeZone: string): string[] {
  return [...new Set(days)].sort().filter((day) => reminderDue(day, daysBefore, now, timeZone));
}

/** The day an accepted applicant's payment falls due: the decision's day in the zone plus the event's due days. */
export function paymentDueDate(decidedAt: Date, dueDays: number, timeZone: string): string {
  return addDays(calendarDateIn(decidedAt, timeZone), dueDays);
}

/**
 * The window of calendar days a sweep looks at: an occasion on a later day is not due yet whatever the
 * settings, one on an earlier day has passed.
 */
export function sweepWindow(now: Date, timeZone: string): { from: string; to: string } {
  const today = calendarDateIn(now, timeZone);
  return { from: today, to: addDays(today, Math.max(maxDaysBefore, unallocatedDaysBefore, paymentDueSoonDays)) };
}

export const reminderTexts = {
  daysBefore: `Choose 0 to ${maxDaysBefore} days`,
  onlineUrl: 'Enter a full link, starting with https://',
  saved: 'Reminder settings saved',
  daySubject: (eventName: string, day: string) => `Reminder: ${eventName} on ${day}`,
  paymentSubject: (eventName: string) => `Payment due soon: ${eventName}`,
  unallocatedSubject: (eventName: string) => `Tickets not assigned yet: ${eventName}`,
} as const;

export const reminderSettings = z.object({
  dayReminders: z.boolean(),
  daysBefore: z
    .int(reminderTexts.daysBefore)
    .min(0, reminderTexts.daysBefore)
    .max(maxDaysBefore, reminderTexts.daysBefore),
  paymentReminders: z.boolean(),
  unallocatedReminders: z.boolean(),
  /** Where an online event is held; the day reminder carries it. */
  onlineUrl: z
    .string()
    .trim()
    .max(2000, reminderTexts.onlineUrl)
    .refine((value) => value === '' || /^https:\/\/\S+$/.test(value), reminderTexts.onlineUrl)
    .transform((value) => (value === '' ? null : value))
    .nullable(),
});
export type ReminderSettings = z.output<typeof reminderSettings>;

export const defaultReminderSettings: ReminderSettings = {
  dayReminders: true,
  daysBefore: defaultDaysBefore,
  paymentReminders: true,
  unallocatedReminders: true,
  onlineUrl: null,
};

/** One occasion's reminders as staff read them beside the event's sent messages. */
export const sentReminderRow = z.object({
  kind: z.enum(reminderKinds),
  label: z.string(),
  occasion: z.iso.date(),
  sentAt: z.iso.datetime(),
  recipientCount: z.int(),
  delivered: z.int(),
  failed: z.int(),
  pending: z.int(),
});
export type SentReminderRow = z.infer<typeof sentReminderRow>;

export const sentReminderQuery = pageQuery;
export const sentReminderPage = paginated(sentReminderRow);
export type SentReminderPage = z.infer<typeof sentReminderPage>;

/** The settings as the server answers them: the input's shape once trimmed (a response schema transforms nothing). */
export const reminderSettingsReply = z.object({
  settings: z.object({
    dayReminders: z.boolean(),
    daysBefore: z.int(),
    paymentReminders: z.boolean(),
    unallocatedReminders: z.boolean(),
    onlineUrl: z.string().nullable(),
  }),
});
