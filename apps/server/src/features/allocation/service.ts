import {
  allocationBlock,
  allocationClosedMessage,
  allocationKind,
  allocationMessages,
  assigneeScope,
  checkAllocation,
  daysBetween,
  type AllocationReply,
  type AllocationSave,
  type AssigneeScope,
  type AssignableUsersPage,
  type AssignableUsersQuery,
  type CancelPaymentReply,
  type AssignableUser,
  type MyTicketsReply,
  type ListedAssigneesInput,
  type ListedAssigneesReply,
} from '@portal/domain/tickets/allocation.ts';
import type { NewPendingUser } from '@portal/domain/tickets/pending-users.ts';
import { ticketCalendar } from '@portal/domain/tickets/calendar.ts';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { isVoidedOrCancelled, paymentMessages } from '@portal/domain/commerce/payments.ts';
import { calendarDateIn, formatUsDates } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Executor } from '../../db/client.ts';
import {
  addPendingUser,
  assignableByEmails,
  assignableByIds,
  assignableUsersPage,
} from '../../core/assignable-users.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { releasePayment } from '../../core/capacity.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { purchaseOrdersOf } from '../../core/event-payments.ts';
import { queueMail } from '../../platform/mail.ts';
import { pngBase64 } from '../../platform/qr-codes.ts';
import { ticketQrImage } from '../../core/ticket-codes.ts';
import { activeMembershipRole, managerRole, organizationNotFound } from '../../core/memberships.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  addHolders,
  findPayment,
  holdersOf,
  itemsOf,
  lockPayment,
  orderHolders,
  packageTicketsOfUser,
  registrationSeatsOfUser,
  removeHolders,
  seatsOfUser,
  setPaymentCancelled,
  organizationName,
  ticketsOfUser,
  userSummary,
  type FoundPayment,
  type PaymentItem,
  type Viewer,
} from './repository.ts';

const paymentNotFound = () => notFound(paymentMessages.notFound);

/** Staff in their own session see every payment; an impersonated session has the member's rights. */
const viewerOf = (auth: RequestAuth): Viewer => ({
  userId: auth.user.id,
  staff: auth.user.role === 'STAFF' && !auth.impersonator,
});

const todayOf = (deps: AppDeps) => calendarDateIn(deps.clock(), deps.config.timeZone);

function closedMessageOf(item: PaymentItem, today: string, impersonated: boolean): string | null {
  return allocationClosedMessage(
    { kind: item.eventKind, startDate: item.startDate, daysBeforePurchaseClose: item.daysBeforePurchaseClose },
    today,
    impersonated,
  );
}

function ticketDates(item: PaymentItem): string[] {
  return item.sectionId && item.sectionDates && item.sectionDates.length > 0
    ? [...item.sectionDates].sort()
    : daysBetween(item.startDate, item.endDate);
}

interface Loaded {
  payment: FoundPayment;
  items: PaymentItem[];
  voided: boolean;
}

/**
 * The payment to allocate: one the viewer may see, and neither an application's seat nor a
 * registration request's seats (409: there is nothing to allocate).
 */
async function loadPayment(db: Executor, paymentId: string, viewer: Viewer): Promise<Loaded> {
  const payment = await findPayment(db, paymentId, viewer);
  if (!payment) throw paymentNotFound();
  if (payment.applicationId !== null) throw conflict(allocationMessages.applicationSeat);
  if (payment.registrationRequestId !== null) throw conflict(allocationMessages.registrationSeats);
  const items = await itemsOf(db, paymentId);
  const orders = await purchaseOrdersOf(db, [paymentId]);
  return { payment, items, voided: isVoidedOrCancelled({ status: payment.status, purchaseOrders: orders }) };
}

/** Who the viewer may give the payment's tickets to (allocation.assigneeScope). */
async function scopeOf(db: Executor, payment: FoundPayment, viewer: Viewer): Promise<AssigneeScope> {
  if (payment.organizationId === null) return 'BUYER';
  const role = viewer.staff ? null : await activeMembershipRole(db, payment.organizationId, viewer.userId);
  return assigneeScope(payment, viewer.staff || role === 'OWNER' || role === 'ADMIN');
}

async function buildReply(
  db: Executor,
  loaded: Loaded,
  viewer: Viewer,
  today: string,
  impersonated: boolean,
): Promise<AllocationReply> {
  const { payment, items } = loaded;
  const scope = await scopeOf(db, payment, viewer);
  const buyer = await userSummary(db, payment.userId);
  if (!buyer) throw paymentNotFound();
  const holders = await holdersOf(
    db,
    items.map((i) => i.itemId),
    payment.organizationId,
  );
  const events: AllocationReply['events'] = [];
  const closedMessages: (string | null)[] = [];
  for (const item of items) {
    let event = events.find((e) => e.eventId === item.eventId);
    if (!event) {
      const closedMessage = closedMessageOf(item, today, impersonated);
      closedMessages.push(closedMessage);
      event = {
        eventId: item.eventId,
        name: item.eventName,
        startDate: item.startDate,
        endDate: item.endDate,
        daysBeforePurchaseClose: item.daysBeforePurchaseClose,
        closedMessage,
        sections: [],
      };
      events.push(event);
    }
    event.sections.push({
      itemId: item.itemId,
      sectionId: item.sectionId,
      title: item.sectionTitle ?? item.itemTitle,
      dates: ticketDates(item),
      locationName: item.sectionLocation ?? item.eventLocation,
      maxTickets: item.sectionId ? item.sectionMaxTickets : item.eventMaxTickets,
      grouping: item.groupingId
        ? { id: item.groupingId, name: item.groupingName ?? '', maxTickets: item.groupingMaxTickets }
        : null,
      numberOfTickets: item.numberOfTickets,
      assignedUsers: holders.filter((h) => h.itemId === item.itemId).map(({ itemId: _item, ...user }) => user),
    });
  }
  return {
    eventPaymentId: payment.id,
    organizationId: payment.organizationId,
    organizationName: payment.organizationName,
    kind: allocationKind(items),
    assigneeScope: scope,
    buyer,
    blocked: allocationBlock({ status: payment.status, voided: loaded.voided, closedMessages }),
    events,
  };
}

/** GET /api/event-payments/:id/allocation (and the staff console's read, with `asStaff`). */
export async function getAllocation(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  asStaff = false,
): Promise<AllocationReply> {
  const viewer = asStaff ? { userId: auth.user.id, staff: true } : viewerOf(auth);
  const loaded = await loadPayment(deps.db, paymentId, viewer);
  return buildReply(deps.db, loaded, viewer, todayOf(deps), auth.impersonator !== null);
}

async function assignmentMail(
  deps: AppDeps,
  user: AssignableUser,
  item: PaymentItem,
  organizationName: string | null,
  now: Date,
) {
  const qrCodePng = pngBase64(await ticketQrImage(deps.config.encryptionKey, user.id, item.eventId));
  const dates = ticketDates(item);
  const location = item.sectionLocation ?? item.eventLocation;
  const what = item.sectionTitle ? `${item.eventName}: ${item.sectionTitle}` : item.eventName;
  const text = [
    `Hello ${user.firstName},`,
    '',
    `${organizationName ? `${organizationName} has` : 'You have been'} ${organizationName ? 'assigned you' : 'assigned'} a ticket for ${item.eventName}.`,
    '',
    `Event: ${item.eventName}`,
    ...(item.sectionTitle ? [`Section: ${item.sectionTitle}`] : []),
    `${dates.length === 1 ? 'Day' : 'Days'}: ${formatUsDates(dates)}`,
    ...(location ? [`Location: ${location}`] : []),
    '',
    'A calendar file is attached. Your tickets are listed under Manage Events in the Members Portal.',
    '',
    `Your ticket's QR code is attached (ticket-qr.png). ${ticketScanMessages.codeHelp}`,
  ].join('\n');
  return {
    to: user.email,
    subject: `Your ticket for ${item.eventName}`,
    text,
    attachments: [
      {
        filename: 'ticket.ics',
        contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
        content: ticketCalendar(
          { uid: `${item.itemId}-${user.id}`, title: what, dates, location, description: text, qrCodePng },
          now,
        ),
      },
      { filename: 'ticket-qr.png', contentType: 'image/png', content: qrCodePng, encoding: 'base64' as const },
    ],
  };
}

/**
 * PUT /api/event-payments/:id/allocation: the listed items' holders replaced in one transaction under
 * the payment's row lock, so concurrent saves run one after the other and each is checked against
 * what the previous one left. Items not listed are left as they are.
 */
export async function saveAllocation(
  deps: AppDeps,
  auth: RequestAuth,
  paymentId: string,
  body: AllocationSave,
): Promise<AllocationReply> {
  const viewer = viewerOf(auth);
  const impersonated = auth.impersonator !== null;
  const today = todayOf(deps);
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    // Visibility first, so a stranger cannot even wait on the lock.
    if (!(await findPayment(tx, paymentId, viewer))) throw paymentNotFound();
    await lockPayment(tx, paymentId);
    const loaded = await loadPayment(tx, paymentId, viewer);
    const { payment, items } = loaded;
    if (loaded.voided) throw conflict(allocationMessages.voidedOrCancelled);
    if (payment.status !== 'PAID') throw conflict(allocationMessages.unpaid);

    const byId = new Map(items.map((item) => [item.itemId, item]));
    const seen = new Set<string>();
    for (const entry of body.items) {
      if (!byId.has(entry.itemId) || seen.has(entry.itemId)) throw badRequest(allocationMessages.unknownItem);
      seen.add(entry.itemId);
    }
    // Every line of the payment is checked, those not in the body with the holders they keep, so a
    // grouping's limit holds over all of its sections whatever a save lists.
    const current = await holdersOf(tx, [...byId.keys()], payment.organizationId);
    const listed = new Map(body.items.map((entry) => [entry.itemId, entry.assignedUsers]));
    const groupings = new Map(
      items.flatMap((item) =>
        item.groupingId ? [[item.groupingId, { id: item.groupingId, maxTickets: item.groupingMaxTickets }]] : [],
      ),
    );
    const check = checkAllocation(
      items.map((item) => ({
        numberOfTickets: item.numberOfTickets,
        maxTickets: item.sectionId ? item.sectionMaxTickets : item.eventMaxTickets,
        groupingId: item.groupingId,
        slots: listed.get(item.itemId) ?? current.filter((h) => h.itemId === item.itemId).map((h) => h.id),
      })),
      [...groupings.values()],
    );
    if (check.error) throw badRequest(check.error);

    const changes = body.items.map((entry) => {
      const item = byId.get(entry.itemId) as PaymentItem;
      const before = current.filter((h) => h.itemId === entry.itemId).map((h) => h.id);
      const added = entry.assignedUsers.filter((id) => !before.includes(id));
      const removed = before.filter((id) => !entry.assignedUsers.includes(id));
      const kept = before.filter((id) => entry.assignedUsers.includes(id));
      const reordered = kept.join() !== entry.assignedUsers.filter((id) => before.includes(id)).join();
      return { item, added, removed, reordered, assignedUsers: entry.assignedUsers };
    });
    for (const change of changes) {
      if (change.added.length === 0 && change.removed.length === 0) continue;
      const closed = closedMessageOf(change.item, today, impersonated);
      if (closed) throw conflict(closed);
    }

    const newcomers = [...new Set(changes.flatMap((c) => c.added))];
    const people = new Map<string, AssignableUser>();
    if ((await scopeOf(tx, payment, viewer)) === 'ORGANIZATION' && payment.organizationId) {
      for (const [id, person] of await assignableByIds(tx, payment.organizationId, newcomers)) people.set(id, person);
      if (newcomers.some((id) => !people.has(id))) throw badRequest(allocationMessages.notAssignable);
    } else {
      if (newcomers.some((id) => id !== payment.userId)) throw badRequest(allocationMessages.onlyBuyer);
      const buyer = await userSummary(tx, payment.userId);
      if (buyer) people.set(buyer.id, buyer);
    }

    for (const change of changes) {
      await removeHolders(tx, change.item.itemId, change.removed);
      await addHolders(tx, change.item, change.added, auth.user.id, now);
      if (change.added.length > 0 || change.removed.length > 0 || change.reordered)
        await orderHolders(tx, change.item.itemId, change.assignedUsers);
      for (const userId of change.added) {
        const person = people.get(userId);
        if (person) await queueMail(tx, await assignmentMail(deps, person, change.item, payment.organizationName, now));
      }
    }
    const changed = changes.filter((c) => c.added.length > 0 || c.removed.length > 0);
    if (changed.length > 0) {
      await audit(tx, {
        ...actorOf(auth),
        action: 'allocation.save',
        subjectType: 'event_payment',
        subjectId: paymentId,
        data: { items: changed.map((c) => ({ itemId: c.item.itemId, added: c.added, removed: c.removed })) },
      });
    }
    return buildReply(tx, await loadPayment(tx, paymentId, viewer), viewer, today, impersonated);
  });
}

/** GET /api/organizations/:organizationId/assignable-users: OWNER/ADMIN of it, or staff. */
export async function listAssignableUsers(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  query: AssignableUsersQuery,
): Promise<AssignableUsersPage> {
  // Staff may open any organization, but only one that exists: a mistyped id is a 404, not an empty list.
  if (!viewerOf(auth).staff) await managerRole(deps.db, organizationId, auth.user.id);
  else if ((await organizationName(deps.db, organizationId)) === undefined) throw organizationNotFound();
  return assignableUsersPage(deps.db, organizationId, {
    page: query.page,
    pageSize: query.pageSize,
    search: query.search || undefined,
  });
}

/** POST /api/organizations/:organizationId/pending-users ('+ Add New User'). */
export async function createPendingUser(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  form: NewPendingUser,
): Promise<AssignableUser> {
  if (form.organizationId !== organizationId)
    throw badRequest(allocationMessages.organizationRequired, {
      organizationId: allocationMessages.organizationRequired,
    });
  return deps.db.transaction(async (tx) => {
    const name = await requireOrganizationToInvite(tx, auth, organizationId);
    return invitePending(tx, deps, auth, { organizationId, organizationName: name }, form);
  });
}

type UncodedTicket = Omit<MyTicketsReply['items'][number], 'qrCode'>;

/**
 * POST /api/organizations/:organizationId/pending-users/list: a pasted list's people, those the
 * organization has answered as they are, everyone else made a pending user exactly as '+ Add New
 * User' does. One transaction: a refusal leaves nobody invited.
 */
export async function listedAssignees(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  input: ListedAssigneesInput,
): Promise<ListedAssigneesReply> {
  const people = [...new Map(input.people.map((person) => [person.email, person])).values()];
  return deps.db.transaction(async (tx) => {
    const name = await requireOrganizationToInvite(tx, auth, organizationId);
    const known = await assignableByEmails(
      tx,
      organizationId,
      people.map((person) => person.email),
    );
    const items: AssignableUser[] = [];
    for (const person of people) {
      items.push(
        known.get(person.email) ??
          (await invitePending(tx, deps, auth, { organizationId, organizationName: name }, person)),
      );
    }
    return { items };
  });
}

/** OWNER/ADMIN of the organization, or staff; its name for the invitation mail. */
async function requireOrganizationToInvite(tx: Executor, auth: RequestAuth, organizationId: string) {
  if (!viewerOf(auth).staff) await managerRole(tx, organizationId, auth.user.id);
  const name = await organizationName(tx, organizationId);
  if (name === undefined) throw organizationNotFound();
  return name;
}

/** '+ Add New User' in the caller's transaction, audited as the roster's invitations are. */
async function invitePending(
  tx: Executor,
  deps: AppDeps,
  auth: RequestAuth,
  organization: { organizationId: string; organizationName: string },
  person: { firstName: string; lastName: string; email: string },
): Promise<AssignableUser> {
  const result = await addPendingUser(tx, {
    ...organization,
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email,
    invitedById: auth.user.id,
    publicUrl: deps.config.publicUrl,
  });
  if (result.invitationId) {
    await audit(tx, {
      ...actorOf(auth),
      action: 'invitation.create',
      subjectType: 'invitation',
      subjectId: result.invitationId,
      data: {
        kind: 'ORGANIZATION',
        targetId: organization.organizationId,
        userId: result.user.id,
        role: 'MEMBER',
        newUser: result.created,
        via: 'allocation',
      },
    });
  }
  return result.user;
}

/**
 * GET /api/my-tickets: the member's allocated tickets, institute seats, package tickets and seats on
 * paid registration requests together, soonest event first.
 */
export async function myTickets(deps: AppDeps, auth: RequestAuth): Promise<MyTicketsReply> {
  const [rows, seats, packageRows, requestSeats] = await Promise.all([
    ticketsOfUser(deps.db, auth.user.id),
    seatsOfUser(deps.db, auth.user.id),
    packageTicketsOfUser(deps.db, auth.user.id),
    registrationSeatsOfUser(deps.db, auth.user.id),
  ]);
  const tickets: UncodedTicket[] = rows.map((row) => ({
    id: row.id,
    kind: 'TICKET',
    applicationId: null,
    eventId: row.eventId,
    eventName: row.eventName,
    sectionId: row.sectionId,
    sectionTitle: row.sectionTitle,
    dates:
      row.sectionDates && row.sectionDates.length > 0
        ? [...row.sectionDates].sort()
        : daysBetween(row.startDate, row.endDate),
    startDate: row.startDate,
    endDate: row.endDate,
    locationName: row.sectionLocation ?? row.eventLocation,
    organizationName: row.organizationName,
  }));
  const instituteSeats: UncodedTicket[] = seats.map((seat) => ({
    id: seat.id,
    kind: 'INSTITUTE_SEAT',
    applicationId: seat.applicationId,
    eventId: seat.eventId,
    eventName: seat.eventName,
    sectionId: null,
    sectionTitle: null,
    dates: daysBetween(seat.startDate, seat.endDate),
    startDate: seat.startDate,
    endDate: seat.endDate,
    locationName: seat.eventLocation,
    organizationName: seat.organizationName,
  }));
  const packageTickets: UncodedTicket[] = packageRows.map((row) => ({
    id: row.id,
    kind: 'PACKAGE',
    applicationId: null,
    eventId: row.eventId,
    eventName: row.eventName,
    sectionId: null,
    sectionTitle: null,
    dates: daysBetween(row.startDate, row.endDate),
    startDate: row.startDate,
    endDate: row.endDate,
    locationName: row.eventLocation,
    organizationName: row.organizationName,
  }));
  const registrationSeats: UncodedTicket[] = requestSeats.map((seat) => ({
    id: seat.requestId,
    kind: 'REGISTRATION_SEAT',
    applicationId: null,
    eventId: seat.eventId,
    eventName: seat.eventName,
    sectionId: null,
    sectionTitle: null,
    dates: daysBetween(seat.startDate, seat.endDate),
    startDate: seat.startDate,
    endDate: seat.endDate,
    locationName: seat.eventLocation,
    organizationName: seat.organizationName,
  }));
  // Stable: tickets of one day keep their order, seats and package tickets after them.
  const items = [...tickets, ...instituteSeats, ...packageTickets, ...registrationSeats].sort((a, b) =>
    a.startDate.localeCompare(b.startDate),
  );
  // One code per event: every ticket of the member for it shows the same image.
  const images = new Map<string, string>();
  for (const eventId of new Set(items.map((item) => item.eventId)))
    images.set(eventId, await ticketQrImage(deps.config.encryptionKey, auth.user.id, eventId));
  return { items: items.map((item) => ({ ...item, qrCode: images.get(item.eventId) ?? '' })) };
}

/**
 * POST /api/admin/event-payments/:id/cancel. An unpaid payment is released (seats and coupon use
 * back) by platform/capacity; a PAID one is set CANCELLED directly, keeping its seats counted (see
 * docs/decisions/0046-ticket-allocation-impersonation-and-cancel.md). Either way allocation is blocked afterwards.
 * Cancelling twice changes nothing.
 */
export async function cancelPayment(deps: AppDeps, auth: RequestAuth, paymentId: string): Promise<CancelPaymentReply> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    if (!(await findPayment(tx, paymentId, { userId: auth.user.id, staff: true }))) throw paymentNotFound();
    await lockPayment(tx, paymentId);
    const payment = await findPayment(tx, paymentId, { userId: auth.user.id, staff: true });
    if (!payment) throw paymentNotFound();
    if (payment.status === 'CANCELLED') return { status: 'CANCELLED' as const };
    const before = payment.status;
    if (payment.status === 'PAID') await setPaymentCancelled(tx, paymentId, now);
    else await releasePayment(tx, paymentId, 'CANCELLED', now);
    await audit(tx, {
      ...actorOf(auth),
      action: 'event-payment.cancel',
      subjectType: 'event_payment',
      subjectId: paymentId,
      data: { from: before },
    });
    return { status: 'CANCELLED' as const };
  });
}
