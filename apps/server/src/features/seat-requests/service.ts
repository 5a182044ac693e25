import { calendarDateIn, formatUsDate } from '@portal/domain/dates.ts';
import {
  freeTickets,
  isFull,
  seatRequestStatusLabels,
  seatRequestTexts,
  type MySeatRequests,
  type OrganizationSeatRequestPage,
  type SeatRequestDecision,
  type SeatRequestInput,
  type SeatRequestRow,
  type SeatRequestStatus,
} from '@portal/domain/tickets/seat-requests.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { addToCart } from '../../core/carts.ts';
import { activeMembershipRole, isActiveMember, managerRole } from '../../core/memberships.ts';
import { ticketCode } from '../../core/ticket-codes.ts';
import { assignFreeTicket, unassignedLinesOf, type AssignRefusal } from '../../core/unassigned-tickets.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { queueMail, queueMails } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  countWaitingRequests,
  findRequestableEvent,
  findSeatRequestById,
  insertSeatRequest,
  lockSeatRequest,
  managersOf,
  organizationRequestPage,
  requestRow,
  requestsOfUser,
  ticketTypeFor,
  updateSeatRequestDecision,
  type SeatRequestRecord,
} from './repository.ts';

const requestNotFound = () => notFound(seatRequestTexts.notFound);
const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

function present(row: SeatRequestRecord): SeatRequestRow {
  if (!row) throw requestNotFound();
  return {
    id: row.id,
    eventId: row.eventId,
    eventName: row.eventName,
    startDate: row.startDate,
    sectionId: row.sectionId,
    sectionTitle: row.sectionTitle,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    requester: { id: row.requesterId, name: row.requesterName, email: row.requesterEmail },
    note: row.note,
    status: row.status,
    statusLabel: seatRequestStatusLabels[row.status],
    declineReason: row.declineReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

const what = (row: { eventName: string; sectionTitle: string | null }) =>
  row.sectionTitle ? `${row.eventName}: ${row.sectionTitle}` : row.eventName;

/**
 * POST /api/seat-requests: a member asks her organization for a seat. Only an active member asks; a full
 * section is refused unless the organization still holds a ticket for it, and the refusal offers the section's
 * waiting list when the event keeps one (she joins it on POST /api/waiting-lists/entries).
 */
export async function askForSeat(deps: AppDeps, auth: RequestAuth, input: SeatRequestInput): Promise<SeatRequestRow> {
  const today = todayOf(deps);
  const id = await deps.db.transaction(async (tx) => {
    if (!(await isActiveMember(tx, input.organizationId, auth.user.id))) throw forbidden(seatRequestTexts.notMember);
    const event = await findRequestableEvent(tx, input.eventId, input.sectionId);
    if (!event || !event.published || event.acceptsApplications || event.startDate < today)
      throw badRequest(seatRequestTexts.eventNotOpen);
    if (event.section === undefined)
      throw badRequest(seatRequestTexts.sectionUnknown, { sectionId: seatRequestTexts.sectionUnknown });
    if (event.section === null && event.hasSections)
      throw badRequest(seatRequestTexts.sectionRequired, { sectionId: seatRequestTexts.sectionRequired });
    const bucket = event.section ?? event;
    if (isFull(bucket)) {
      const held = await unassignedLinesOf(tx, input.organizationId, input.eventId, today);
      if (!held.some((line) => input.sectionId === null || line.sectionId === input.sectionId)) {
        // No seat can come from the school: the way in is the section's waiting list, when the event keeps one.
        const message = event.waitingListEnabled
          ? seatRequestTexts.sectionFull
          : seatRequestTexts.sectionFullNoWaitingList;
        throw conflict(message, { sectionId: message });
      }
    }
    const created = await insertSeatRequest(tx, {
      organizationId: input.organizationId,
      eventId: input.eventId,
      sectionId: input.sectionId,
      userId: auth.user.id,
      note: input.note,
      createdAt: deps.clock(),
    });
    if (!created) throw conflict(seatRequestTexts.alreadyOpen);
    const row = await requestRow(tx, created);
    if (!row) throw requestNotFound();
    await queueMails(tx, await managersOf(tx, input.organizationId), (manager) => ({
      to: manager.email,
      subject: `${row.requesterName} asks for a seat: ${row.eventName}`,
      text: [
        `Hello ${manager.firstName},`,
        '',
        `${row.requesterName} asks ${row.organizationName} for a seat on ${what(row)} (${formatUsDate(row.startDate)}).`,
        ...(row.note ? ['', `Her note: ${row.note}`] : []),
        '',
        `Approve or decline it on your organization's page in the Members Portal: ${deps.config.publicUrl}/members/organizations/${row.organizationId}`,
      ].join('\n'),
    }));
    await audit(tx, {
      ...actorOf(auth),
      action: 'seat-request.create',
      subjectType: 'seat_request',
      subjectId: created,
      data: { organizationId: input.organizationId, eventId: input.eventId, sectionId: input.sectionId },
    });
    return created;
  });
  return present(await requestRow(deps.db, id));
}

/** GET /api/seat-requests/mine: where each of her requests stands (Manage Events). */
export async function mySeatRequests(deps: AppDeps, auth: RequestAuth): Promise<MySeatRequests> {
  return { items: (await requestsOfUser(deps.db, auth.user.id)).map(present) };
}

/** GET /api/seat-requests/organizations/:organizationId: its owner's and admins' list, with the waiting count. */
export async function organizationSeatRequests(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  query: { page: number; pageSize: number; status: SeatRequestStatus },
): Promise<OrganizationSeatRequestPage> {
  await managerRole(deps.db, organizationId, auth.user.id);
  const today = todayOf(deps);
  const { rows, total } = await organizationRequestPage(deps.db, organizationId, query.status, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const linesByEvent = new Map<string, Awaited<ReturnType<typeof unassignedLinesOf>>>();
  if (query.status === 'REQUESTED') {
    for (const eventId of new Set(rows.map((row) => row.eventId)))
      linesByEvent.set(eventId, await unassignedLinesOf(deps.db, organizationId, eventId, today));
  }
  return {
    items: rows.map((row) => ({
      ...present(row),
      unallocatedTickets: (linesByEvent.get(row.eventId) ?? [])
        .filter((line) => row.sectionId === null || line.sectionId === row.sectionId)
        .map((line) => ({
          paymentItemId: line.paymentItemId,
          title: line.sectionTitle ? `${line.eventName}: ${line.sectionTitle}` : line.eventName,
          sectionId: line.sectionId,
          free: freeTickets(line.numberOfTickets, line.holders),
        })),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total,
    waiting: await countWaitingRequests(deps.db, organizationId),
  };
}

const refusals: Record<AssignRefusal, () => Error> = {
  notAvailable: () =>
    badRequest(seatRequestTexts.ticketNotAvailable, { paymentItemId: seatRequestTexts.ticketNotAvailable }),
  otherEvent: () =>
    badRequest(seatRequestTexts.ticketOfAnotherEvent, { paymentItemId: seatRequestTexts.ticketOfAnotherEvent }),
  otherSection: () =>
    badRequest(seatRequestTexts.ticketOfAnotherSection, { paymentItemId: seatRequestTexts.ticketOfAnotherSection }),
  noFreeTicket: () => conflict(seatRequestTexts.noUnallocatedTicket),
  alreadyHolds: () => conflict(seatRequestTexts.alreadyHolds),
};

/**
 * POST /api/seat-requests/:id/decision: the organization's owner or an admin approves (one of its free
 * tickets for the event handed to her, as Allocate Tickets would), puts a ticket in their own cart to buy for
 * her (the request stays open until a ticket is assigned), or declines with a reason. The request's row lock
 * and the conditional update make a second decision a 409.
 */
export async function decideSeatRequest(
  deps: AppDeps,
  auth: RequestAuth,
  requestId: string,
  decision: SeatRequestDecision,
): Promise<{ request: SeatRequestRow; message: string }> {
  const now = deps.clock();
  const today = todayOf(deps);
  const message = await deps.db.transaction(async (tx) => {
    const found = await findSeatRequestById(tx, requestId);
    if (!found) throw requestNotFound();
    const role = await activeMembershipRole(tx, found.organizationId, auth.user.id);
    if (role !== 'OWNER' && role !== 'ADMIN') throw forbidden(seatRequestTexts.notManager);
    const request = await lockSeatRequest(tx, requestId);
    if (!request) throw requestNotFound();
    if (request.status !== 'REQUESTED') throw conflict(seatRequestTexts.alreadyDecided);
    if (decision.decision === 'ADD_TO_CART') {
      const ticketTypeId = await ticketTypeFor(tx, request.eventId);
      if (!ticketTypeId) throw badRequest(seatRequestTexts.eventNotOpen);
      await addToCart(tx, {
        userId: auth.user.id,
        eventId: request.eventId,
        sectionId: request.sectionId,
        ticketTypeId,
        numberOfTickets: 1,
      });
      return seatRequestTexts.addedToCart;
    }
    if (decision.decision === 'DECLINE') {
      await decide(tx, requestId, {
        status: 'DECLINED',
        declineReason: decision.reason,
        decidedById: auth.user.id,
        now,
      });
      await mailRequester(deps, tx, requestId, (row) => [
        `${row.organizationName} declined your request for a seat on ${what(row)}.`,
        '',
        `Their reason: ${decision.reason}`,
      ]);
      await auditDecision(tx, auth, requestId, { decision: 'DECLINED' });
      return seatRequestTexts.declined;
    }
    // She must still be a member: a ticket of the organization goes to its people only.
    if (!(await isActiveMember(tx, request.organizationId, request.userId))) throw conflict(seatRequestTexts.notMember);
    const assigned = await assignFreeTicket(tx, {
      paymentItemId: decision.paymentItemId,
      organizationId: request.organizationId,
      eventId: request.eventId,
      sectionId: request.sectionId,
      userId: request.userId,
      assignedById: auth.user.id,
      now,
      today,
    });
    if ('refused' in assigned) throw refusals[assigned.refused]();
    if ('closed' in assigned) throw conflict(assigned.closed);
    await decide(tx, requestId, {
      status: 'APPROVED',
      paymentItemId: assigned.line.paymentItemId,
      ticketId: assigned.ticketId,
      decidedById: auth.user.id,
      now,
    });
    const code = ticketCode(deps.config.encryptionKey, request.userId, request.eventId);
    await mailRequester(deps, tx, requestId, (row) => [
      `${row.organizationName} approved your request: you hold a ticket for ${what(row)} (${formatUsDate(row.startDate)}).`,
      '',
      `Your ticket code: ${code}`,
      'Your tickets are listed under Manage Events in the Members Portal.',
    ]);
    await auditDecision(tx, auth, requestId, { decision: 'APPROVED', ticketId: assigned.ticketId });
    return seatRequestTexts.approved;
  });
  return { request: present(await requestRow(deps.db, requestId)), message };
}

async function decide(
  tx: Executor,
  requestId: string,
  decision: {
    status: 'APPROVED' | 'DECLINED';
    declineReason?: string;
    paymentItemId?: string;
    ticketId?: string;
    decidedById: string;
    now: Date;
  },
) {
  const written = await updateSeatRequestDecision(tx, requestId, {
    status: decision.status,
    declineReason: decision.declineReason ?? null,
    paymentItemId: decision.paymentItemId ?? null,
    ticketId: decision.ticketId ?? null,
    decidedById: decision.decidedById,
    decidedAt: decision.now,
  });
  if (!written) throw conflict(seatRequestTexts.alreadyDecided);
}

async function mailRequester(
  deps: AppDeps,
  tx: Executor,
  requestId: string,
  lines: (row: NonNullable<SeatRequestRecord>) => string[],
) {
  const row = await requestRow(tx, requestId);
  if (!row) throw requestNotFound();
  await queueMail(tx, {
    to: row.requesterEmail,
    subject: `Your request for a seat: ${row.eventName}`,
    text: [`Hello ${row.requesterName},`, '', ...lines(row), '', `${deps.config.publicUrl}/members/manage-events`].join(
      '\n',
    ),
  });
}

async function auditDecision(tx: Executor, auth: RequestAuth, requestId: string, data: Record<string, unknown>) {
  await audit(tx, {
    ...actorOf(auth),
    action: 'seat-request.decide',
    subjectType: 'seat_request',
    subjectId: requestId,
    data,
  });
}
