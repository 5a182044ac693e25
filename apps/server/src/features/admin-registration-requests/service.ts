import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  registrationRequestMessages as messages,
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
import { pageOfRequests, readRegistrationRequest } from '../../core/registration-requests.ts';
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
  const { items, total } = await pageOfRequests(
    deps.db,
    { ...(query.eventId ? { eventId: query.eventId } : {}) },
    query,
  );
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** GET /api/admin/registration-requests/:requestId */
export async function getRequest(deps: AppDeps, requestId: string): Promise<RegistrationRequestDetail> {
  await expireHolds(deps.db, deps.clock());
  const detail = await readRegistrationRequest(deps.db, requestId, null);
  if (!detail) throw notFound(messages.notFound);
  return detail;
}
