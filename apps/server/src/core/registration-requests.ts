import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { CouponReply } from '@portal/domain/commerce/cart.ts';
import type { EventPaymentStatus } from '@portal/domain/commerce/enums.ts';
import {
  deductFreeSeats,
  groupPrice,
  requestAbilities,
  type GroupOffer,
  type RegistrationRequestDetail,
  type RegistrationRequestRow,
  type RegistrationRequestStatus,
} from '@portal/domain/registrations/requests.ts';
import type { Database, Executor } from '../db/client.ts';
import { coupons, eventGroupings, eventPayments, events, eventSections } from '../db/schema/commerce.ts';
import { organizations } from '../db/schema/organizations.ts';
import {
  eventGroupRegistrations,
  eventRegistrationPayments,
  eventRegistrationRequestGroupings,
  eventRegistrationRequests,
  eventRegistrationRequestSections,
  eventRegistrationSeats,
} from '../db/schema/registration-requests.ts';
import { users } from '../db/schema/users.ts';
import { exportPageSize, keysetRows } from '../platform/exports.ts';

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

/** Left-joined: drizzle answers the object as null when the request names no organization. */
const organizationColumns = { id: organizations.id, name: organizations.name };

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
 * Whether the member has cancelled the request a payment was made for: money arriving for it (a card
 * success after the cancel) buys nothing and is refunded, never PAID.
 */
export async function isCancelledRequest(db: Executor, requestId: string): Promise<boolean> {
  const [row] = await db
    .select({ status: eventRegistrationRequests.status })
    .from(eventRegistrationRequests)
    .where(eq(eventRegistrationRequests.id, requestId));
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
      organization: organizationColumns,
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
    .leftJoin(organizations, eq(organizations.id, eventRegistrationRequests.organizationId))
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
    organization: row.organization,
  };
}

/** The status of a request's latest payment; null before any. */
const latestPaymentStatus = sql<EventPaymentStatus | null>`(
    select ${eventPayments.status} from ${eventRegistrationPayments}
    join ${eventPayments} on ${eventPayments.id} = ${eventRegistrationPayments.paymentId}
    where ${eventRegistrationPayments.requestId} = ${eventRegistrationRequests.id}
    order by ${eventRegistrationPayments.createdAt} desc, ${eventPayments.id} desc limit 1)`;

/**
 * When a request's payment is due: its event's payment due days after it was made, or — an event
 * without due days — the start of the event's first day in the provider's time zone
 * (docs/decisions/0102-registration-request-payment-due.md).
 */
export function requestPaymentDueAt(timeZone: string) {
  return sql<Date>`(select coalesce(
      ${eventRegistrationRequests.createdAt} + make_interval(days => ${events.paymentDueDays}),
      ${events.startDate}::timestamp at time zone ${timeZone}::text)
    from ${events} where ${events.id} = ${eventRegistrationRequests.eventId})`;
}

/**
 * Open requests still awaiting payment (none made, or the latest neither paid nor a purchase order
 * under review) whose due moment has passed: the staff dashboard counts them, the staff list filters them.
 */
export function paymentOverdue(now: Date, timeZone: string): SQL {
  return sql`${eventRegistrationRequests.status} = 'OPEN'
    and coalesce(${latestPaymentStatus}::text, '') not in ('PAID', 'PO_SUBMITTED')
    and ${requestPaymentDueAt(timeZone)} < ${now.toISOString()}::timestamptz`;
}

export interface RequestFilter {
  userId?: string;
  eventId?: string;
  status?: RegistrationRequestStatus;
  /** Matches the organization, the member who asked (name or email) or the event's name. */
  search?: string;
  paymentOverdue?: SQL;
}

/** The list's conditions, over requests joined to their event, member and (left) organization. */
function requestConditions(filter: RequestFilter): SQL | undefined {
  const like = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return and(
    filter.userId ? eq(eventRegistrationRequests.userId, filter.userId) : undefined,
    filter.eventId ? eq(eventRegistrationRequests.eventId, filter.eventId) : undefined,
    filter.status ? eq(eventRegistrationRequests.status, filter.status) : undefined,
    filter.paymentOverdue,
    like
      ? or(
          ilike(organizations.name, like),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
          ilike(users.email, like),
          ilike(events.name, like),
        )
      : undefined,
  );
}

const assigned = sql<number>`(select count(*)::int from ${eventRegistrationSeats} where ${eventRegistrationSeats.requestId} = ${eventRegistrationRequests.id})`;

/** What a request row reads: its event, member, organization, coupon and price settings, and payment status. */
function requestRows<Extra extends SelectedFields>(db: Executor, extra: Extra) {
  return db
    .select({
      id: eventRegistrationRequests.id,
      status: eventRegistrationRequests.status,
      createdAt: eventRegistrationRequests.createdAt,
      seatsRequested: eventRegistrationRequests.seatsRequested,
      event: { id: events.id, name: events.name, startDate: events.startDate, endDate: events.endDate },
      requester: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      organization: organizationColumns,
      coupon: couponColumns,
      settings: {
        attendeeCostCents: eventGroupRegistrations.attendeeCostCents,
        paidSeatsRequiredForOffer: eventGroupRegistrations.paidSeatsRequiredForOffer,
        freeSeatsInOffer: eventGroupRegistrations.freeSeatsInOffer,
      },
      paymentStatus: latestPaymentStatus,
      attendeesAssigned: assigned,
      ...extra,
    })
    .from(eventRegistrationRequests)
    .innerJoin(events, eq(events.id, eventRegistrationRequests.eventId))
    .innerJoin(users, eq(users.id, eventRegistrationRequests.userId))
    .leftJoin(organizations, eq(organizations.id, eventRegistrationRequests.organizationId))
    .leftJoin(coupons, eq(coupons.id, eventRegistrationRequests.couponId))
    .leftJoin(eventGroupRegistrations, eq(eventGroupRegistrations.eventId, eventRegistrationRequests.eventId))
    .$dynamic();
}

type StoredRequest = Awaited<ReturnType<typeof requestRows<Record<never, never>>>>[number];

function presentRequest(row: StoredRequest): RegistrationRequestRow {
  return {
    id: row.id,
    status: row.status,
    event: row.event,
    createdAt: row.createdAt.toISOString(),
    seatsRequested: row.seatsRequested,
    attendeesAssigned: row.attendeesAssigned,
    total: groupPrice(row.seatsRequested, offerOf(row.settings), couponOf(row.coupon)).total,
    paymentStatus: row.paymentStatus,
    requester: row.requester,
    organization: row.organization,
  };
}

/** One page of requests, newest first: the member's own (`userId`) or, for staff, all or those the filter keeps. One query and a count. */
export async function pageOfRequests(
  db: Database,
  filter: RequestFilter,
  page: { page: number; pageSize: number },
): Promise<{ items: RegistrationRequestRow[]; total: number }> {
  const where = requestConditions(filter);
  const [rows, [counted]] = await Promise.all([
    requestRows(db, {})
      .where(where)
      .orderBy(desc(eventRegistrationRequests.createdAt), desc(eventRegistrationRequests.id))
      .limit(page.pageSize)
      .offset((page.page - 1) * page.pageSize),
    db
      .select({ total: count() })
      .from(eventRegistrationRequests)
      .innerJoin(events, eq(events.id, eventRegistrationRequests.eventId))
      .innerJoin(users, eq(users.id, eventRegistrationRequests.userId))
      .leftJoin(organizations, eq(organizations.id, eventRegistrationRequests.organizationId))
      .where(where),
  ]);
  return { items: rows.map(presentRequest), total: counted?.total ?? 0 };
}

/** A request's sections or groupings by name, in the event's order, as one text: no query per request. */
const requestedSectionNames = sql<string>`coalesce((
    select string_agg(${eventSections.title}, '; ' order by ${eventSections.position}, ${eventSections.title})
    from ${eventRegistrationRequestSections}
    join ${eventSections} on ${eventSections.id} = ${eventRegistrationRequestSections.sectionId}
    where ${eventRegistrationRequestSections.requestId} = ${eventRegistrationRequests.id}), '')`;
const requestedGroupingNames = sql<string>`coalesce((
    select string_agg(${eventGroupings.name}, '; ' order by ${eventGroupings.position}, ${eventGroupings.name})
    from ${eventRegistrationRequestGroupings}
    join ${eventGroupings} on ${eventGroupings.id} = ${eventRegistrationRequestGroupings.groupingId}
    where ${eventRegistrationRequestGroupings.requestId} = ${eventRegistrationRequests.id}), '')`;

const attendee = alias(users, 'attendee');

/**
 * One row per named attendee of each request the filter keeps, the request's own columns on each; a
 * request with no attendee named yet is one row with no attendee
 * (docs/decisions/0116-registration-request-export-rows.md). Newest request first, its seats in order.
 */
function attendeeRows(db: Executor) {
  return requestRows(db, {
    couponCode: coupons.code,
    requestedSections: requestedSectionNames,
    requestedGroupings: requestedGroupingNames,
    createdAtKey: sql<string>`${eventRegistrationRequests.createdAt}::text`,
    position: sql<number>`coalesce(${eventRegistrationSeats.position}, 0)`.mapWith(Number),
    attendee: {
      id: attendee.id,
      firstName: attendee.firstName,
      lastName: attendee.lastName,
      email: attendee.email,
      isPending: sql<boolean>`${attendee.passwordHash} is null`,
    },
  })
    .leftJoin(eventRegistrationSeats, eq(eventRegistrationSeats.requestId, eventRegistrationRequests.id))
    .leftJoin(attendee, eq(attendee.id, eventRegistrationSeats.userId));
}

export type RequestAttendeeRow = Awaited<ReturnType<typeof attendeeRows>>[number] & { total: number };

/** Every attendee row under `filter`, read by keyset (request newest first, then seat position). */
export function requestAttendeeRows(db: Database, filter: RequestFilter, pageSize = exportPageSize) {
  return keysetRows<RequestAttendeeRow>(async (after, limit) => {
    const rows = await attendeeRows(db)
      .where(
        and(
          requestConditions(filter),
          after
            ? sql`((${eventRegistrationRequests.createdAt}, ${eventRegistrationRequests.id}) < (${after.createdAtKey}::timestamptz, ${after.id})
                or (${eventRegistrationRequests.id} = ${after.id} and coalesce(${eventRegistrationSeats.position}, 0) > ${after.position}))`
            : undefined,
        ),
      )
      .orderBy(
        desc(eventRegistrationRequests.createdAt),
        desc(eventRegistrationRequests.id),
        sql`coalesce(${eventRegistrationSeats.position}, 0)`,
      )
      .limit(limit);
    return rows.map((row) => ({
      ...row,
      total: groupPrice(row.seatsRequested, offerOf(row.settings), couponOf(row.coupon)).total,
    }));
  }, pageSize);
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
