import { applicationMessages, withdrawalRefusal } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, ApplicationPage } from '@portal/domain/applications/contracts.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { applicationPaymentStates, readApplicationDetail, readPaymentOptions } from '../../core/application-reads.ts';
import { releaseClosedApplication } from '../../core/application-closing.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { expireHolds } from '../../core/capacity.ts';
import { placesOf } from '../../core/placements.ts';
import { requestsOfApplications } from '../../core/registration-requests.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findApplicationEvent,
  findOpenApplication,
  insertApplication,
  lockOwnApplication,
  pageOfApplications,
  updateApplication,
  type LockedApplication,
} from './repository.ts';

/**
 * The applicant's side of event applications (events.md §2 'Event applications', §7): the list, start,
 * the detail and withdrawing; the wizard's segments are in segments.ts, the payment option, coupon and
 * paying once accepted in payments.ts. Every change locks the application row (withOwnApplication), so
 * two tabs saving at once run one after the other.
 */

export const applicationNotFound = () => notFound(applicationMessages.notFound);
export const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);
const couponReply = (coupon: {
  code: string;
  type: 'FIXED' | 'PERCENTAGE';
  discountAmount: number | null;
  discountPercentage: number | null;
}) => ({
  code: coupon.code,
  type: coupon.type,
  discountAmount: coupon.discountAmount,
  discountPercentage: coupon.discountPercentage,
});

type Page = { page: number; pageSize: number };

/** GET /api/event-applications: one page query, then the page's options and payment states batched. */
export async function listApplications(deps: AppDeps, auth: RequestAuth, page: Page): Promise<ApplicationPage> {
  await expireHolds(deps.db, deps.clock());
  const { rows, total } = await pageOfApplications(deps.db, auth.user.id, page);
  const [options, states, registrations, places] = await Promise.all([
    readPaymentOptions(
      deps.db,
      rows.map((row) => row.event.id),
    ),
    applicationPaymentStates(
      deps.db,
      rows.map((row) => row.id),
    ),
    // 'Manage Registration' leads to the request, which only the member who made it may open.
    requestsOfApplications(
      deps.db,
      rows.map((row) => row.id),
      auth.user.id,
    ),
    placesOf(
      deps.db,
      rows.map((row) => row.id),
    ),
  ]);
  const items = rows.map((row) => {
    const coupon =
      row.coupon?.code && row.coupon.type
        ? couponReply({ ...row.coupon, code: row.coupon.code, type: row.coupon.type })
        : null;
    const totals = orderTotals([{ numberOfTickets: 1, price: row.priceCents ?? 0 }], coupon);
    const state = states.get(row.id);
    return {
      id: row.id,
      status: row.status,
      isSimplified: row.isSimplified,
      event: row.event,
      paymentOption: row.option?.id ? { id: row.option.id, label: row.option.label, method: row.option.method } : null,
      paymentOptions: options.get(row.event.id) ?? [],
      dueDays: row.dueDays,
      coupon,
      amounts: { priceCents: totals.subtotal, discountCents: totals.discount, amountDueCents: totals.total },
      paymentStatus: state?.paymentStatus ?? 'PENDING',
      payment: state?.payment ?? null,
      registrationRequestId: registrations.get(row.id) ?? null,
      placedSections: row.status === 'ACCEPTED' ? (places.get(row.id) ?? []).map((place) => place.title) : [],
      submittedAt: row.submittedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
  return { items, page: page.page, pageSize: page.pageSize, total };
}

/**
 * POST /api/event-applications. A member has at most one application per event that is not voided:
 * starting again (a double click, a second tab) answers the existing one.
 */
export async function startApplication(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
): Promise<{ created: boolean; applicationId: string }> {
  const event = await findApplicationEvent(deps.db, eventId);
  if (!event?.acceptsApplications)
    throw badRequest(applicationMessages.notOpen, { eventId: applicationMessages.notOpen });
  const existing = await findOpenApplication(deps.db, auth.user.id, eventId);
  if (existing) return { created: false, applicationId: existing };
  const started = await deps.db.transaction(async (tx) => {
    const applicationId = await insertApplication(tx, auth.user.id, eventId);
    if (applicationId) {
      await audit(tx, {
        ...actorOf(auth),
        action: 'event-application.start',
        subjectType: 'event_application',
        subjectId: applicationId,
        data: { eventId },
      });
    }
    return applicationId;
  });
  if (started) return { created: true, applicationId: started };
  // A concurrent start won the unique index: answer its application.
  const raced = await findOpenApplication(deps.db, auth.user.id, eventId);
  if (!raced) throw new Error('application neither started nor found');
  return { created: false, applicationId: raced };
}

export async function detailOf(
  deps: AppDeps,
  db: AppDeps['db'] | Transaction,
  applicationId: string,
  userId: string,
): Promise<ApplicationDetail> {
  const detail = await readApplicationDetail(db, applicationId, todayOf(deps), userId);
  if (!detail) throw applicationNotFound();
  return detail;
}

/** GET /api/event-applications/:id — only the applicant's own. */
export async function getApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
): Promise<ApplicationDetail> {
  await expireHolds(deps.db, deps.clock());
  return detailOf(deps, deps.db, applicationId, auth.user.id);
}

/** Runs `change` on the caller's own application, its row locked; anyone else's is not found. */
export async function withOwnApplication<T>(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  change: (tx: Transaction, application: LockedApplication) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const application = await lockOwnApplication(tx, applicationId, auth.user.id);
    if (!application) throw applicationNotFound();
    return change(tx, application);
  });
}

/**
 * POST /api/event-applications/:id/withdraw — the applicant steps back (withdrawalRefusal says when);
 * the application is WITHDRAWN and gives back what a staff void gives back (core/application-closing).
 * Withdrawing again answers the same withdrawn application (a double click), not an error.
 */
export async function withdrawApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    if (application.status === 'WITHDRAWN') return detailOf(deps, tx, application.id, auth.user.id);
    const paymentStatus = (await applicationPaymentStates(tx, [application.id])).get(application.id)?.paymentStatus;
    const refusal = withdrawalRefusal(application.status, paymentStatus ?? 'PENDING');
    if (refusal) throw conflict(refusal);
    await updateApplication(tx, application.id, { status: 'WITHDRAWN' }, now);
    const { cancelledPayments } = await releaseClosedApplication(tx, auth, application.id, now);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-application.withdraw',
      subjectType: 'event_application',
      subjectId: application.id,
      data: { from: application.status, ...(cancelledPayments.length ? { cancelledPayments } : {}) },
    });
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}
