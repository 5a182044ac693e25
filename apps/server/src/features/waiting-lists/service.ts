import {
  joinRefusal,
  offerRefusal,
  waitingListMessages,
  type JoinWaitingListInput,
  type MyWaitingListEntry,
  type MyWaitingListReply,
  type OfferCheckoutReply,
} from '@portal/domain/events/waiting-lists.ts';
import { formatCents } from '@portal/domain/money.ts';
import { lineRefusal, purchaseRefusals } from '@portal/domain/events/catalogue.ts';
import { calendarDateIn, formatMomentWithZone } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Transaction } from '../../db/client.ts';
import {
  endWaitingListEntry,
  expireHolds,
  feedWaitingLists,
  lockWaitingListSeats,
  releaseSeats,
} from '../../core/capacity.ts';
import type { OpenedPayment } from '../../core/event-payments.ts';
import { openEventPayment, payOnce, type PaymentToAnswer } from '../../core/idempotent-payments.ts';
import { managedOrganizationIds } from '../../core/memberships.ts';
import { successPath } from '../../core/payment-paths.ts';
import { claimOffer, countActiveEntries, findEntry, insertEntry, linkOfferPayment } from '../../core/waiting-lists.ts';
import { keyUsedForAnotherRequest, type IdempotentRequest } from '../../platform/idempotency.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { JobHandler } from '../../platform/jobs.ts';
import { queueMail } from '../../platform/mail.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { activeEntriesOfMember, entryOfMember, offerMailFacts, joinTerms, waitingListSwitch } from './repository.ts';

const entryNotFound = () => notFound(waitingListMessages.notFound);

/** GET /api/waiting-lists/events/:eventId: whether the event takes joins, and her entries with their places. */
export async function myWaitingLists(deps: AppDeps, auth: RequestAuth, eventId: string): Promise<MyWaitingListReply> {
  // Offers run out on the hold sweep: what she sees never waits for the job.
  await expireHolds(deps.db, deps.clock());
  const event = await waitingListSwitch(deps.db, eventId);
  if (!event) throw notFound('No such event.');
  return { enabled: event.enabled, entries: await activeEntriesOfMember(deps.db, auth.user.id, eventId) };
}

/** GET /api/waiting-lists/entries/:entryId: one of her entries (the offer page). */
export async function myEntry(deps: AppDeps, auth: RequestAuth, entryId: string): Promise<MyWaitingListEntry> {
  await expireHolds(deps.db, deps.clock());
  const entry = await entryOfMember(deps.db, auth.user.id, entryId);
  if (!entry) throw entryNotFound();
  return entry;
}

/**
 * POST /api/waiting-lists/entries: she joins the list of a sold-out section (or event), for herself or for a
 * school she manages, under the list's bucket locks (capacity.lockWaitingListSeats): what is left and who waits
 * cannot change before the commit. Seats free now go to the list at once (to her, if she is first).
 */
export async function joinWaitingList(
  deps: AppDeps,
  auth: RequestAuth,
  input: JoinWaitingListInput,
): Promise<MyWaitingListEntry> {
  const now = deps.clock();
  if (input.organizationId && !(await managedOrganizationIds(deps.db, auth.user.id)).includes(input.organizationId))
    throw badRequest('Choose a school you manage.', { organizationId: 'Choose a school you manage.' });
  const terms = await joinTerms(deps.db, input);
  if (!terms) throw notFound('No such event.');
  // Only what the catalogue sells has a waiting list: not an event taking applications, nor one whose sale closed.
  const refusal = lineRefusal(terms, calendarDateIn(now, deps.config.timeZone));
  if (refusal) throw conflict(purchaseRefusals[refusal]);
  const list = { eventId: input.eventId, sectionId: input.sectionId };
  const entryId = await deps.db.transaction(async (tx) => {
    const seats = await lockWaitingListSeats(tx, list);
    if (!seats) throw notFound('No such event or section.');
    const joinRefused = joinRefusal({
      enabled: seats.enabled,
      remaining: seats.remaining,
      quantity: input.quantity,
      activeEntries: await countActiveEntries(tx, list),
      alreadyOnList: false,
    });
    if (joinRefused) throw conflict(waitingListMessages[joinRefused]);
    const id = await insertEntry(tx, {
      ...list,
      ticketTypeId: input.ticketTypeId,
      userId: auth.user.id,
      organizationId: input.organizationId,
      quantity: input.quantity,
    });
    if (!id) throw conflict(waitingListMessages.alreadyOnList);
    await audit(tx, {
      ...actorOf(auth),
      action: 'waiting-list.join',
      subjectType: 'waiting_list_entry',
      subjectId: id,
      data: { quantity: input.quantity },
    });
    await feedWaitingLists(tx, [list], now);
    return id;
  });
  return myEntry(deps, auth, entryId);
}

/** DELETE /api/waiting-lists/entries/:entryId: she leaves; what her entry held goes to the next in line. */
export async function leaveWaitingList(deps: AppDeps, auth: RequestAuth, entryId: string): Promise<MyWaitingListEntry> {
  const entry = await findEntry(deps.db, entryId);
  if (!entry || entry.userId !== auth.user.id) throw entryNotFound();
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    if (!(await endWaitingListEntry(tx, entryId, 'LEFT', now))) throw conflict(waitingListMessages.notActive);
    await audit(tx, {
      ...actorOf(auth),
      action: 'waiting-list.leave',
      subjectType: 'waiting_list_entry',
      subjectId: entryId,
      data: {},
    });
  });
  return myEntry(deps, auth, entryId);
}

/** Where she goes for an offer's payment that exists; null for a card payment not yet at its provider. */
function redirectOf(payment: PaymentToAnswer): string | null {
  if (payment.status === 'PAID') return successPath(payment.id, 'free');
  return payment.checkoutUrl;
}

const toAnswer = (payment: OpenedPayment): PaymentToAnswer => ({ ...payment, applicationId: null });

/**
 * The pay transaction of an offer: under the list's bucket locks the entry becomes USED (waiting-lists.claimOffer:
 * exactly once, only while the offer runs), its seats are given back and at once taken by the new card payment
 * (core/idempotent-payments.openEventPayment), so they pass from the offer to the payment and to no one else.
 */
async function openOfferPayment(
  deps: AppDeps,
  tx: Transaction,
  auth: RequestAuth,
  entryId: string,
  idempotency: IdempotentRequest,
  now: Date,
) {
  const entry = await findEntry(tx, entryId);
  const offer = await entryOfMember(tx, auth.user.id, entryId);
  if (!entry || !offer) throw entryNotFound();
  const list = { eventId: entry.eventId, sectionId: entry.sectionId };
  await lockWaitingListSeats(tx, list);
  const seats = [{ ...list, numberOfTickets: entry.quantity, title: offer.title }];
  if (!(await claimOffer(tx, entryId, auth.user.id, now))) {
    throw conflict(waitingListMessages[offerRefusal(entry, now) ?? 'offerUsed']);
  }
  await releaseSeats(tx, seats);
  const payment = await openEventPayment(
    deps,
    tx,
    {
      userId: auth.user.id,
      organizationId: entry.organizationId,
      method: 'CARD',
      subtotalCents: offer.totalCents,
      discountCents: 0,
      totalCents: offer.totalCents,
      couponId: null,
      idempotency,
      items: [
        {
          eventId: entry.eventId,
          sectionId: entry.sectionId,
          ticketTypeId: entry.ticketTypeId,
          title: offer.title,
          numberOfTickets: entry.quantity,
          priceCents: offer.priceCents,
        },
      ],
      seats,
    },
    now,
  );
  await linkOfferPayment(tx, entryId, payment.id);
  await audit(tx, {
    ...actorOf(auth),
    action: 'waiting-list.checkout',
    subjectType: 'event_payment',
    subjectId: payment.id,
    data: { entryId, totalCents: offer.totalCents, tickets: entry.quantity },
  });
  return { payment: toAnswer(payment), description: `${entry.quantity} × ${offer.title}` };
}

/**
 * POST /api/waiting-lists/entries/:entryId/checkout: she buys her offer by card, once per Idempotency-Key
 * (core/idempotent-payments.payOnce): a double click or a retry answers the payment the first call made. An
 * offer used already, run out, or not made is refused (409); someone else's entry does not exist (404).
 */
export async function checkoutOffer(
  deps: AppDeps,
  auth: RequestAuth,
  entryId: string,
  idempotency: IdempotentRequest,
): Promise<OfferCheckoutReply> {
  return payOnce(deps, auth, {
    idempotency,
    replayed: async (made) => {
      const entry = await findEntry(deps.db, entryId);
      if (entry?.paymentId !== made.id) throw keyUsedForAnotherRequest();
      return toAnswer(made);
    },
    replayDescription: 'Event tickets',
    open: (tx, now) => openOfferPayment(deps, tx, auth, entryId, idempotency, now),
    redirectOf,
  });
}

export const offerPath = (entryId: string) => `/members/waiting-lists/offers/${entryId}`;

/** The offer's mail, queued by the job an offer enqueues (waiting-lists.offerMailJob); none once it is over. */
export function offerMailJobHandler(deps: Pick<AppDeps, 'db' | 'config'>): JobHandler {
  return async (payload) => {
    const entryId = String(payload.entryId);
    const offer = await offerMailFacts(deps.db, entryId);
    if (!offer || offer.status !== 'OFFERED' || !offer.offerExpiresAt) return;
    const link = `${deps.config.publicUrl}${offerPath(entryId)}`;
    const until = formatMomentWithZone(offer.offerExpiresAt, deps.config.timeZone);
    await queueMail(deps.db, {
      to: offer.email,
      subject: `Seats for you: ${offer.title}`,
      text: [
        `Hello ${offer.firstName},`,
        '',
        `Seats came free on the waiting list you joined: ${offer.quantity} × ${offer.title}` +
          ` (${formatCents(offer.totalCents)}). They are held for you until ${until}.`,
        '',
        `Buy them here: ${link}`,
        '',
        'If you do not buy them by then, they pass to the next person waiting.',
      ].join('\n'),
    });
  };
}

/** An offer's run-out job (waiting-lists.offerExpiryJob): ends it if it is due and unused; the hold sweep too. */
export function offerExpiryJobHandler(deps: Pick<AppDeps, 'db' | 'clock'>): JobHandler {
  return async (payload) => {
    const now = deps.clock();
    await deps.db.transaction(async (tx) => endWaitingListEntry(tx, String(payload.entryId), 'EXPIRED', now, now));
  };
}
