import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { heldLinesText, holdMailTexts } from '@portal/domain/commerce/unfinished-orders.ts';
import type { AppDeps } from '../app-deps.ts';
import type { Executor } from '../db/client.ts';
import { eventPaymentItems, eventPayments } from '../db/schema/commerce.ts';
import { users } from '../db/schema/users.ts';
import type { JobHandler } from '../platform/jobs.ts';
import { queueMail, queueMails } from '../platform/mail.ts';

/**
 * What the buyer of an unfinished purchase-order checkout is told about its hold (decision 0160): a
 * reminder some days before it ends (PURCHASE_ORDER_REMINDER_DAYS), sent once per hold by a conditional
 * update of hold_reminder_sent_at, and a mail when the sweep let the seats go, queued as a job in the
 * transaction that released them (core/capacity.ts expireHolds), so it goes once with the release.
 */

/** The job expireHolds queues for each purchase-order hold it releases: its buyer's mail. */
export const holdReleasedMailJob = 'hold.released-mail';

const reminderBatch = 100;

interface HeldPayment {
  id: string;
  email: string;
  firstName: string;
  holdExpiresAt: Date | null;
}

async function buyersOf(db: Executor, paymentIds: readonly string[]): Promise<HeldPayment[]> {
  return db
    .select({
      id: eventPayments.id,
      email: users.email,
      firstName: users.firstName,
      holdExpiresAt: eventPayments.holdExpiresAt,
    })
    .from(eventPayments)
    .innerJoin(users, eq(users.id, eventPayments.userId))
    .where(inArray(eventPayments.id, [...paymentIds]));
}

/** Each payment's lines ("2 × Morning; 1 × Afternoon"), in one query. */
async function linesOf(db: Executor, paymentIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({
      paymentId: eventPaymentItems.paymentId,
      title: eventPaymentItems.title,
      numberOfTickets: eventPaymentItems.numberOfTickets,
    })
    .from(eventPaymentItems)
    .where(inArray(eventPaymentItems.paymentId, [...paymentIds]))
    .orderBy(asc(eventPaymentItems.title), asc(eventPaymentItems.id));
  return new Map(paymentIds.map((id) => [id, heldLinesText(rows.filter((row) => row.paymentId === id))] as const));
}

/**
 * Marks the unfinished purchase-order holds that end within the reminder time as reminded, a batch at
 * a time, and queues their buyers' mails in the same transaction; answers how many. A hold already
 * reminded, or released, uploaded or paid meanwhile, is left out by the update's own condition, under
 * the row lock: of two instances sweeping at once, the second finds nothing left to remind.
 */
export async function remindEndingHolds(deps: Pick<AppDeps, 'db' | 'config'>, now: Date): Promise<number> {
  const { reminderMs } = deps.config.purchaseOrderHold;
  if (reminderMs === 0) return 0;
  const remindFrom = new Date(now.getTime() + reminderMs);
  let total = 0;
  for (;;) {
    const reminded = await deps.db.transaction(async (tx) => {
      const due = tx
        .select({ id: eventPayments.id })
        .from(eventPayments)
        .where(
          and(
            eq(eventPayments.status, 'AWAITING_PO'),
            eq(eventPayments.seatsHeld, true),
            sql`${eventPayments.holdReminderSentAt} is null`,
            sql`${eventPayments.holdExpiresAt} > ${now.toISOString()}::timestamptz`,
            sql`${eventPayments.holdExpiresAt} <= ${remindFrom.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(eventPayments.holdExpiresAt))
        .limit(reminderBatch);
      const marked = await tx
        .update(eventPayments)
        .set({ holdReminderSentAt: now })
        .where(
          and(
            inArray(eventPayments.id, due),
            eq(eventPayments.status, 'AWAITING_PO'),
            eq(eventPayments.seatsHeld, true),
            sql`${eventPayments.holdReminderSentAt} is null`,
          ),
        )
        .returning({ id: eventPayments.id });
      if (marked.length === 0) return 0;
      const ids = marked.map((row) => row.id);
      const buyers = await buyersOf(tx, ids);
      const lines = await linesOf(tx, ids);
      const manageEventsUrl = `${deps.config.publicUrl}/members/manage-events`;
      await queueMails(tx, buyers, (buyer) => ({
        to: buyer.email,
        subject: holdMailTexts.reminderSubject,
        text: holdMailTexts.reminder(
          buyer.firstName,
          lines.get(buyer.id) ?? heldLinesText([]),
          buyer.holdExpiresAt ? formatMomentWithZone(buyer.holdExpiresAt, deps.config.timeZone) : '',
          manageEventsUrl,
        ),
      }));
      return marked.length;
    });
    total += reminded;
    if (reminded < reminderBatch) return total;
  }
}

/** The job holdReleasedMailJob: the buyer of a released purchase-order hold is told its seats were let go. */
export function holdReleasedMailJobHandler(deps: Pick<AppDeps, 'db' | 'config'>): JobHandler {
  return async (payload) => {
    const paymentId = String(payload.paymentId);
    await deps.db.transaction(async (tx) => {
      const [buyer] = await buyersOf(tx, [paymentId]);
      if (!buyer) return;
      const lines = await linesOf(tx, [paymentId]);
      await queueMail(tx, {
        to: buyer.email,
        subject: holdMailTexts.releasedSubject,
        text: holdMailTexts.released(
          buyer.firstName,
          lines.get(paymentId) ?? heldLinesText([]),
          `${deps.config.publicUrl}/members/events`,
        ),
      });
    });
  };
}
