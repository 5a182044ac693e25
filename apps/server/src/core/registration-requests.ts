import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { CouponReply } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import {
  deductFreeSeats,
  groupPrice,
  requestAbilities,
  type GroupOffer,
  type RegistrationRequestDetail,
  type RegistrationRequestRow,
} from '@portal/domain/registrations/requests.ts';
import type { Database, Executor } from '../db/client.ts';
import { coupons, eventGroupings, eventPayments, events, eventSections } from '../db/schema/commerce.ts';
import {
  eventGroupRegistrations,
  eventRegistrationPayments,
  eventRegistrationRequestGroupings,
  eventRegistrationRequests,
  eventRegistrationRequestSections,
  eventRegistrationSeats,
} from '../db/schema/registration-requests.ts';
import { users } from '../db/schema/users.ts';

/**
 * Reading group registration requests (events.md §3 'Registration request') for the member who made
 * them and for staff: one request with its price, payment and seats, or a page of them. Pricing is
 * @portal/domain's groupPrice, from the event's current settings and the request's coupon.
 */

/** A payment that ended unpaid no longer decides what may be done with the request. */
const endedUnpaid = (status: EventPaymentStatus | null) => status === 'CANCELLED' || status === 'EXPIRED';

export function offerOf(
  settings: {
    attendeeCostCents: number;
    paidSeatsRequiredForOffer: number | null;
    freeSeatsInOffer: number | null;
  } | null,
): GroupOffer {
  return {
    attendeeCost: settings?.attendeeCostCents ?? 0,
    paidSeatsRequiredForOffer: settings?.paidSeatsRequiredForOffer ?? null,
    freeSeatsInOffer: settings?.freeSeatsInOffer ?? null,
  };
}

const couponColumns = {
  code: coupons.code,
  type: coupons.type,
  discountAmount: coupons.discountAmount,
  discountPercentage: coupons.discountPercentage,
};

function couponOf(
  row: {
    code: string | null;
    type: 'FIXED' | 'PERCENTAGE' | null;
    discountAmount: number | null;
    discountPercentage: number | null;
  } | null,
): CouponReply | null {
  if (!row?.code || !row.type) return null;
  return {
    code: row.code,
    type: row.type,
    discountAmount: row.discountAmount,
    discountPercentage: row.discountPercentage,
  };
}

/** The newest payment of a request (the one that decides its payment status). */
export async function latestRequestPayment(db: Executor, requestId: string) {
  const [row] = await db
    .select({
      id: eventPayments.id,
      status: eventPayments.status,
      method: eventPayments.method,
      provider: eventPayments.provider,
      total: eventPayments.totalCents,
      checkoutUrl: eventPayments.checkoutUrl,
      holdExpiresAt: eventPayments.holdExpiresAt,
    })
    .from(eventRegistrationPayments)
    .innerJoin(eventPayments, eq(eventPayments.id, eventRegistrationPayments.paymentId))
    .where(eq(eventRegistrationPayments.requestId, requestId))
    .orderBy(desc(eventRegistrationPayments.createdAt), desc(eventPayments.id))
    .limit(1);
  return row;
}
export type RequestPayment = NonNullable<Awaited<ReturnType<typeof latestRequestPayment>>>;

/**
 * Whether a payment was made for a request the member has since cancelled: money arriving for it
 * (a card success after the cancel) buys nothing and is refunded, never PAID.
 */
export async function isForCancelledRequest(db: Executor, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: eventRegistrationRequests.status })
    .from(eventRegistrationPayments)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationPayments.requestId))
    .where(eq(eventRegistrationPayments.paymentId, paymentId));
  return row?.status === 'CANCELLED';
}

/** The status that decides what may be done: the newest payment's, unless it ended unpaid. */
export function decidingStatus(payment: { status: EventPaymentStatus } | undefined): EventPaymentStatus | null {
  const status = payment?.status ?? null;
  return endedUnpaid(status) ? null : status;
}

/** One request, when `ownerId` made it (or, with null, for staff). */
export async function readRegistrationRequest(
  db: Executor,
  requestId: string,
  ownerId: string | null,
): Promise<RegistrationRequestDetail | undefined> {
  const [row] = await db
    .select({
      id: eventRegistrationRequests.id,
      status: eventRegistrationRequests.status,
      seatsRequested: eventRegistrationRequests.seatsRequested,
      createdAt: eventRegistrationRequests.createdAt,
      event: {
        id: events.id,
        name: events.name,
        startDate: events.startDate,
        endDate: events.endDate,
        locationName: events.locationName,
      },
      requester: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      coupon: couponColumns,
      settings: {
        attendeeCostCents: eventGroupRegistrations.attendeeCostCents,
        paidSeatsRequiredForOffer: eventGroupRegistrations.paidSeatsRequiredForOffer,
        freeSeatsInOffer: eventGroupRegistrations.freeSeatsInOffer,
      },
    })
    .from(eventRegistrationRequests)
    .innerJoin(events, eq(events.id, eventRegistrationRequests.eventId))
    .innerJoin(users, eq(users.id, eventRegistrationRequests.userId))
    .leftJoin(coupons, eq(coupons.id, eventRegistrationRequests.couponId))
    .leftJoin(eventGroupRegistrations, eq(eventGroupRegistrations.eventId, eventRegistrationRequests.eventId))
    .where(
      and(
        eq(eventRegistrationRequests.id, requestId),
        ownerId ? eq(eventRegistrationRequests.userId, ownerId) : undefined,
      ),
    );
  if (!row) return undefined;
  const payment = await latestRequestPayment(db, requestId);
  const sections = await db
    .select({ id: eventSections.id, title: eventSections.title, groupingId: eventSections.groupingId })
    .from(eventRegistrationRequestSections)
    .innerJoin(eventSections, eq(eventSections.id, eventRegistrationRequestSections.sectionId))
    .where(eq(eventRegistrationRequestSections.requestId, requestId))
    .orderBy(asc(eventSections.position), asc(eventSections.title));
  const groupings = await db
    .select({ id: eventGroupings.id, name: eventGroupings.name })
    .from(eventRegistrationRequestGroupings)
    .innerJoin(eventGroupings, eq(eventGroupings.id, eventRegistrationRequestGroupings.groupingId))
    .where(eq(eventRegistrationRequestGroupings.requestId, requestId))
    .orderBy(asc(eventGroupings.position), asc(eventGroupings.name));
  const seats = await db
    .select({
      position: eventRegistrationSeats.position,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      isPending: sql<boolean>`${users.passwordHash} is null`,
      applicationId: eventRegistrationSeats.applicationId,
    })
    .from(eventRegistrationSeats)
    .innerJoin(users, eq(users.id, eventRegistrationSeats.userId))
    .where(eq(eventRegistrationSeats.requestId, requestId))
    .orderBy(asc(eventRegistrationSeats.position));
  const offer = offerOf(row.settings);
  const coupon = couponOf(row.coupon);
  const price = groupPrice(row.seatsRequested, offer, coupon);
  const free = deductFreeSeats(
    Array.from({ length: row.seatsRequested }, () => 1),
    price.freeSeats,
  );
  const byPosition = new Map(seats.map((seat) => [seat.position, seat]));
  const paymentStatus = decidingStatus(payment);
  return {
    id: row.id,
    status: row.status,
    event: row.event,
    createdAt: row.createdAt.toISOString(),
    seatsRequested: row.seatsRequested,
    offer: { paidSeatsRequiredForOffer: offer.paidSeatsRequiredForOffer, freeSeatsInOffer: offer.freeSeatsInOffer },
    price: { attendeeCost: offer.attendeeCost, ...price },
    coupon,
    paymentStatus: payment?.status ?? null,
    payment: payment
      ? {
          id: payment.id,
          status: payment.status,
          method: payment.method,
          provider: payment.provider,
          total: payment.total,
        }
      : null,
    requestedSections: sections,
    requestedGroupings: groupings,
    seats: free.map((isFree, index) => {
      const seat = byPosition.get(index + 1);
      return {
        position: index + 1,
        free: isFree === 1,
        attendee: seat
          ? {
              userId: seat.userId,
              firstName: seat.firstName,
              lastName: seat.lastName,
              email: seat.email,
              isPending: seat.isPending,
              applicationId: seat.applicationId,
            }
          : null,
      };
    }),
    abilities: requestAbilities({ status: row.status, paymentStatus }),
    requester: row.requester,
  };
}

/** One page of requests, newest first: the member's own (`userId`) or, for staff, all or one event's. One query and a count. */
export async function pageOfRequests(
  db: Database,
  filter: { userId?: string; eventId?: string },
  page: { page: number; pageSize: number },
): Promise<{ items: RegistrationRequestRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.userId) conditions.push(eq(eventRegistrationRequests.userId, filter.userId));
  if (filter.eventId) conditions.push(eq(eventRegistrationRequests.eventId, filter.eventId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const latestStatus = sql<EventPaymentStatus | null>`(
    select ${eventPayments.status} from ${eventRegistrationPayments}
    join ${eventPayments} on ${eventPayments.id} = ${eventRegistrationPayments.paymentId}
    where ${eventRegistrationPayments.requestId} = ${eventRegistrationRequests.id}
    order by ${eventRegistrationPayments.createdAt} desc, ${eventPayments.id} desc limit 1)`;
  const assigned = sql<number>`(select count(*)::int from ${eventRegistrationSeats} where ${eventRegistrationSeats.requestId} = ${eventRegistrationRequests.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: eventRegistrationRequests.id,
        status: eventRegistrationRequests.status,
        createdAt: eventRegistrationRequests.createdAt,
        seatsRequested: eventRegistrationRequests.seatsRequested,
        event: { id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate },
        requester: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
        coupon: couponColumns,
        settings: {
          attendeeCostCents: eventGroupRegistrations.attendeeCostCents,
          paidSeatsRequiredForOffer: eventGroupRegistrations.paidSeatsRequiredForOffer,
          freeSeatsInOffer: eventGroupRegistrations.freeSeatsInOffer,
        },
        paymentStatus: latestStatus,
        attendeesAssigned: assigned,
      })
      .from(eventRegistrationRequests)
      .innerJoin(events, eq(events.id, eventRegistrationRequests.eventId))
      .innerJoin(users, eq(users.id, eventRegistrationRequests.userId))
      .leftJoin(coupons, eq(coupons.id, eventRegistrationRequests.couponId))
      .leftJoin(eventGroupRegistrations, eq(eventGroupRegistrations.eventId, eventRegistrationRequests.eventId))
      .where(where)
      .orderBy(desc(eventRegistrationRequests.createdAt), desc(eventRegistrationRequests.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db.select({ total: count() }).from(eventRegistrationRequests).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      status: row.status,
      event: row.event,
      createdAt: row.createdAt.toISOString(),
      seatsRequested: row.seatsRequested,
      attendeesAssigned: row.attendeesAssigned,
      total: groupPrice(row.seatsRequested, offerOf(row.settings), couponOf(row.coupon)).total,
      paymentStatus: row.paymentStatus,
      requester: row.requester,
    })),
    total: counted?.total ?? 0,
  };
}

/** The requests (ids) that `ownerId` made among those some applications' seats belong to, by application. */
export async function requestsOfApplications(
  db: Executor,
  applicationIds: readonly string[],
  ownerId: string,
): Promise<Map<string, string>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .select({ applicationId: eventRegistrationSeats.applicationId, requestId: eventRegistrationSeats.requestId })
    .from(eventRegistrationSeats)
    .innerJoin(eventRegistrationRequests, eq(eventRegistrationRequests.id, eventRegistrationSeats.requestId))
    .where(
      and(
        inArray(eventRegistrationSeats.applicationId, [...applicationIds]),
        eq(eventRegistrationRequests.userId, ownerId),
      ),
    );
  return new Map(rows.flatMap((row) => (row.applicationId ? [[row.applicationId, row.requestId] as const] : [])));
}
