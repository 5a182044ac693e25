import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { isOpenPayment, paymentMessages } from '@portal/domain/commerce/payments.ts';
import {
  groupPrice,
  registrationRequestMessages as messages,
  registrationRequestPaths,
  type RegistrationPayReply,
  type RegistrationRequestDetail,
} from '@portal/domain/registrations/requests.ts';
import { amountTooLargeMessage, int4Max } from '@portal/domain/stored-integers.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { expireHolds } from '../../core/capacity.ts';
import { couponStillUsable, requireCouponForEvent } from '../../core/coupons.ts';
import { readEventPayment, type OpenedPayment } from '../../core/event-payments.ts';
import { openEventPayment, payOnce, type Opened, type PaymentToAnswer } from '../../core/idempotent-payments.ts';
import { latestRequestPayment, offerOf, readRegistrationRequest } from '../../core/registration-requests.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { quoteMessages, type QuoteIssued } from '@portal/domain/commerce/quotes.ts';
import { issueQuote, type QuoteRequest } from '../../core/quotes.ts';
import {
  groupSettings,
  isRequestPayment,
  linkPayment,
  lockOwnRequest,
  requestTicketType,
  updateRequest,
} from './repository.ts';
import {
  cancelOpenPayment,
  detailOf,
  requestNotFound,
  requirePriceChangeable,
  requirePurchaseOpen,
  withOwnRequest,
} from './service.ts';

/**
 * What a registration request pays (events.md §2 'Registration requests', §8, §9): its coupon, and
 * paying as a cart pays, once per Idempotency-Key, through an event payment linked to the request.
 */

/** POST /api/event-registration-requests/:id/coupon: the cart's coupon terms for this one event; an empty code removes it. */
export async function applyCoupon(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  code: string,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    const payment = await requirePriceChangeable(tx, request);
    const couponId = code === '' ? null : (await requireCouponForEvent(tx, code, request.eventId, now)).id;
    if (couponId !== request.couponId) {
      await cancelOpenPayment(tx, auth, payment, request.id, now);
      await updateRequest(tx, request.id, { couponId });
      await audit(tx, {
        ...actorOf(auth),
        action: couponId ? 'registration-request.coupon' : 'registration-request.coupon-removed',
        subjectType: 'event_registration_request',
        subjectId: request.id,
        data: { couponId },
      });
    }
    return detailOf(tx, request.id, auth.user.id);
  });
}

/** A request's payment as paying answers it: the request names its success page and its way back. */
interface RequestPaymentToAnswer extends PaymentToAnswer {
  registrationRequestId: string;
}

const toAnswer = (
  payment: Pick<OpenedPayment, 'id' | 'status' | 'method' | 'checkoutUrl' | 'totalCents' | 'holdExpiresAt'>,
  requestId: string,
): RequestPaymentToAnswer => ({
  id: payment.id,
  status: payment.status,
  method: payment.method,
  checkoutUrl: payment.checkoutUrl,
  totalCents: payment.totalCents,
  holdExpiresAt: payment.holdExpiresAt,
  applicationId: null,
  registrationRequestId: requestId,
});

/**
 * The pay transaction: the request (locked) must be open and not paid. A payment still open by the
 * same method is answered again; one by the other method is cancelled first. Otherwise an event
 * payment priced by groupPrice (paid seats at attendeeCost, free seats at 0, then the coupon) takes
 * the seats at the event, as a cart's checkout does, and counts the coupon use — all undone by any refusal.
 */
async function openPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  requestId: string,
  method: EventPaymentMethod,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Opened<RequestPaymentToAnswer>> {
  const request = await lockOwnRequest(tx, requestId, auth.user.id);
  if (!request) throw requestNotFound();
  const live = await requirePriceChangeable(tx, request);
  const settings = await groupSettings(tx, request.eventId);
  if (!settings) throw conflict(messages.notOpen);
  requirePurchaseOpen(deps, settings);
  const description = `${request.seatsRequested} × ${settings.eventName} (group registration)`;
  // A payment still open is answered again; one that ended (cancelled, expired, refund needed) is left as it is.
  if (live && isOpenPayment(live.status)) {
    if (live.method === method)
      return { payment: toAnswer({ ...live, totalCents: live.total }, request.id), description };
    await cancelOpenPayment(tx, auth, live, request.id, now);
  }
  const ticketTypeId = await requestTicketType(tx, request.eventId);
  if (!ticketTypeId) throw conflict(messages.noTicketType);
  const coupon = await couponStillUsable(tx, request.couponId, request.eventId, now);
  const price = groupPrice(request.seatsRequested, offerOf(settings), coupon ?? null);
  if (price.grossTotal > int4Max) throw badRequest(amountTooLargeMessage);
  const paidSeats = price.seats - price.freeSeats;
  const item = { eventId: request.eventId, sectionId: null, ticketTypeId };
  const payment = await openEventPayment(
    deps,
    tx,
    {
      userId: auth.user.id,
      organizationId: request.organizationId,
      method,
      subtotalCents: price.subtotal,
      discountCents: price.couponDiscount,
      totalCents: price.total,
      couponId: coupon?.id ?? null,
      idempotency,
      items: [
        ...(paidSeats > 0
          ? [{ ...item, title: settings.eventName, numberOfTickets: paidSeats, priceCents: settings.attendeeCostCents }]
          : []),
        ...(price.freeSeats > 0
          ? [{ ...item, title: `${settings.eventName} (free seats)`, numberOfTickets: price.freeSeats, priceCents: 0 }]
          : []),
      ],
      seats: [
        {
          eventId: request.eventId,
          sectionId: null,
          numberOfTickets: request.seatsRequested,
          title: settings.eventName,
        },
      ],
    },
    now,
  );
  await linkPayment(tx, request.id, payment.id);
  await audit(tx, {
    ...actorOf(auth),
    action: 'registration-request.pay',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: {
      registrationRequestId: request.id,
      method,
      status: payment.status,
      totalCents: price.total,
      freeSeats: price.freeSeats,
    },
  });
  return { payment: toAnswer(payment, request.id), description };
}

/** Where the member goes for a payment that exists; null for a card payment not yet sent to its provider. */
function redirectOf(payment: RequestPaymentToAnswer): string | null {
  const requestId = payment.registrationRequestId;
  if (payment.status === 'PAID') return registrationRequestPaths.success(requestId, payment.id);
  if (payment.method === 'PURCHASE_ORDER') return registrationRequestPaths.purchaseOrder(requestId, payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : registrationRequestPaths.detail(requestId);
}

/**
 * POST /api/event-registration-requests/:id/pay (core/idempotent-payments.payOnce). A repeat answers
 * its payment only while it is still the request's newest (409 once another replaced it).
 */
export async function payRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  method: EventPaymentMethod,
  idempotency: IdempotentRequest,
): Promise<RegistrationPayReply> {
  return payOnce(deps, auth, {
    idempotency,
    replayed: async (made) => {
      if (made.registrationRequestId !== requestId) throw keyUsedForAnotherRequest();
      const payment = await latestRequestPayment(deps.db, requestId);
      if (!payment || payment.id !== made.id) throw conflict(messages.idempotencyKeyReused);
      return toAnswer({ ...payment, totalCents: payment.total }, requestId);
    },
    replayDescription: 'Group registration',
    open: (tx, now) => openPayment(deps, tx, auth, requestId, method, idempotency, now),
    redirectOf,
  });
}

/** GET /api/event-registration-requests/:id/payments/:paymentId — §7 'Registration payment lookup', polled by the success page. */
export async function getRequestPayment(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  paymentId: string,
): Promise<EventPaymentReply> {
  await expireHolds(deps.db, deps.clock());
  const detail = await readRegistrationRequest(deps.db, requestId, auth.user.id);
  if (!detail || !(await isRequestPayment(deps.db, requestId, paymentId))) throw notFound(paymentMessages.notFound);
  const payment = await readEventPayment(deps.db, paymentId, auth.user.id, true);
  if (!payment) throw notFound(paymentMessages.notFound);
  return payment;
}

/**
 * POST /api/event-registration-requests/:id/quote: the request's seats priced as paying it would price
 * them (groupPrice: paid seats, free seats, the coupon), quoted to its organization. It holds no seats:
 * the request's own payment takes them (docs/decisions/0210-quotes.md).
 */
export async function quoteRequest(deps: AppDeps, auth: RequestAuth, requestId: string): Promise<QuoteIssued> {
  const now = deps.clock();
  const quote = await withOwnRequest(deps, auth, requestId, async (tx, request): Promise<QuoteRequest> => {
    await requirePriceChangeable(tx, request);
    const settings = await groupSettings(tx, request.eventId);
    if (!settings) throw conflict(messages.notOpen);
    if (!request.organizationId) {
      throw badRequest(quoteMessages.organizationRequired, { organizationId: quoteMessages.organizationRequired });
    }
    const coupon = await couponStillUsable(tx, request.couponId, request.eventId, now);
    const price = groupPrice(request.seatsRequested, offerOf(settings), coupon ?? null);
    if (price.grossTotal > int4Max) throw badRequest(amountTooLargeMessage);
    const paidSeats = price.seats - price.freeSeats;
    return {
      organizationId: request.organizationId,
      subject: 'REGISTRATION_REQUEST',
      subjectId: request.id,
      userId: auth.user.id,
      lines: [
        ...(paidSeats > 0
          ? [
              {
                description: `${settings.eventName} (group registration)`,
                quantity: paidSeats,
                unitPriceCents: settings.attendeeCostCents,
                amountCents: paidSeats * settings.attendeeCostCents,
              },
            ]
          : []),
        ...(price.freeSeats > 0
          ? [
              {
                description: `${settings.eventName} (free seats)`,
                quantity: price.freeSeats,
                unitPriceCents: 0,
                amountCents: 0,
              },
            ]
          : []),
      ],
      couponCode: coupon?.code ?? null,
      subtotalCents: price.subtotal,
      discountCents: price.couponDiscount,
      totalCents: price.total,
      seats: [],
    };
  });
  return issueQuote(deps, quote, now);
}
