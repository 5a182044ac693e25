import { dueReminderOccasion } from '@portal/domain/commerce/invoices.ts';
import { addDays, calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { mailInvoice, openInvoicesDueBefore } from '../../core/invoices.ts';
import { enqueueUnlessWaiting, type JobHandler } from '../../platform/jobs.ts';
import { recordInvoiceReminder } from './repository.ts';

/**
 * Reminders of overdue invoices at the days INVOICE_REMINDER_DAYS sets (issue 41), the way event
 * reminders are sent once (features/admin-reminders): the occasion is recorded first (ON CONFLICT DO
 * NOTHING on its key), and only the sweep whose insert recorded it queues the mail, in the same
 * transaction. Two sweeps at once, on one instance or two, find the same invoice; the second insert
 * waits on the first's row and records nothing, so it mails nothing.
 */
export async function sendInvoiceReminders(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): Promise<number> {
  const days = deps.config.invoiceReminderDays;
  if (days.length === 0) return 0;
  const today = calendarDateIn(deps.clock(), deps.config.timeZone);
  let sent = 0;
  for (const invoice of await openInvoicesDueBefore(deps.db, addDays(today, -Math.min(...days) + 1))) {
    const daysOverdue = dueReminderOccasion(invoice.dueOn, today, days);
    if (daysOverdue === null) continue;
    sent += await deps.db.transaction(async (tx) => {
      if (!(await recordInvoiceReminder(tx, invoice.id, daysOverdue, deps.clock()))) return 0;
      await mailInvoice(tx, deps.config, invoice.id, today, { daysOverdue });
      return 1;
    });
  }
  return sent;
}

export const invoiceReminderSweepJob = 'invoices.reminder-sweep';
/** Hourly: a reminder is about a day overdue, not an hour. */
const sweepIntervalMs = 60 * 60_000;

/** Queues the next sweep unless one is waiting: every instance asks at start-up. */
export async function scheduleInvoiceReminderSweep(db: AppDeps['db'], runAt: Date): Promise<void> {
  await enqueueUnlessWaiting(db, invoiceReminderSweepJob, runAt);
}

/** The periodic job: the next run is queued first, so a failing sweep does not stop the ones after it. */
export function invoiceReminderSweepJobHandler(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): JobHandler {
  return async () => {
    await scheduleInvoiceReminderSweep(deps.db, new Date(deps.clock().getTime() + sweepIntervalMs));
    await sendInvoiceReminders(deps);
  };
}
