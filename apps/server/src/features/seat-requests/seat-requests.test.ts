import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  seatRequestTexts,
  type MySeatRequests,
  type OrganizationSeatRequestPage,
  type SeatRequestRow,
} from '@portal/domain/tickets/seat-requests.ts';
import { cartItems, eventPaymentItems, events, eventSections } from '../../db/schema/commerce.ts';
import { mailMessages } from '../../db/schema/platform.ts';
import { seatRequests } from '../../db/schema/seat-requests.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const ask = (caller: Caller, body: object) => call(t.app, 'POST', '/api/seat-requests', { caller, body });
const decide = (caller: Caller, requestId: string, body: object) =>
  call(t.app, 'POST', `/api/seat-requests/${requestId}/decision`, { caller, body });
const mailsTo = (email: string) =>
  t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(mailMessages.createdAt);

/** A school (owner, admin, teacher, another member), a conference day, and the school's paid line of two tickets. */
async function school(ticketsBought = 2) {
  const { db } = t.deps;
  const organization = await createOrganization(db);
  const owner = await signedInUser(t, 'MEMBER', { firstName: 'Olive' });
  const admin = await signedInUser(t, 'MEMBER', { firstName: 'Adam' });
  const teacher = await signedInUser(t, 'MEMBER', { firstName: 'Tara' });
  const colleague = await signedInUser(t, 'MEMBER', { firstName: 'Cole' });
  await addMembership(db, organization.id, owner.user.id, 'OWNER');
  await addMembership(db, organization.id, admin.user.id, 'ADMIN');
  await addMembership(db, organization.id, teacher.user.id);
  await addMembership(db, organization.id, colleague.user.id);
  const day = await createConferenceDay(db);
  const payment = await createPayment(db, {
    userId: owner.user.id,
    organizationId: organization.id,
    status: 'PAID',
    lines: [
      {
        eventId: day.event.id,
        ticketTypeId: day.ticketType.id,
        sectionId: day.section.id,
        numberOfTickets: ticketsBought,
      },
    ],
  });
  const [line] = await db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!line) throw new Error('no line');
  const request = { eventId: day.event.id, organizationId: organization.id, sectionId: day.section.id, note: 'Please' };
  return { organization, owner, admin, teacher, colleague, day, line, request };
}

async function asked(s: Awaited<ReturnType<typeof school>>) {
  const response = await ask(s.teacher.caller, s.request);
  expect(response.statusCode).toBe(201);
  return response.json<SeatRequestRow>();
}

describe('POST /api/seat-requests (Ask my school)', () => {
  it('records the request and mails the owner and the admins, not the other members', async () => {
    const s = await school();
    const request = await asked(s);
    expect(request).toMatchObject({ status: 'REQUESTED', note: 'Please', sectionTitle: 'Coaching Writing' });
    expect(await mailsTo(s.owner.user.email)).toHaveLength(1);
    const [mail] = await mailsTo(s.admin.user.email);
    expect(mail?.subject).toContain(`asks for a seat: ${s.day.event.name}`);
    expect(mail?.text).toContain('Her note: Please');
    expect(await mailsTo(s.colleague.user.email)).toEqual([]);
  });

  it('refuses someone who is not a member of the organization', async () => {
    const s = await school();
    const stranger = await signedInUser(t);
    const response = await ask(stranger.caller, s.request);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toBe(seatRequestTexts.notMember);
  });

  it('refuses a second open request, a bad input, a missing section and a section of another event', async () => {
    const s = await school();
    await asked(s);
    const again = await ask(s.teacher.caller, s.request);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(seatRequestTexts.alreadyOpen);
    expect((await ask(s.colleague.caller, { ...s.request, eventId: 'nope' })).statusCode).toBe(400);
    const long = await ask(s.colleague.caller, { ...s.request, note: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(seatRequestTexts.noteTooLong);
    const noSection = await ask(s.colleague.caller, { ...s.request, sectionId: null });
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().detail).toBe(seatRequestTexts.sectionRequired);
    const other = await createConferenceDay(t.deps.db);
    const foreign = await ask(s.colleague.caller, { ...s.request, sectionId: other.section.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(seatRequestTexts.sectionUnknown);
  });

  /** The school's one ticket held by her colleague, and the section's one seat gone with it. */
  async function fullSection() {
    const s = await school(1);
    await t.deps.db.insert(eventTickets).values({
      paymentItemId: s.line.id,
      userId: s.colleague.user.id,
      eventId: s.day.event.id,
      sectionId: s.day.section.id,
    });
    await t.deps.db
      .update(eventSections)
      .set({ maxTickets: 1, ticketsTaken: 1 })
      .where(eq(eventSections.id, s.day.section.id));
    return s;
  }

  it('offers the waiting list for a full section the school holds no ticket for, and the list takes her', async () => {
    const s = await fullSection();
    const full = await ask(s.teacher.caller, s.request);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({
      detail: seatRequestTexts.sectionFull,
      errors: { sectionId: seatRequestTexts.sectionFull },
    });
    expect(await t.deps.db.select().from(seatRequests).where(eq(seatRequests.userId, s.teacher.user.id))).toEqual([]);
    expect(await mailsTo(s.owner.user.email)).toEqual([]);
    const joined = await call(t.app, 'POST', '/api/waiting-lists/entries', {
      caller: s.teacher.caller,
      body: {
        eventId: s.day.event.id,
        sectionId: s.day.section.id,
        ticketTypeId: s.day.ticketType.id,
        quantity: 1,
        organizationId: null,
      },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'WAITING', position: 1, sectionId: s.day.section.id });
  });

  it('says a full section has no waiting list when the event keeps none', async () => {
    const s = await fullSection();
    await t.deps.db.update(events).set({ waitingListEnabled: false }).where(eq(events.id, s.day.event.id));
    const full = await ask(s.teacher.caller, s.request);
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe(seatRequestTexts.sectionFullNoWaitingList);
  });

  it('takes a request for a full section the school still holds a ticket for', async () => {
    const s = await school(1);
    await t.deps.db.update(eventSections).set({ maxTickets: 1 }).where(eq(eventSections.id, s.day.section.id));
    await asked(s);
  });
});

describe('GET /api/seat-requests/organizations/:organizationId', () => {
  it('lists the waiting requests with their count and the school’s free tickets, to its owner and admins only', async () => {
    const s = await school();
    const request = await asked(s);
    for (const manager of [s.owner, s.admin]) {
      const response = await call(t.app, 'GET', `/api/seat-requests/organizations/${s.organization.id}`, {
        caller: manager.caller,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<OrganizationSeatRequestPage>();
      expect(page.waiting).toBe(1);
      expect(page.items.map((item) => item.id)).toEqual([request.id]);
      expect(page.items[0]?.unallocatedTickets).toEqual([
        {
          paymentItemId: s.line.id,
          title: `${s.day.event.name}: Coaching Writing`,
          sectionId: s.day.section.id,
          free: 2,
        },
      ]);
    }
    const member = await call(t.app, 'GET', `/api/seat-requests/organizations/${s.organization.id}`, {
      caller: s.colleague.caller,
    });
    // As every manager's page of an organization: anyone else is told it does not exist (core/memberships managerRole).
    expect(member.statusCode).toBe(404);
    const bad = await call(t.app, 'GET', `/api/seat-requests/organizations/${s.organization.id}?status=MAYBE`, {
      caller: s.owner.caller,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('POST /api/seat-requests/:id/decision', () => {
  it('approves from the school’s unallocated tickets: she holds one, is mailed, and sees it approved', async () => {
    const s = await school();
    const request = await asked(s);
    const response = await decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(seatRequestTexts.approved);
    const held = await t.deps.db
      .select()
      .from(eventTickets)
      .where(and(eq(eventTickets.paymentItemId, s.line.id), eq(eventTickets.userId, s.teacher.user.id)));
    expect(held).toHaveLength(1);
    const [mail] = await mailsTo(s.teacher.user.email);
    expect(mail?.text).toContain('approved your request');
    const mine = await call(t.app, 'GET', '/api/seat-requests/mine', { caller: s.teacher.caller });
    expect(mine.json<MySeatRequests>().items).toEqual([
      expect.objectContaining({
        id: request.id,
        status: 'APPROVED',
        statusLabel: 'Approved: your ticket is under My tickets',
      }),
    ]);
    const twice = await decide(s.admin.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(seatRequestTexts.alreadyDecided);
    const declineAfter = await decide(s.admin.caller, request.id, { decision: 'DECLINE', reason: 'No' });
    expect(declineAfter.statusCode).toBe(409);
  });

  it('approves once when two managers decide at the same moment', async () => {
    const s = await school();
    const request = await asked(s);
    const answers = await Promise.all([
      decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id }),
      decide(s.admin.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await t.deps.db.select().from(eventTickets).where(eq(eventTickets.paymentItemId, s.line.id))).toHaveLength(
      1,
    );
  });

  it('refuses a member deciding, and a stranger', async () => {
    const s = await school();
    const request = await asked(s);
    const member = await decide(s.colleague.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id });
    expect(member.statusCode).toBe(403);
    expect(member.json().detail).toBe(seatRequestTexts.notManager);
    const stranger = await signedInUser(t);
    expect((await decide(stranger.caller, request.id, { decision: 'DECLINE', reason: 'x' })).statusCode).toBe(403);
    expect((await decide(s.owner.caller, randomUUID(), { decision: 'DECLINE', reason: 'x' })).statusCode).toBe(404);
  });

  it('refuses approving with no unallocated ticket left on the line', async () => {
    const s = await school(1);
    await t.deps.db.insert(eventTickets).values({
      paymentItemId: s.line.id,
      userId: s.colleague.user.id,
      eventId: s.day.event.id,
      sectionId: s.day.section.id,
    });
    const request = await asked(s);
    const response = await decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: s.line.id });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(seatRequestTexts.noUnallocatedTicket);
  });

  it('refuses a ticket of another event, and a ticket of another school', async () => {
    const s = await school();
    const request = await asked(s);
    const other = await createConferenceDay(t.deps.db);
    const otherPayment = await createPayment(t.deps.db, {
      userId: s.owner.user.id,
      organizationId: s.organization.id,
      status: 'PAID',
      lines: [
        { eventId: other.event.id, ticketTypeId: other.ticketType.id, sectionId: other.section.id, numberOfTickets: 1 },
      ],
    });
    const [otherLine] = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, otherPayment.id));
    const wrongEvent = await decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: otherLine?.id });
    expect(wrongEvent.statusCode).toBe(400);
    expect(wrongEvent.json().detail).toBe(seatRequestTexts.ticketOfAnotherEvent);
    const elsewhere = await school();
    const foreign = await decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: elsewhere.line.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toBe(seatRequestTexts.ticketNotAvailable);
    expect((await decide(s.owner.caller, request.id, { decision: 'ASSIGN', paymentItemId: 'x' })).statusCode).toBe(400);
  });

  it('declines with a reason, which she is mailed; a decline without one is refused', async () => {
    const s = await school();
    const request = await asked(s);
    const blank = await decide(s.admin.caller, request.id, { decision: 'DECLINE', reason: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain(seatRequestTexts.reasonRequired);
    const declined = await decide(s.admin.caller, request.id, { decision: 'DECLINE', reason: 'Budget is spent' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().request).toMatchObject({ status: 'DECLINED', declineReason: 'Budget is spent' });
    const [mail] = await mailsTo(s.teacher.user.email);
    expect(mail?.text).toContain('Their reason: Budget is spent');
  });

  it('puts a ticket for her in the manager’s cart and keeps the request open', async () => {
    const s = await school();
    const request = await asked(s);
    const response = await decide(s.owner.caller, request.id, { decision: 'ADD_TO_CART' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ message: seatRequestTexts.addedToCart, request: { status: 'REQUESTED' } });
    const cart = await t.deps.db.select().from(cartItems).where(eq(cartItems.userId, s.owner.user.id));
    expect(cart).toEqual([
      expect.objectContaining({ eventId: s.day.event.id, sectionId: s.day.section.id, numberOfTickets: 1 }),
    ]);
  });
});
