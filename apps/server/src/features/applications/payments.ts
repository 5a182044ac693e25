import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { acceptsPaymentChanges, applicationMessages } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, ApplicationPayReply } from '@portal/domain/applications/contracts.ts';
import { orderTotals } from '@portal/domain/commerce/pricing.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { applicationPaymentStates } from '../../core/application-reads.ts';
import { couponStillUsable, requireCouponForEvent } from '../../core/coupons.ts';
import { cancelPayment, type OpenedPayment } from '../../core/event-payments.ts';
import { openEventPayment, payOnce, type Opened } from '../../core/idempotent-payments.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { quoteMessages, type QuoteIssued } from '@portal/domain/commerce/quotes.ts';
import { memberOrganizationIds } from '../../core/memberships.ts';
import { issueQuote, type QuoteRequest } from '../../core/quotes.ts';
import {
  liveApplicationPayment,
  lockOwnApplication,
  paymentOptionsOfEvent,
  soleOrganization,
  ticketPrice,
  updateApplication,
  type LockedApplication,
} from './repository.ts';
import { applicationNotFound, detailOf, withOwnApplication } from './service.ts';

/**
 * What an accepted application pays (events.md §2 'Event applications'): the payment option and the
 * coupon, changed only while the payment is still awaited, and paying once per Idempotency-Key.
 */

/**
 * Changing the payment option or the coupon changes what the applicant pays: an unpaid payment still
 * open is cancelled (its seat and coupon use given back) and Pay starts a new one. A purchase order
 * under review, or a paid application, cannot change any more.
 */
async function cancelOpenPayment(
  tx: Transaction,
  auth: RequestAuth,
  application: LockedApplication,
  now: Date,
): Promise<void> {
  const payment = await liveApplicationPayment(tx, application.id);
  if (!payment) return;
  if (payment.status === 'PAID') throw conflict(applicationMessages.alreadyPaid);
  if (payment.status === 'PO_SUBMITTED') throw conflict(applicationMessages.purchaseOrderUnderReview);
  await cancelPayment(tx, auth, payment, now, { applicationId: application.id });
}

/**
 * §2: the coupon and the payment method are changed only on an ACCEPTED application still awaiting
 * its payment (acceptsPaymentChanges), as the list offers them; otherwise 409 with the spec's failure
 * message for the call, and why under `field`.
 */
async function requirePaymentChangesOpen(
  tx: Transaction,
  application: LockedApplication,
  message: string,
  field: string,
): Promise<void> {
  const paymentStatus = (await applicationPaymentStates(tx, [application.id])).get(application.id)?.paymentStatus;
  if (paymentStatus && acceptsPaymentChanges(application.status, paymentStatus)) return;
  const reason =
    application.status !== 'ACCEPTED'
      ? applicationMessages.paymentChangesClosed
      : paymentStatus === 'PO_SUBMITTED'
        ? applicationMessages.purchaseOrderUnderReview
        : applicationMessages.alreadyPaid;
  throw conflict(message, { [field]: reason });
}

/** PUT /api/event-applications/:id/payment-method */
export async function changePaymentMethod(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  paymentOptionId: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    await requirePaymentChangesOpen(tx, application, applicationMessages.updateFailed, 'paymentOptionId');
    const options = await paymentOptionsOfEvent(tx, application.eventId);
    if (!options.some((option) => option.id === paymentOptionId)) {
      throw badRequest(applicationMessages.paymentOptionRequired, {
        paymentOptionId: applicationMessages.optionUnknown,
      });
    }
    if (application.paymentOptionId !== paymentOptionId) {
      await cancelOpenPayment(tx, auth, application, now);
      await updateApplication(tx, application.id, { paymentOptionId }, now);
      await audit(tx, {
        ...actorOf(auth),
        action: 'event-application.payment-method',
        subjectType: 'event_application',
        subjectId: application.id,
        data: { from: application.paymentOptionId, to: paymentOptionId },
      });
    }
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}

/** POST /api/event-applications/:id/coupon — the cart's coupon terms, for this one event; an empty code removes it. */
export async function applyCoupon(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  code: string,
): Promise<ApplicationDetail> {
  const now = deps.clock();
  return withOwnApplication(deps, auth, applicationId, async (tx, application) => {
    await requirePaymentChangesOpen(tx, application, applicationMessages.couponError, 'code');
    const couponId = code === '' ? null : (await requireCouponForEvent(tx, code, application.eventId, now)).id;
    if (couponId !== application.couponId) {
      await cancelOpenPayment(tx, auth, application, now);
      await updateApplication(tx, application.id, { couponId }, now);
      await audit(tx, {
        ...actorOf(auth),
        action: couponId ? 'event-application.coupon' : 'event-application.coupon-removed',
        subjectType: 'event_application',
        subjectId: application.id,
        data: { couponId },
      });
    }
    return detailOf(deps, tx, application.id, auth.user.id);
  });
}

/** Where the applicant goes for a payment that exists; null for a card payment not yet sent to its provider. */
function redirectOf(payment: OpenedPayment): string | null {
  if (payment.status === 'PAID') return applicationPaths.success(payment.id, payment.provider ?? 'free');
  if (payment.method === 'PURCHASE_ORDER') return applicationPaths.purchaseOrder(payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : applicationPaths.list;
}

/**
 * The pay transaction: the application (locked) must be accepted and not paid; a payment still open
 * is answered again. Otherwise an event payment of one ticket of the event's application ticket
 * type, priced by pricing.orderTotals with the application's coupon, takes the event's seat and
 * counts the coupon use — all undone by any refusal.
 */
async function openPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  applicationId: string,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Opened<OpenedPayment>> {
  const application = await lockOwnApplication(tx, applicationId, auth.user.id);
  if (!application) throw applicationNotFound();
  if (application.status !== 'ACCEPTED') throw conflict(applicationMessages.notAccepted);
  const live = await liveApplicationPayment(tx, application.id);
  if (live?.status === 'PAID') throw conflict(applicationMessages.alreadyPaid);
  if (live?.status === 'PO_SUBMITTED') throw conflict(applicationMessages.purchaseOrderUnderReview);
  if (live) return { payment: live, description: application.eventName };
  const option = (await paymentOptionsOfEvent(tx, application.eventId)).find(
    (candidate) => candidate.id === application.paymentOptionId,
  );
  if (!option)
    throw badRequest(applicationMessages.paymentOptionRequired, {
      paymentOptionId: applicationMessages.paymentOptionRequired,
    });
  const price = application.ticketTypeId ? await ticketPrice(tx, application.ticketTypeId) : undefined;
  if (!application.ticketTypeId || price === undefined) throw conflict(applicationMessages.noPrice);
  const coupon = await couponStillUsable(tx, application.couponId, application.eventId, now);
  const totals = orderTotals([{ numberOfTickets: 1, price }], coupon ?? null);
  const title = application.eventName;
  const payment = await openEventPayment(
    deps,
    tx,
    {
      userId: auth.user.id,
      organizationId: await soleOrganization(tx, auth.user.id),
      method: option.method,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      totalCents: totals.total,
      couponId: coupon?.id ?? null,
      idempotency,
      applicationId: application.id,
      items: [
        {
          eventId: application.eventId,
          sectionId: null,
          ticketTypeId: application.ticketTypeId,
          title,
          numberOfTickets: 1,
          priceCents: price,
        },
      ],
      seats: [{ eventId: application.eventId, sectionId: null, numberOfTickets: 1, title }],
    },
    now,
  );
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-application.pay',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { applicationId: application.id, method: option.method, status: payment.status, totalCents: totals.total },
  });
  return { payment, description: title };
}

/** POST /api/event-applications/:id/pay (core/idempotent-payments.payOnce). */
export async function payApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  idempotency: IdempotentRequest,
): Promise<ApplicationPayReply> {
  return payOnce(deps, auth, {
    idempotency,
    replayed: (made) => {
      if (made.applicationId !== applicationId) throw keyUsedForAnotherRequest();
      return made;
    },
    replayDescription: 'Event application',
    open: (tx, now) => openPayment(deps, tx, auth, applicationId, idempotency, now),
    redirectOf,
  });
}

/**
 * POST /api/event-applications/:id/quote: an accepted application's seat priced as paying it would
 * price it (its ticket type, its coupon), quoted to the applicant's school: the one named among those
 * they belong to, or their only one. It holds no seat (docs/decisions/0210-quotes.md).
 */
export async function quoteApplication(
  deps: AppDeps,
  auth: RequestAuth,
  applicationId: string,
  organizationId: string | undefined,
): Promise<QuoteIssued> {
  const now = deps.clock();
  const quote = await withOwnApplication(deps, auth, applicationId, async (tx, application): Promise<QuoteRequest> => {
    if (application.status !== 'ACCEPTED') throw conflict(applicationMessages.notAccepted);
    const live = await liveApplicationPayment(tx, application.id);
    if (live?.status === 'PAID') throw conflict(applicationMessages.alreadyPaid);
    const price = application.ticketTypeId ? await ticketPrice(tx, application.ticketTypeId) : undefined;
    if (price === undefined) throw conflict(applicationMessages.noPrice);
    const schools = await memberOrganizationIds(tx, auth.user.id);
    const school = organizationId
      ? schools.find((id) => id === organizationId)
      : schools.length === 1
        ? schools[0]
        : undefined;
    if (!school)
      throw badRequest(quoteMessages.organizationRequired, { organizationId: quoteMessages.organizationRequired });
    const coupon = await couponStillUsable(tx, application.couponId, application.eventId, now);
    const totals = orderTotals([{ numberOfTickets: 1, price }], coupon ?? null);
    return {
      organizationId: school,
      subject: 'APPLICATION_PAYMENT',
      subjectId: application.id,
      userId: auth.user.id,
      lines: [{ description: application.eventName, quantity: 1, unitPriceCents: price, amountCents: price }],
      couponCode: coupon?.code ?? null,
      subtotalCents: totals.subtotal,
      discountCents: totals.discount,
      totalCents: totals.total,
      seats: [],
    };
  });
  return issueQuote(deps, quote, now);
}
