import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';

/**
 * The staff dashboard's cards (GET /api/admin/dashboard), one per kind of waiting work, in the order
 * the dashboard shows them. Each links to the staff list filtered to exactly the items it counts.
 */
export const dashboardCardKinds = [
  'purchaseOrders',
  'applications',
  'packageRequests',
  'overdueRegistrationRequests',
  'refundsNeeded',
  'cancellationRequests',
  'latePayments',
  'failedMail',
] as const;
export type DashboardCardKind = (typeof dashboardCardKinds)[number];

export const dashboardCardLabels: Record<DashboardCardKind, string> = {
  purchaseOrders: 'Purchase orders to approve',
  applications: 'Applications to review',
  packageRequests: 'Package requests to review',
  overdueRegistrationRequests: 'Registration requests past due',
  refundsNeeded: 'Payments to refund',
  cancellationRequests: 'Cancellation requests to decide',
  latePayments: 'Card payments that came too late',
  failedMail: 'Mail that failed to send',
};

/** The staff list each card opens, with the filter that selects exactly what the card counts. */
export const dashboardCardPaths: Record<DashboardCardKind, string> = {
  purchaseOrders: '/admin/purchase-orders?status=SUBMITTED',
  applications: '/admin/applications?status=SUBMITTED',
  packageRequests: '/admin/packages?status=SUBMITTED',
  overdueRegistrationRequests: '/admin/registration-requests?paymentOverdue=true',
  refundsNeeded: '/admin/refunds?status=OWED',
  cancellationRequests: '/admin/cancellation-requests?status=OPEN',
  latePayments: '/admin/event-payments?status=REFUND_NEEDED',
  failedMail: '/admin/failed-mail',
};

export const dashboardCard = z.object({
  kind: z.enum(dashboardCardKinds),
  count: z.int(),
  /** When the oldest counted item started waiting (ISO date-time); null when nothing waits. */
  oldestSince: z.string().nullable(),
});
export type DashboardCard = z.infer<typeof dashboardCard>;

export const dashboardReply = z.object({ cards: z.array(dashboardCard) });
export type DashboardReply = z.infer<typeof dashboardReply>;

const dayMs = 24 * 60 * 60 * 1000;

/**
 * How long the oldest item has waited, as a card says it: "oldest today", "oldest 1 day",
 * "oldest 3 days" (whole days elapsed; under a day is "today"). Empty when nothing waits.
 */
export function oldestAge(oldestSince: string | null, now: Date): string {
  if (oldestSince === null) return '';
  const days = Math.max(0, Math.floor((now.getTime() - new Date(oldestSince).getTime()) / dayMs));
  if (days === 0) return 'oldest today';
  return days === 1 ? 'oldest 1 day' : `oldest ${days} days`;
}

/* GET /api/admin/failed-mail: mail the outbox gave up sending, newest first. */

export const failedMailQuery = pageQuery;
export const failedMailRow = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  failedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type FailedMailRow = z.infer<typeof failedMailRow>;
export const failedMailPage = paginated(failedMailRow);
export type FailedMailPage = z.infer<typeof failedMailPage>;

/* POST /api/admin/failed-mail/:mailId/retry and /api/admin/failed-mail/retry: back into the outbox. */

export const failedMailParams = z.object({ mailId: z.uuid('Not a mail id') });
export const failedMailRetryReply = z.object({
  /** How many mails went back into the outbox (0 when every one was already retried). */
  retried: z.int(),
});
export type FailedMailRetryReply = z.infer<typeof failedMailRetryReply>;

export const failedMailMessages = {
  notFound: 'No such failed mail: it may have been sent again already.',
  retriedOne: 'The mail is queued to be sent again.',
  retriedAll: (count: number) =>
    count === 1 ? '1 mail is queued to be sent again.' : `${count} mails are queued to be sent again.`,
};
