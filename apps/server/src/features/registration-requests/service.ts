import {
  applicationCouponRefusalText,
  cartMessages,
  couponRefusal,
  couponRefusals,
} from '@portal/domain/commerce/cart.ts';
import type { EventPaymentMethod } from '@portal/domain/commerce/enums.ts';
import type { ApplicationDetail } from '@portal/domain/applications/contracts.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { isOpenPayment, openingTerms, paymentMessages } from '@portal/domain/commerce/payments.ts';
import {
  attendeeProblems,
  groupPrice,
  registrationRequestMessages as messages,
  registrationRequestPaths,
  requestAbilities,
  requestOrganization,
  requestPartsRefusal,
  type CreateRegistrationRequestInput,
  type GroupRegistrationOfferReply,
  type RegistrationPayReply,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
  type SaveAttendeesInput,
} from '@portal/domain/registrations/requests.ts';
import { catalogueMessages } from '@portal/domain/events/catalogue.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { purchaseIsOpen } from '@portal/domain/commerce/purchase-window.ts';
import { amountTooLargeMessage, int4Max } from '@portal/domain/stored-integers.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import { expireHolds, refundPaidPayment, releasePayment, takeCouponUse, takeSeats } from '../../core/capacity.ts';
import { requireCardProvider, startCardPayment } from '../../core/card-checkout.ts';
import { readApplicationDetail } from '../../core/application-reads.ts';
import { personByEmailOrNew } from '../../core/assignable-users.ts';
import { readEventPayment } from '../../core/event-payments.ts';
import { memberOrganizationIds } from '../../core/memberships.ts';
import {
  decidingStatus,
  latestRequestPayment,
  offerOf,
  pageOfRequests,
  readRegistrationRequest,
  type RequestPayment,
} from '../../core/registration-requests.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { violatedUniqueIndex } from '../../platform/database-errors.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { keyUsedForAnotherRequest, requireSameRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { attendeeMail, refundMail } from './mails.ts';
import {
  findByIdempotencyKey,
  findCoupon,
  findCouponByCode,
  groupingPathIds,
  groupSettings,
  isPublishedEvent,
  insertPaymentItems,
  insertRequest,
  insertRequestPayment,
  insertSimplifiedApplication,
  isRequestPayment,
  linkPayment,
  lockOwnRequest,
  nameOfUser,
  partsOfEvent,
  replaceSeats,
  requestByIdempotencyKey,
  requestedParts,
  requestTicketType,
  seatOfAttendee,
  seatsOf,
  updateRequest,
  usersByEmail,
  usersWithApplication,
  voidSimplifiedApplications,
  type LockedRequest,
} from './repository.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import { voidSubmittedPurchaseOrders } from '../../core/purchase-order-links.ts';

/**
 * The member's registration requests (events.md §2 'Registration requests', §4, §5, §8, §9): ask
 * for seats, name the attendees, price with the free-seat offer and a coupon, pay as a cart pays
 * (an event payment linked to the request: card providers, purchase orders, holds), cancel. Every
 * change locks the request row first, then payment rows, then capacity (core/capacity's order).
 */

const requestNotFound = () => notFound(messages.notFound);

/** Seats are sold as the cart sells tickets: not once the event's purchase window has closed (409). */
function requirePurchaseOpen(deps: AppDeps, event: { startDate: string; daysBeforePurchaseClose: number }) {
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
  try {
    return await insertNewRequest(deps, auth, input, idempotency);
  } catch (error) {
    const made = await requestByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
    if (!made) throw error;
    requireSameRequest(made.idempotencyFingerprint, idempotency);
    if (made.eventId !== input.eventId) throw keyUsedForAnotherRequest();
    return { id: made.id };
  }
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

async function withOwnRequest<T>(
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

async function detailOf(tx: Transaction, requestId: string, userId: string): Promise<RegistrationRequestDetail> {
  const detail = await readRegistrationRequest(tx, requestId, userId);
  if (!detail) throw requestNotFound();
  return detail;
}

/** Why the price may no longer change: cancelled, paid, or a purchase order under review (409). */
async function requirePriceChangeable(tx: Transaction, request: LockedRequest): Promise<RequestPayment | undefined> {
  if (request.status === 'CANCELLED') throw conflict(messages.isCancelled);
  const payment = await latestRequestPayment(tx, request.id);
  const status = decidingStatus(payment);
  if (status === 'PAID') throw conflict(messages.isPaid);
  if (status === 'PO_SUBMITTED') throw conflict(messages.underReview);
  return payment;
}

/** A payment still open for the old price is cancelled (its hold given back): the member pays the new price. */
async function cancelOpenPayment(
  tx: Transaction,
  auth: RequestAuth,
  payment: RequestPayment | undefined,
  requestId: string,
  now: Date,
) {
  if (!payment || !isOpenPayment(payment.status)) return;
  await releasePayment(tx, payment.id, 'CANCELLED', now);
  await audit(tx, {
    ...actorOf(auth),
    action: 'event-payment.cancel',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { from: payment.status, registrationRequestId: requestId },
  });
}

/**
 * PUT /api/event-registration-requests/:id/seats. Allowed until paid (409 after, and while a purchase
 * order is under review). Attendees on seats past the new number lose them.
 */
export async function updateSeats(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  seatsRequested: number,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    const payment = await requirePriceChangeable(tx, request);
    if (seatsRequested !== request.seatsRequested) {
      await cancelOpenPayment(tx, auth, payment, request.id, now);
      const seats = await seatsOf(tx, request.id);
      const kept = seats.filter((seat) => seat.position <= seatsRequested);
      const dropped = seats.filter((seat) => seat.position > seatsRequested);
      if (dropped.length > 0) {
        await replaceSeats(tx, request.id, kept);
        await voidSimplifiedApplications(
          tx,
          dropped.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : [])),
          now,
        );
      }
      await updateRequest(tx, request.id, { seatsRequested });
      await audit(tx, {
        ...actorOf(auth),
        action: 'registration-request.seats',
        subjectType: 'event_registration_request',
        subjectId: request.id,
        data: { from: request.seatsRequested, to: seatsRequested },
      });
    }
    return detailOf(tx, request.id, auth.user.id);
  });
}

/**
 * PUT /api/event-registration-requests/:id/attendees: one email per seat (§5). A person without an
 * account gets one without a password and an invitation mail; each new attendee gets a simplified
 * application with the requested sections and groupings; an attendee who lost their seat has theirs
 * voided. Someone already applying to the event is refused on their seat.
 */
export async function saveAttendees(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  input: SaveAttendeesInput,
): Promise<RegistrationRequestDetail> {
  try {
    return await writeAttendees(deps, auth, requestId, input);
  } catch (error) {
    // Another request (or the attendee) started an application to the event meanwhile: the database's
    // one-open-application index decided.
    if (violatedUniqueIndex(error) === 'event_applications_one_open') throw badRequest(messages.alreadyApplied);
    throw error;
  }
}

async function writeAttendees(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  input: SaveAttendeesInput,
): Promise<RegistrationRequestDetail> {
  const now = deps.clock();
  const namesByEmail = new Map((input.names ?? []).map((name) => [name.email, name]));
  return withOwnRequest(deps, auth, requestId, async (tx, request) => {
    if (!requestAbilities({ status: request.status, paymentStatus: null }).assignAttendees)
      throw conflict(messages.isCancelled);
    const emails = input.emails.map((email) => email.trim().toLowerCase());
    const padded = Array.from({ length: request.seatsRequested }, (_, index) => emails[index] ?? '');
    const problems = attendeeProblems(padded);
    const errors = Object.fromEntries(
      Object.entries(problems.seats).map(([index, message]) => [`emails.${index}`, message]),
    );
    if (emails.length > request.seatsRequested) errors.emails = messages.seatsRange;
    if (problems.form !== null || Object.keys(errors).length > 0)
      throw badRequest(problems.form ?? 'Please correct the highlighted seats.', errors);

    const current = await seatsOf(tx, request.id);
    const currentByEmail = new Map(current.map((seat) => [seat.email.toLowerCase(), seat]));
    const newcomers = emails.filter((email) => !currentByEmail.has(email));
    const known = await usersByEmail(tx, newcomers);
    const knownByEmail = new Map(known.map((user) => [user.email.toLowerCase(), user]));
    const applying = await usersWithApplication(
      tx,
      request.eventId,
      known.map((user) => user.id),
    );
    const refused = Object.fromEntries(
      emails.flatMap((email, index) => {
        const user = knownByEmail.get(email);
        return user && applying.has(user.id) ? [[`emails.${index}`, messages.alreadyApplied]] : [];
      }),
    );
    if (Object.keys(refused).length > 0) throw badRequest(messages.alreadyApplied, refused);

    const parts = await requestedParts(tx, request.id);
    const event = await groupSettings(tx, request.eventId);
    const requester = await nameOfUser(tx, auth.user.id);
    const seats = [];
    for (const [index, email] of emails.entries()) {
      const existing = currentByEmail.get(email);
      if (existing) {
        seats.push({ ...existing, position: index + 1 });
        continue;
      }
      const named = namesByEmail.get(email);
      const person =
        knownByEmail.get(email) ??
        (
          await personByEmailOrNew(tx, {
            email,
            firstName: named?.firstName ?? '',
            lastName: named?.lastName ?? '',
          })
        ).person;
      const applicationId = await insertSimplifiedApplication(
        tx,
        { userId: person.id, eventId: request.eventId },
        parts,
      );
      seats.push({ position: index + 1, userId: person.id, email, applicationId });
      await queueMail(
        tx,
        attendeeMail({
          to: person.email,
          firstName: person.firstName,
          newUser: person.passwordHash === null,
          eventName: event?.eventName ?? 'an event',
          requesterName: `${requester?.firstName ?? ''} ${requester?.lastName ?? ''}`.trim(),
          publicUrl: deps.config.publicUrl,
        }),
      );
    }
    const leaving = current.filter((seat) => !emails.includes(seat.email.toLowerCase()));
    await replaceSeats(tx, request.id, seats);
    await voidSimplifiedApplications(
      tx,
      leaving.flatMap((seat) => (seat.applicationId ? [seat.applicationId] : [])),
      now,
    );
    await audit(tx, {
      ...actorOf(auth),
      action: 'registration-request.attendees',
      subjectType: 'event_registration_request',
      subjectId: request.id,
      data: { added: newcomers, removed: leaving.map((seat) => seat.email) },
    });
    return detailOf(tx, request.id, auth.user.id);
  });
}

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
    let couponId: string | null = null;
    if (code !== '') {
      const coupon = await findCouponByCode(tx, code);
      const refusal = coupon ? couponRefusal(coupon, now, [request.eventId]) : 'unknown';
      if (refusal || !coupon)
        throw badRequest(cartMessages.couponError, { code: applicationCouponRefusalText(refusal ?? 'unknown') });
      couponId = coupon.id;
    }
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

interface Created {
  payment: {
    id: string;
    status: string;
    method: EventPaymentMethod;
    checkoutUrl: string | null;
    totalCents: number;
    holdExpiresAt: Date | null;
  };
  requestId: string;
  description: string;
}

/**
 * The pay transaction: the request (locked) must be open and not paid. A payment still open by the
 * same method is answered again; one by the other method is cancelled first. Otherwise an event
 * payment priced by groupPrice (paid seats at attendeeCost, free seats at 0, then the coupon) takes
 * the seats at the event, as a cart's checkout does, and counts the coupon use — all undone by any refusal.
 */
async function createPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  requestId: string,
  method: EventPaymentMethod,
  idempotency: IdempotentRequest,
  now: Date,
): Promise<Created> {
  const request = await lockOwnRequest(tx, requestId, auth.user.id);
  if (!request) throw requestNotFound();
  const live = await requirePriceChangeable(tx, request);
  const settings = await groupSettings(tx, request.eventId);
  if (!settings) throw conflict(messages.notOpen);
  requirePurchaseOpen(deps, settings);
  const description = `${request.seatsRequested} × ${settings.eventName} (group registration)`;
  // A payment still open is answered again; one that ended (cancelled, expired, refund needed) is left as it is.
  if (live && isOpenPayment(live.status)) {
    if (live.method === method) {
      return { payment: { ...live, totalCents: live.total }, requestId: request.id, description };
    }
    await cancelOpenPayment(tx, auth, live, request.id, now);
  }
  const ticketTypeId = await requestTicketType(tx, request.eventId);
  if (!ticketTypeId) throw conflict(messages.noTicketType);
  const coupon = request.couponId ? await findCoupon(tx, request.couponId) : undefined;
  if (coupon) {
    const refusal = couponRefusal(coupon, now, [request.eventId]);
    if (refusal) throw badRequest(cartMessages.couponError, { code: applicationCouponRefusalText(refusal) });
  }
  const price = groupPrice(request.seatsRequested, offerOf(settings), coupon ?? null);
  if (price.grossTotal > int4Max) throw badRequest(amountTooLargeMessage);
  const terms = openingTerms(method, price.total, now);
  const payment = await insertRequestPayment(tx, {
    userId: auth.user.id,
    organizationId: request.organizationId,
    ...terms,
    method,
    provider: method === 'CARD' && terms.status !== 'PAID' ? requireCardProvider(deps).name : null,
    subtotalCents: price.subtotal,
    discountCents: price.couponDiscount,
    totalCents: price.total,
    couponId: coupon?.id ?? null,
    seatsHeld: true,
    idempotencyKey: idempotency.key,
    idempotencyFingerprint: idempotency.fingerprint,
  });
  if (!payment) throw new Error('event payment was not written');
  const paidSeats = price.seats - price.freeSeats;
  const item = { paymentId: payment.id, eventId: request.eventId, sectionId: null, ticketTypeId };
  await insertPaymentItems(tx, [
    ...(paidSeats > 0
      ? [{ ...item, title: settings.eventName, numberOfTickets: paidSeats, priceCents: settings.attendeeCostCents }]
      : []),
    ...(price.freeSeats > 0
      ? [{ ...item, title: `${settings.eventName} (free seats)`, numberOfTickets: price.freeSeats, priceCents: 0 }]
      : []),
  ]);
  await linkPayment(tx, request.id, payment.id);
  await takeSeats(tx, [
    { eventId: request.eventId, sectionId: null, numberOfTickets: request.seatsRequested, title: settings.eventName },
  ]);
  if (coupon && !(await takeCouponUse(tx, coupon.id)))
    throw conflict(couponRefusals.usedUp, { code: couponRefusals.usedUp });
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
  return { payment, requestId: request.id, description };
}

/** Where the member goes for a payment that exists; null for a card payment not yet sent to its provider. */
function redirectOf(created: Created): string | null {
  const { payment, requestId } = created;
  if (payment.status === 'PAID') return registrationRequestPaths.success(requestId, payment.id);
  if (payment.method === 'PURCHASE_ORDER') return registrationRequestPaths.purchaseOrder(requestId, payment.id);
  if (payment.checkoutUrl) return payment.checkoutUrl;
  return payment.status === 'PENDING' ? null : registrationRequestPaths.detail(requestId);
}

async function answer(deps: AppDeps, auth: RequestAuth, created: Created): Promise<RegistrationPayReply> {
  const redirectUrl =
    redirectOf(created) ??
    (await startCardPayment(
      deps,
      auth,
      {
        id: created.payment.id,
        totalCents: created.payment.totalCents,
        holdExpiresAt: created.payment.holdExpiresAt,
        applicationId: null,
        registrationRequestId: created.requestId,
      },
      created.description,
      async (tx) => {
        await releasePayment(tx, created.payment.id, 'CANCELLED', deps.clock());
      },
    ));
  return { eventPaymentId: created.payment.id, redirectUrl };
}

/**
 * POST /api/event-registration-requests/:id/pay. The Idempotency-Key makes a repeat (double click,
 * retry, race) answer the payment the first call made; the same key with another request is refused (422).
 */
export async function payRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  method: EventPaymentMethod,
  idempotency: IdempotentRequest,
): Promise<RegistrationPayReply> {
  const now = deps.clock();
  await expireHolds(deps.db, now);
  const replayOf = async (existing: {
    id: string;
    requestId: string | null;
    idempotencyFingerprint: string | null;
  }) => {
    requireSameRequest(existing.idempotencyFingerprint, idempotency);
    if (existing.requestId !== requestId) throw keyUsedForAnotherRequest();
    const payment = await latestRequestPayment(deps.db, requestId);
    if (!payment || payment.id !== existing.id) throw conflict(messages.idempotencyKeyReused);
    return answer(deps, auth, {
      payment: { ...payment, totalCents: payment.total },
      requestId,
      description: 'Group registration',
    });
  };
  const existing = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
  if (existing) return replayOf(existing);
  let created: Created;
  try {
    created = await deps.db.transaction(async (tx) =>
      createPayment(deps, tx, auth, requestId, method, idempotency, now),
    );
  } catch (error) {
    const raced = await findByIdempotencyKey(deps.db, auth.user.id, idempotency.key);
    if (raced) return replayOf(raced);
    throw error;
  }
  return answer(deps, auth, created);
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
