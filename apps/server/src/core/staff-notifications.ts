import { and, eq, sql } from 'drizzle-orm';
import {
  defaultNotificationFrequency,
  type NotificationFrequency,
  type StaffWorkKind,
} from '@portal/domain/staff/notifications.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { Executor } from '../db/client.ts';
import { staffNotificationSettings, staffWorkItems } from '../db/schema/staff-notifications.ts';
import { users } from '../db/schema/users.ts';
import { queueMail } from '../platform/mail.ts';

export interface StaffWork {
  kind: StaffWorkKind;
  /** Names this arrival (a purchase order, an application's submission at a moment): a repeat notifies nobody. */
  key: string;
  /** One line, the at-once mail's subject and the digest's line. */
  summary: string;
  /** The staff console's page for it, from the site's root. */
  path: string;
  /** Said in the at-once mail before the link; the summary when left out. */
  details?: string[];
  at: Date;
}

/** Staff users with their choice for one kind of work (the default where they made none). */
async function staffChoosing(db: Executor, kind: StaffWorkKind) {
  const frequency = sql<NotificationFrequency>`coalesce(${staffNotificationSettings.frequency}::text, ${defaultNotificationFrequency})`;
  return db
    .select({ id: users.id, email: users.email, frequency })
    .from(users)
    .leftJoin(
      staffNotificationSettings,
      and(eq(staffNotificationSettings.userId, users.id), eq(staffNotificationSettings.kind, kind)),
    )
    .where(eq(users.role, 'STAFF'))
    .orderBy(users.email);
}

/**
 * Work arrived for the provider's staff: recorded for the daily digest, and mailed at once (through
 * the outbox) to each staff member who chose that for its kind. Call it in the transaction that made
 * the work, so a rolled-back change notifies nobody.
 */
export async function notifyStaff(tx: Executor, publicUrl: string, work: StaffWork): Promise<void> {
  const [recorded] = await tx
    .insert(staffWorkItems)
    .values({ kind: work.kind, key: work.key, summary: work.summary, path: work.path, createdAt: work.at })
    .onConflictDoNothing({ target: staffWorkItems.key })
    .returning({ id: staffWorkItems.id });
  if (!recorded) return;
  const text = [
    ...(work.details ?? [work.summary]),
    '',
    `${publicUrl}${work.path}`,
    '',
    `Choose how you hear of this work: ${publicUrl}/admin/settings/notifications`,
  ].join('\n');
  for (const member of await staffChoosing(tx, work.kind)) {
    if (member.frequency === 'IMMEDIATE') await queueMail(tx, { to: member.email, subject: work.summary, text });
  }
}

/** A purchase order of any kind was sent: staff approve or void it. */
export function purchaseOrderWork(purchaseOrder: {
  id: string;
  number: string;
  totalCents: number;
  at: Date;
}): StaffWork {
  return {
    kind: 'purchaseOrder',
    key: `purchase-order:${purchaseOrder.id}`,
    summary: `New purchase order ${purchaseOrder.number} for ${formatCents(purchaseOrder.totalCents)}`,
    path: `/admin/purchase-orders?status=SUBMITTED&search=${encodeURIComponent(purchaseOrder.number)}`,
    at: purchaseOrder.at,
  };
}
