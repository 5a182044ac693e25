import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { eventPaymentStatusLabels } from '@portal/domain/commerce/payments.ts';
import { calendarDateIn, formatMoment, formatUsDate } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import {
  registrationRequestMessages as messages,
  registrationRequestStatusLabels,
  type adminRegistrationRequestQuery,
  type GroupRegistrationSettings,
  type GroupRegistrationSettingsInput,
  type RegistrationRequestDetail,
  type RegistrationRequestPage,
} from '@portal/domain/registrations/requests.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { events } from '../../db/schema/commerce.ts';
import { eventGroupRegistrations } from '../../db/schema/registration-requests.ts';
import { expireHolds } from '../../core/capacity.ts';
import {
  pageOfRequests,
  paymentOverdue,
  readRegistrationRequest,
  requestAttendeeRows,
  type RequestAttendeeRow,
  type RequestFilter,
} from '../../core/registration-requests.ts';
import type { Export } from '../../platform/exports.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { notFound } from '../../platform/errors.ts';
import type { RequestAuth } from '../../platform/sessions.ts';

/**
 * The staff console's side of group registration: an event's settings (open, attendeeCost, the
 * free-seat offer) and every member's registration requests.
 */

const eventNotFound = () => notFound('No such event.');

async function readSettings(db: Executor, eventId: string): Promise<GroupRegistrationSettings | undefined> {
  const [row] = await db
    .select({
      eventId: events.id,
      open: eventGroupRegistrations.open,
      attendeeCost: eventGroupRegistrations.attendeeCostCents,
      paidSeatsRequiredForOffer: eventGroupRegistrations.paidSeatsRequiredForOffer,
      freeSeatsInOffer: eventGroupRegistrations.freeSeatsInOffer,
    })
    .from(events)
    .leftJoin(eventGroupRegistrations, eq(eventGroupRegistrations.eventId, events.id))
    .where(eq(events.id, eventId));
  if (!row) return undefined;
  // An event staff never opened answers closed, free and without an offer.
  return {
    eventId: row.eventId,
    open: row.open ?? false,
    attendeeCost: row.attendeeCost ?? 0,
    paidSeatsRequiredForOffer: row.paidSeatsRequiredForOffer ?? null,
    freeSeatsInOffer: row.freeSeatsInOffer ?? null,
  };
}

/** GET /api/admin/events/:eventId/group-registration */
export async function getSettings(deps: AppDeps, eventId: string): Promise<GroupRegistrationSettings> {
  const settings = await readSettings(deps.db, eventId);
  if (!settings) throw eventNotFound();
  return settings;
}

/**
 * PUT /api/admin/events/:eventId/group-registration. New prices apply to requests not yet paid
 * (a payment keeps the price it was made at).
 */
export async function saveSettings(
  deps: AppDeps,
  auth: RequestAuth,
  eventId: string,
  input: GroupRegistrationSettingsInput,
): Promise<GroupRegistrationSettings> {
  return deps.db.transaction(async (tx) => {
    const before = await readSettings(tx, eventId);
    if (!before) throw eventNotFound();
    const values = {
      open: input.open,
      attendeeCostCents: input.attendeeCost,
      paidSeatsRequiredForOffer: input.paidSeatsRequiredForOffer,
      freeSeatsInOffer: input.freeSeatsInOffer,
    };
    await tx
      .insert(eventGroupRegistrations)
      .values({ eventId, ...values })
      .onConflictDoUpdate({ target: eventGroupRegistrations.eventId, set: values });
    await audit(tx, {
      ...actorOf(auth),
      action: 'event.group-registration',
      subjectType: 'event',
      subjectId: eventId,
      data: { from: before, to: input },
    });
    const after = await readSettings(tx, eventId);
    if (!after) throw eventNotFound();
    return after;
  });
}

/** GET /api/admin/registration-requests: every request, newest first, or one event's. */
export async function listRequests(
  deps: AppDeps,
  query: z.output<typeof adminRegistrationRequestQuery>,
): Promise<RegistrationRequestPage> {
  await expireHolds(deps.db, deps.clock());
  const { items, total } = await pageOfRequests(deps.db, staffFilter(deps, query), query);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

type StaffListFilter = Omit<z.output<typeof adminRegistrationRequestQuery>, 'page' | 'pageSize'>;

/** The staff list's filters as the shared reader takes them: the dashboard's past-due one computed now. */
function staffFilter(deps: AppDeps, query: StaffListFilter): RequestFilter {
  return {
    ...(query.eventId ? { eventId: query.eventId } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.search ? { search: query.search } : {}),
    ...(query.paymentOverdue ? { paymentOverdue: paymentOverdue(deps.clock(), deps.config.timeZone) } : {}),
  };
}

/**
 * GET /api/admin/registration-requests/export: every request the list shows under its filters, one
 * row per named attendee with the request's columns repeated (docs/decisions/0116-registration-request-export-rows.md).
 */
export async function exportRequests(
  deps: AppDeps,
  query: StaffListFilter & { format: ExportFormat },
): Promise<Export<RequestAttendeeRow>> {
  await expireHolds(deps.db, deps.clock());
  const { timeZone } = deps.config;
  const person = (p: { firstName: string | null; lastName: string | null } | null) =>
    p?.firstName || p?.lastName ? `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim() : '';
  return {
    baseName: `registration-requests-${calendarDateIn(deps.clock(), timeZone)}`,
    title: 'Registration requests',
    format: query.format,
    rows: requestAttendeeRows(deps.db, staffFilter(deps, query)),
    columns: [
      { header: 'Request id', value: (row) => row.id },
      { header: 'Event', value: (row) => row.event.name },
      { header: 'Event start', value: (row) => formatUsDate(row.event.startDate) },
      { header: 'Event end', value: (row) => formatUsDate(row.event.endDate) },
      { header: 'Created', value: (row) => formatMoment(row.createdAt, timeZone) },
      { header: 'Status', value: (row) => registrationRequestStatusLabels[row.status] },
      { header: 'Organization', value: (row) => row.organization?.name ?? '' },
      { header: 'Requested by', value: (row) => person(row.requester) },
      { header: 'Requester email', value: (row) => row.requester.email },
      { header: 'Seats requested', value: (row) => row.seatsRequested },
      { header: 'Attendees named', value: (row) => row.attendeesAssigned },
      { header: 'Price', value: (row) => row.total, cents: true },
      { header: 'Coupon', value: (row) => row.couponCode ?? '' },
      { header: 'Payment status', value: (row) => eventPaymentStatusLabels[row.paymentStatus ?? 'PENDING'] },
      { header: 'Requested sections', value: (row) => row.requestedSections },
      { header: 'Requested groupings', value: (row) => row.requestedGroupings },
      { header: 'Seat', value: (row) => (row.attendee ? row.position : '') },
      { header: 'Attendee user id', value: (row) => row.attendee?.id ?? '' },
      { header: 'Attendee name', value: (row) => person(row.attendee) },
      { header: 'Attendee email', value: (row) => row.attendee?.email ?? '' },
      {
        header: 'Attendee account',
        value: (row) => (row.attendee ? (row.attendee.isPending ? 'Invited' : 'Active') : ''),
      },
    ],
  };
}

/** GET /api/admin/registration-requests/:requestId */
export async function getRequest(deps: AppDeps, requestId: string): Promise<RegistrationRequestDetail> {
  await expireHolds(deps.db, deps.clock());
  const detail = await readRegistrationRequest(deps.db, requestId, null);
  if (!detail) throw notFound(messages.notFound);
  return detail;
}
