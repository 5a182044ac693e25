import { z } from 'zod';

/** The kinds of arriving work staff are mailed about (staff_work_items.kind). */
export const staffWorkKinds = ['purchaseOrder', 'application', 'packageRequest', 'refundNeeded'] as const;
export type StaffWorkKind = (typeof staffWorkKinds)[number];

export const staffWorkKindLabels: Record<StaffWorkKind, string> = {
  purchaseOrder: 'New purchase orders',
  application: 'Submitted applications',
  packageRequest: 'Submitted and changed package requests',
  refundNeeded: 'Payments that need a refund',
};

/** IMMEDIATE: a mail per item as it arrives; DIGEST: one mail a day listing them; OFF: none. */
export const notificationFrequencies = ['IMMEDIATE', 'DIGEST', 'OFF'] as const;
export type NotificationFrequency = (typeof notificationFrequencies)[number];

export const notificationFrequencyLabels: Record<NotificationFrequency, string> = {
  IMMEDIATE: 'At once',
  DIGEST: 'Daily digest',
  OFF: 'Off',
};

/** What a staff member gets until they choose (docs/decisions/0101-staff-notification-defaults.md). */
export const defaultNotificationFrequency: NotificationFrequency = 'IMMEDIATE';

const frequency = z.enum(notificationFrequencies, 'Choose at once, daily digest or off');

const settings = z.object({
  purchaseOrder: frequency,
  application: frequency,
  packageRequest: frequency,
  refundNeeded: frequency,
});

/** GET and PUT /api/admin/notifications/settings: the caller's own choice per kind (PUT sends every kind). */
export const notificationSettings = settings;
export type NotificationSettings = z.infer<typeof notificationSettings>;

export const notificationSettingsReply = z.object({
  settings,
  /** The hour (0–23, provider time zone) the daily digest is sent. */
  digestHour: z.int(),
  timeZone: z.string(),
});
export type NotificationSettingsReply = z.infer<typeof notificationSettingsReply>;

/** POST /api/admin/notifications/digest (development only): the digest of the provider's today, sent now. */
export const digestRunReply = z.object({ day: z.string(), mailsQueued: z.int() });
export type DigestRunReply = z.infer<typeof digestRunReply>;
