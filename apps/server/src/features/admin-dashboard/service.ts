import type { z } from 'zod';
import type {
  DashboardCard,
  DashboardCardKind,
  DashboardReply,
  FailedMailPage,
  failedMailQuery,
} from '@portal/domain/staff/dashboard.ts';
import { failedMailMessages } from '@portal/domain/staff/dashboard.ts';
import type { AppDeps } from '../../app-deps.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import { retryFailedMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import * as waiting from './repository.ts';

/**
 * GET /api/admin/dashboard: each kind of waiting work counted by its own indexed query, run one
 * after the other (a request shares PGlite's one connection; several small queries in turn are cheap).
 */
export async function dashboard(deps: AppDeps): Promise<DashboardReply> {
  const { db } = deps;
  const now = deps.clock();
  const tallies: [DashboardCardKind, () => Promise<waiting.Tally>][] = [
    ['purchaseOrders', () => waiting.submittedPurchaseOrders(db)],
    ['applications', () => waiting.submittedApplications(db)],
    ['packageRequests', () => waiting.submittedPackageRequests(db)],
    ['overdueRegistrationRequests', () => waiting.overdueRegistrationRequests(db, now, deps.config.timeZone)],
    ['refundsNeeded', () => waiting.refundsOwed(db)],
    ['cancellationRequests', () => waiting.openCancellationRequests(db)],
    ['latePayments', () => waiting.latePayments(db)],
    ['failedMail', () => waiting.failedMail(db)],
  ];
  const cards: DashboardCard[] = [];
  for (const [kind, read] of tallies) {
    const { count, oldestSince } = await read();
    cards.push({ kind, count, oldestSince: oldestSince?.toISOString() ?? null });
  }
  return { cards };
}

/** GET /api/admin/failed-mail: what the dashboard's failed-mail card counts. */
export async function failedMail(deps: AppDeps, query: z.output<typeof failedMailQuery>): Promise<FailedMailPage> {
  const { items, total } = await waiting.failedMailPage(deps.db, query);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/**
 * POST /api/admin/failed-mail/:mailId/retry, and without a mail POST /api/admin/failed-mail/retry:
 * the mail goes back into the outbox, whose worker sends it (and gives up again) as it would a new one.
 */
export async function retryMail(deps: AppDeps, auth: RequestAuth, mailId?: string): Promise<{ retried: number }> {
  return deps.db.transaction(async (tx) => {
    const retried = await retryFailedMail(tx, mailId);
    if (mailId && retried === 0) throw notFound(failedMailMessages.notFound);
    if (retried > 0) {
      await audit(tx, {
        ...actorOf(auth),
        action: 'mail.retry',
        subjectType: 'mail',
        subjectId: mailId ?? null,
        data: { retried },
      });
    }
    return { retried };
  });
}
