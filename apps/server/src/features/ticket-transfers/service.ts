import { daysBetween, type AssignableUser, type AssignableUsersPage } from '@portal/domain/tickets/allocation.ts';
import { isVoidedOrCancelled } from '@portal/domain/commerce/payments.ts';
import { calendarDateIn, formatUsDates } from '@portal/domain/dates.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { ticketCalendar } from '@portal/domain/tickets/calendar.ts';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import {
  canGiveBack,
  passOnRefusal,
  recipientRefusal,
  recipientsOf,
  ticketTransferMessages as messages,
  type TicketTransferInput,
  type TicketTransferOptions,
  type TicketTransferReply,
} from '@portal/domain/tickets/ticket-transfers.ts';
import type { AssignableUsersQuery } from '@portal/domain/tickets/allocation.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import { assignableByIds, assignableUsersPage, personByEmailOrNew } from '../../core/assignable-users.ts';
import { purchaseOrdersOf } from '../../core/event-payments.ts';
import { ticketQrImage } from '../../core/ticket-codes.ts';
import { emitWebhookEvent } from '../../core/webhooks.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound, unprocessableContent } from '../../platform/errors.ts';
import { queueMail } from '../../platform/mail.ts';
import { pngBase64 } from '../../platform/qr-codes.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  attendedWith,
  heldTicket,
  lineHolderIds,
  lockPaymentOfTicket,
  moveTicket,
  personOf,
  type HeldTicketRow,
} from './repository.ts';

/** Someone else's ticket and a ticket that does not exist answer alike: nothing is named. */
const ticketNotFound = () => notFound(messages.notFound);

const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

function ticketDates(ticket: HeldTicketRow): string[] {
  return ticket.sectionDates && ticket.sectionDates.length > 0
    ? [...ticket.sectionDates].sort()
    : daysBetween(ticket.startDate, ticket.endDate);
}

const ticketName = (ticket: HeldTicketRow) =>
  ticket.sectionTitle ? `${ticket.eventName}: ${ticket.sectionTitle}` : ticket.eventName;

/** The ticket the caller holds, or 404. */
async function holdersTicket(db: Executor, auth: RequestAuth, ticketId: string): Promise<HeldTicketRow> {
  const ticket = await heldTicket(db, ticketId, auth.user.id);
  if (!ticket) throw ticketNotFound();
  return ticket;
}

/** Why the ticket cannot be passed on at all today, or null (ticket-transfers.passOnRefusal). */
async function refusalOf(db: Executor, deps: AppDeps, ticket: HeldTicketRow): Promise<string | null> {
  const orders = await purchaseOrdersOf(db, [ticket.paymentId]);
  const attended = await attendedWith(db, ticket.holderId, ticket);
  return passOnRefusal(
    {
      holderId: ticket.holderId,
      buyerId: ticket.buyerId,
      organizationId: ticket.organizationId,
      paymentStatus: ticket.paymentStatus,
      voided: isVoidedOrCancelled({ status: ticket.paymentStatus, purchaseOrders: orders }),
      dates: ticketDates(ticket),
      attended,
    },
    todayOf(deps),
  );
}

/** GET /api/ticket-transfers/:ticketId: whom the holder may pass the ticket to, or why she may not. */
export async function transferOptions(
  deps: AppDeps,
  auth: RequestAuth,
  ticketId: string,
): Promise<TicketTransferOptions> {
  const ticket = await holdersTicket(deps.db, auth, ticketId);
  const buyer = canGiveBack(ticket) ? await personOf(deps.db, ticket.buyerId) : undefined;
  return {
    ticketId: ticket.ticketId,
    eventName: ticket.eventName,
    sectionTitle: ticket.sectionTitle,
    recipients: recipientsOf(ticket),
    organization:
      ticket.organizationId !== null ? { id: ticket.organizationId, name: ticket.organizationName ?? '' } : null,
    buyer: buyer ?? null,
    refusal: await refusalOf(deps.db, deps, ticket),
  };
}

/**
 * GET /api/ticket-transfers/:ticketId/recipients: the colleagues the holder may pick, searched as
 * allocation's pickers search (core/assignable-users). Only for the holder of a ticket bought for an
 * organization: anyone else, or a ticket bought for none (passed on by email), gets 404.
 */
export async function listRecipients(
  deps: AppDeps,
  auth: RequestAuth,
  ticketId: string,
  query: AssignableUsersQuery,
): Promise<AssignableUsersPage> {
  const ticket = await holdersTicket(deps.db, auth, ticketId);
  if (ticket.organizationId === null) throw ticketNotFound();
  return assignableUsersPage(deps.db, ticket.organizationId, {
    page: query.page,
    pageSize: query.pageSize,
    search: query.search || undefined,
  });
}

/** The person the holder chose, found (or, by email, made a pending user) in the transaction. */
async function recipientOf(
  tx: Executor,
  ticket: HeldTicketRow,
  input: TicketTransferInput['recipient'],
): Promise<{ person: AssignableUser; isColleague: boolean }> {
  if (input.kind === 'BUYER') {
    if (!canGiveBack(ticket)) throw conflict(messages.noOtherBuyer);
    const buyer = await personOf(tx, ticket.buyerId);
    if (!buyer) throw ticketNotFound();
    // The buyer may hold what they bought whatever their memberships (allocation's BUYER scope).
    return { person: buyer, isColleague: true };
  }
  if (input.kind === 'COLLEAGUE') {
    if (ticket.organizationId === null)
      throw badRequest(messages.colleagueRequired, { 'recipient.kind': messages.colleagueRequired });
    const found = await assignableByIds(tx, ticket.organizationId, [input.userId]);
    const colleague = found.get(input.userId);
    if (colleague) return { person: colleague, isColleague: true };
    const someone = await personOf(tx, input.userId);
    if (!someone) throw badRequest(messages.colleagueRequired, { 'recipient.userId': messages.colleagueRequired });
    return { person: someone, isColleague: false };
  }
  if (ticket.organizationId !== null) {
    const message = messages.notColleague(ticket.organizationName ?? 'an organization');
    throw badRequest(message, { 'recipient.kind': message });
  }
  const { person } = await personByEmailOrNew(tx, input);
  return {
    person: { ...person, isPending: person.passwordHash === null },
    isColleague: false,
  };
}

/** The new holder's mail: the ticket as allocation mails it, with its QR code and calendar file. */
async function receivedMail(deps: AppDeps, ticket: HeldTicketRow, from: AssignableUser, to: AssignableUser, now: Date) {
  const qrCodePng = pngBase64(await ticketQrImage(deps.config.encryptionKey, to.id, ticket.eventId));
  const dates = ticketDates(ticket);
  const location = ticket.sectionLocation ?? ticket.eventLocation;
  const text = [
    `Hello ${to.firstName},`,
    '',
    `${displayName(from)} has passed you a ticket for ${ticket.eventName}.`,
    '',
    `Event: ${ticket.eventName}`,
    ...(ticket.sectionTitle ? [`Section: ${ticket.sectionTitle}`] : []),
    `${dates.length === 1 ? 'Day' : 'Days'}: ${formatUsDates(dates)}`,
    ...(location ? [`Location: ${location}`] : []),
    '',
    'A calendar file is attached. Your tickets are listed under Manage Events in the Members Portal.',
    ...(to.isPending ? ['To sign in the first time, choose "Forgot password" with this email address.'] : []),
    '',
    `Your ticket's QR code is attached (ticket-qr.png). ${ticketScanMessages.codeHelp}`,
  ].join('\n');
  return {
    to: to.email,
    subject: `A ticket passed on to you: ${ticket.eventName}`,
    text,
    attachments: [
      {
        filename: 'ticket.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ticketCalendar(
          {
            uid: `${ticket.itemId}-${to.id}`,
            title: ticketName(ticket),
            dates,
            location,
            description: text,
            qrCodePng,
          },
          now,
        ),
      },
      { filename: 'ticket-qr.png', contentType: 'image/png', content: qrCodePng, encoding: 'base64' as const },
    ],
  };
}

/** The old holder's mail: what she gave, to whom, and that her code no longer admits her. */
function passedMail(ticket: HeldTicketRow, from: AssignableUser, to: AssignableUser, returned: boolean) {
  return {
    to: from.email,
    subject: `You passed on your ticket: ${ticket.eventName}`,
    text: [
      `Hello ${from.firstName},`,
      '',
      `Your ticket for ${ticketName(ticket)} now belongs to ${displayName(to)}${returned ? ', who bought it' : ''}.`,
      'Your ticket code for it no longer admits you; they received a ticket code of their own.',
      '',
      'If this was a mistake, ask them or the buyer to give the ticket back.',
    ].join('\n'),
  };
}

/**
 * POST /api/ticket-transfers: the holder passes her ticket to a colleague, to anyone (a ticket bought
 * for no organization) or back to its buyer. One transaction under the payment's row lock (the lock an
 * allocation save takes): the checks, the move (conditional on her still holding it), both mails, the
 * audit row and the `ticket.transferred` webhook. The ticket code is the holder's and the event's
 * (core/ticket-codes.ts): the new holder's differs, and the old one's no longer finds a ticket.
 */
export async function passOn(
  deps: AppDeps,
  auth: RequestAuth,
  input: TicketTransferInput,
): Promise<TicketTransferReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // Visibility first, so a stranger cannot even wait on the lock.
    await holdersTicket(tx, auth, input.ticketId);
    await lockPaymentOfTicket(tx, input.ticketId);
    const ticket = await heldTicket(tx, input.ticketId, auth.user.id);
    if (!ticket) throw conflict(messages.changed);
    const refusal = await refusalOf(tx, deps, ticket);
    if (refusal) throw conflict(refusal);

    const { person, isColleague } = await recipientOf(tx, ticket, input.recipient);
    const holders = await lineHolderIds(tx, ticket.itemId);
    const refused = recipientRefusal({
      ticket,
      organizationName: ticket.organizationName,
      recipient: person.id,
      isColleague,
      line: {
        numberOfTickets: ticket.numberOfTickets,
        maxTickets: ticket.sectionId ? ticket.sectionMaxTickets : ticket.eventMaxTickets,
        holders,
      },
    });
    if (refused) throw unprocessableContent(refused);

    if (!(await moveTicket(tx, { ticketId: ticket.ticketId, fromUserId: ticket.holderId, toUserId: person.id })))
      throw conflict(messages.changed);
    const from = await personOf(tx, ticket.holderId);
    if (!from) throw ticketNotFound();
    const returned = input.recipient.kind === 'BUYER';
    await queueMail(tx, await receivedMail(deps, ticket, from, person, now));
    await queueMail(tx, passedMail(ticket, from, person, returned));
    const data = {
      ticketId: ticket.ticketId,
      eventPaymentId: ticket.paymentId,
      eventId: ticket.eventId,
      sectionId: ticket.sectionId,
      fromUserId: ticket.holderId,
      toUserId: person.id,
      returnedToBuyer: returned,
    };
    await audit(tx, {
      ...actorOf(auth),
      action: 'ticket.transferred',
      subjectType: 'event_ticket',
      subjectId: ticket.ticketId,
      data,
    });
    await emitWebhookEvent(tx, 'ticket.transferred', data, now);
    return { ticketId: ticket.ticketId, recipient: person, message: messages.passed(displayName(person)) };
  });
}
