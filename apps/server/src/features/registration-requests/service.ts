import { isOpenPayment } from '@portal/domain/commerce/payments.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import {
  registrationRequestMessages as messages,
  requestOrganization,
  requestPartsRefusal,
  type CreateRegistrationRequestInput,
  type GroupRegistrationOfferReply,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { purchaseIsOpen } from '@portal/domain/commerce/purchase-window.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { expireHolds, refundPaidPayment, releasePayment } from '../../core/capacity.ts';
import { readApplicationDetail } from '../../core/application-reads.ts';
import { memberOrganizationIds } from '../../core/memberships.ts';
import {
  decidingStatus,
  latestRequestPayment,
  pageOfRequests,
  readRegistrationRequest,
  type RequestPayment,
} from '../../core/registration-requests.ts';
import { cancelPayment } from '../../core/event-payments.ts';
import { voidSubmittedPurchaseOrders } from '../../core/purchase-order-links.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, writeOncePerKey, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { refundMail } from './mails.ts';
import {
  groupingPathIds,
  groupSettings,
  insertRequest,
  isPublishedEvent,
  lockOwnRequest,
  partsOfEvent,
  requestByIdempotencyKey,
  seatOfAttendee,
  seatsOf,
  updateRequest,
  voidSimplifiedApplications,
  type LockedRequest,
} from './repository.ts';

/**
 * The member's registration requests (events.md §2 'Registration requests', §4, §5, §8, §9): ask
 * for seats and cancel here; the number of seats and their attendees in seats.ts; the coupon and
 * paying as a cart pays (an event payment linked to the request: card providers, purchase orders,
 * holds) in payments.ts. Every change locks the request row first (withOwnRequest), then payment
 * rows, then capacity (core/capacity's order).
 */

export const requestNotFound = () => notFound(messages.notFound);

/** Seats are sold as the cart sells tickets: not once the event's purchase window has closed (409). */
export function requirePurchaseOpen(deps: AppDeps, event: { startDate: string; daysBeforePurchaseClose: number }) {
  if (
    !purchaseIsOpen(event.startDate, event.daysBeforePurchaseClose, calendarDateIn(deps.clock(), deps.config.timeZone))
  ) {
    throw conflict(catalogueMessages.purchaseClosed);
  }
}
type Page = { page: number; pageSize: number };

/**
 * GET /api/catalogue/events/:eventId/group-registration: the offer beside 'Request seats', null for an
 * event of the catalogue not open to it (every event page asks); 404 for an event the catalogue does not show.
 */
export async function groupOffer(deps: AppDeps, eventId: string): Promise<GroupRegistrationOfferReply> {
  const settings = await groupSettings(deps.db, eventId);
  if (!settings?.open) {
    if (await isPublishedEvent(deps.db, eventId)) return null;
    throw notFound('No such event.');
  }
  return {
    eventId,
    attendeeCost: settings.attendeeCostCents,
    paidSeatsRequiredForOffer: settings.paidSeatsRequiredForOffer,
    freeSeatsInOffer: settings.freeSeatsInOffer,
    groupingPathIds: await groupingPathIds(deps.db, eventId),
  };
}

export async function listRequests(deps: AppDeps, auth: RequestAuth, page: Page): Promise<RegistrationRequestPage> {
  await expireHolds(deps.db, deps.clock());
  const { items, total } = await pageOfRequests(deps.db, { userId: auth.user.id }, page);
  return { items, page: page.page, pageSize: page.pageSize, total };
}

export async function getRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
): Promise<RegistrationRequestDetail> {
  await expireHolds(deps.db, deps.clock());
  const detail = await readRegistrationRequest(deps.db, requestId, auth.user.id);
  if (!detail) throw requestNotFound();
  return detail;
}

/**
 * POST /api/event-registration-requests: the event must be open to group registration; sections and
 * groupings must be its own, each on a path chosen at its level. The Idempotency-Key makes a repeat (a
 * double click, a replay, two at once) answer the request the first call made: a repeat fails on the
 * (user, key) unique index or finds it made, and the key is looked up then, as the checkout does.
 */
export async function createRequest(
  deps: AppDeps,
  auth: RequestAuth,
  input: CreateRegistrationRequestInput & { sectionIds: string[]; groupingIds: string[] },
  idempotency: IdempotentRequest,
): Promise<{ id: string }> {
  return writeOncePerKey({
    request: idempotency,
    lookFirst: false,
    made: () => requestByIdempotencyKey(deps.db, auth.user.id, idempotency.key),
    replay: (made) => {
      if (made.eventId !== input.eventId) throw keyUsedForAnotherRequest();
      return { id: made.id };
    },
    write: () => insertNewRequest(deps, auth, input, idempotency),
    answer: (created) => created,
  });
}

async function insertNewRequest(
  deps: AppDeps,
  auth: RequestAuth,
  input: CreateRegistrationRequestInput & { sectionIds: string[]; groupingIds: string[] },
  idempotency: IdempotentRequest,
) {
  return deps.db.transaction(async (tx) => {
    const settings = await groupSettings(tx, input.eventId);
    if (!settings?.open) throw badRequest(messages.notOpen, { eventId: messages.notOpen });
    requirePurchaseOpen(deps, settings);
    const sectionIds = [...new Set(input.sectionIds)];
    const groupingIds = [...new Set(input.groupingIds)];
    const parts = await partsOfEvent(tx, input.eventId, sectionIds, groupingIds);
    if (parts.sections.length !== sectionIds.length || parts.groupings.length !== groupingIds.length) {
      throw badRequest(messages.sectionNotInEvent, { sectionIds: messages.sectionNotInEvent });
    }
    const refusal = requestPartsRefusal(parts.sections, parts.groupings);
    if (refusal)
      throw badRequest(refusal, {
        [refusal === messages.sectionOfGroupingPath ? 'sectionIds' : 'groupingIds']: refusal,
      });
    const chosen = requestOrganization(input.organizationId, await memberOrganizationIds(tx, auth.user.id));
    if ('refusal' in chosen) throw badRequest(messages[chosen.refusal], { organizationId: messages[chosen.refusal] });
    const { organizationId } = chosen;
    const created = await insertRequest(
      tx,
      {
        userId: auth.user.id,
        eventId: input.eventId,
        seatsRequested: input.seatsRequested,
        organizationId,
        idempotencyKey: idempotency.key,
        idempotencyFingerprint: idempotency.fingerprint,
      },
      parts.sections,
      parts.groupings,
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'registration-request.create',
      subjectType: 'event_registration_request',
      subjectId: created.id,
      data: { eventId: input.eventId, seatsRequested: input.seatsRequested, sectionIds, groupingIds, organizationId },
    });
    return created;
  });
}

export async function withOwnRequest<T>(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  work: (tx: Transaction, request: LockedRequest) => Promise<T>,
) {
  return deps.db.transaction(async (tx) => {
    const request = await lockOwnRequest(tx, requestId, auth.user.id);
    if (!request) throw requestNotFound();
    return work(tx, request);
  });
}

export async function detailOf(tx: Transaction, requestId: string, userId: string): Promise<RegistrationRequestDetail> {
  const detail = await readRegistrationRequest(tx, requestId, userId);
  if (!detail) throw requestNotFound();
  return detail;
}

/** Why the price may no longer change: cancelled, paid, or a purchase order under review (409). */
export async function requirePriceChangeable(
  tx: Transaction,
  request: LockedRequest,
): Promise<RequestPayment | undefined> {
  if (request.status === 'CANCELLED') throw conflict(messages.isCancelled);
  const payment = await latestRequestPayment(tx, request.id);
  const status = decidingStatus(payment);
  if (status === 'PAID') throw conflict(messages.isPaid);
  if (status === 'PO_SUBMITTED') throw conflict(messages.underReview);
  return payment;
}

/** A payment still open for the old price is cancelled (its hold given back): the member pays the new price. */
export async function cancelOpenPayment(
  tx: Transaction,
  auth: RequestAuth,
  payment: RequestPayment | undefined,
  requestId: string,
  now: Date,
) {
  if (!payment || !isOpenPayment(payment.status)) return;
  await cancelPayment(tx, auth, payment, now, { registrationRequestId: requestId });
}

/**
 * POST /api/event-registration-requests/:id/cancel (§4: after the member confirmed). The seats go
 * back: an unpaid payment is cancelled (its purchase order under review voided); a paid one becomes
 * REFUND_NEEDED for staff, who are mailed. Attendees' simplified applications are voided.
 */
export async function cancelRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    if (request.status === 'CANCELLED') throw conflict(messages.isCancelled);
    const payment = await latestRequestPayment(tx, request.id);
    let paid = payment !== undefined && decidingStatus(payment) === 'PAID';
    if (payment && isOpenPayment(payment.status)) {
      await voidSubmittedPurchaseOrders(tx, payment.id, now, null);
      // A card success that committed while this waited for the payment's lock left it PAID: refunded as a paid one.
      paid = (await releasePayment(tx, payment.id, 'CANCELLED', now)).status === 'PAID';
    }
    if (payment && paid && (await refundPaidPayment(tx, payment.id, 'BUYER_CANCELLED', now))) {
      await refundMail(tx, {
        paymentId: payment.id,
        requestId: request.id,
        total: payment.total,
        publicUrl: deps.config.publicUrl,
        at: now,
      });
    }
    const seats = await seatsOf(tx, request.id);
    await voidSimplifiedApplications(
      tx,
      seats.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : [])),
      now,
    );
    await updateRequest(tx, request.id, { status: 'CANCELLED', cancelledAt: now });
    await emitWebhookEvent(
      tx,
      'registration_request.cancelled',
      { registrationRequestId: request.id, paymentId: payment?.id ?? null, refundNeeded: paid },
      now,
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'registration-request.cancel',
      subjectType: 'event_registration_request',
      subjectId: request.id,
      data: { paymentId: payment?.id ?? null, paymentStatus: payment?.status ?? null },
    });
    return detailOf(tx, request.id, auth.user.id);
  });
}

/**
 * GET /api/event-registration-requests/:id/applications/:userId — §7's simplified application lookup
 * (eventRegistrationRequestId, userId): an attendee's application, for the member who made the request
 * and for the attendee. Anyone else, or a person without a seat: 404.
 */
export async function getAttendeeApplication(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  userId: string,
): Promise<ApplicationDetail> {
  const seat = await seatOfAttendee(deps.db, requestId, userId);
  const allowed = seat && (seat.requesterId === auth.user.id || userId === auth.user.id);
  const detail =
    allowed && seat.applicationId
      ? await readApplicationDetail(deps.db, seat.applicationId, calendarDateIn(deps.clock(), deps.config.timeZone))
      : undefined;
  if (!detail) throw notFound('No such application.');
  return detail;
}
