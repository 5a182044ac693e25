import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import { ticketTransferMessages as m, type TicketTransferOptions } from '@portal/domain/tickets/ticket-transfers.ts';
import { attendanceTakers, eventDailyAttendances } from '../../db/schema/attendance.ts';
import { eventPaymentItems, eventSections, purchaseOrders } from '../../db/schema/commerce.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema/webhooks.ts';
import { ticketCode } from '../../core/ticket-codes.ts';
import { encryptField } from '../../platform/crypto.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import {
  createConferenceDay,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

// The test clock starts at 2026-11-22T15:00Z: the 22nd in New York, the provider's zone.
const t = useTestApp();
const today = '2026-11-22';
const url = '/api/ticket-transfers';

async function sessionFor(userId: string): Promise<Caller> {
  const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, { userId });
  return { cookie: `${sessionCookie}=${secret}` };
}

/**
 * A school whose ADMIN bought two tickets of a conference-day section: Hana holds one, Otto the other;
 * Cleo is a colleague holding none, Stan is in another school. `organization: false` buys for none.
 */
async function world(options: { organization?: boolean; status?: 'PAID' | 'CANCELLED' } = {}) {
  const organization = await createOrganization(t.deps.db, `School ${Math.random().toString(36).slice(2, 8)}`);
  const buyer = await signedInUser(t, 'MEMBER', { firstName: 'Bea' });
  await addMembership(t.deps.db, organization.id, buyer.user.id, 'ADMIN');
  const holder = await signedInUser(t, 'MEMBER', { firstName: 'Hana' });
  const other = await createUser(t.deps.db, { firstName: 'Otto' });
  const colleague = await signedInUser(t, 'MEMBER', { firstName: 'Cleo' });
  for (const user of [holder.user, other, colleague.user]) await addMembership(t.deps.db, organization.id, user.id);
  const stranger = await signedInUser(t, 'MEMBER', { firstName: 'Stan' });
  await addMembership(t.deps.db, (await createOrganization(t.deps.db)).id, stranger.user.id);

  const day = await createConferenceDay(t.deps.db, 40);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    ...(options.organization === false ? {} : { organizationId: organization.id }),
    status: options.status ?? 'PAID',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 2 }],
  });
  const [item] = await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
  if (!item) throw new Error('payment item not created');
  const [ticket] = await t.deps.db
    .insert(eventTickets)
    .values([
      { paymentItemId: item.id, userId: holder.user.id, eventId: day.event.id, sectionId: day.section.id },
      { paymentItemId: item.id, userId: other.id, eventId: day.event.id, sectionId: day.section.id, position: 1 },
    ])
    .returning();
  if (!ticket) throw new Error('ticket not created');
  const holderOf = async () =>
    (await t.deps.db.select().from(eventTickets).where(eq(eventTickets.id, ticket.id)))[0]?.userId;
  const pass = (recipient: unknown, caller: Caller = holder.caller) =>
    call(t.app, 'POST', url, { caller, body: { ticketId: ticket.id, recipient } });
  return { organization, buyer, holder, other, colleague, stranger, day, payment, item, ticket, holderOf, pass };
}

const transfersOf = (ticketId: string) =>
  t.deps.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'ticket.transferred'), eq(auditLog.subjectId, ticketId)));

const mailTo = (email: string) => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email));

describe('GET /api/ticket-transfers/:ticketId', () => {
  it('tells the holder whom she may pass to: a colleague of the school, or back to its buyer', async () => {
    const w = await world();
    const response = await call(t.app, 'GET', `${url}/${w.ticket.id}`, { caller: w.holder.caller });
    expect(response.statusCode).toBe(200);
    expect(response.json<TicketTransferOptions>()).toMatchObject({
      ticketId: w.ticket.id,
      eventName: w.day.event.name,
      sectionTitle: 'Coaching Writing',
      recipients: 'ORGANIZATION',
      organization: { id: w.organization.id, name: w.organization.name },
      buyer: { id: w.buyer.user.id, firstName: 'Bea' },
      refusal: null,
    });
  });

  it('is 404 for the buyer who does not hold it, a colleague and a stranger; 401 signed out; 400 for a bad id', async () => {
    const w = await world();
    for (const caller of [w.buyer.caller, w.colleague.caller, w.stranger.caller]) {
      const response = await call(t.app, 'GET', `${url}/${w.ticket.id}`, { caller });
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(m.notFound);
    }
    expect((await call(t.app, 'GET', `${url}/${w.ticket.id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `${url}/not-a-ticket`, { caller: w.holder.caller })).statusCode).toBe(400);
  });

  it('says why a ticket of a cancelled payment cannot be passed on', async () => {
    const w = await world({ status: 'CANCELLED' });
    const response = await call(t.app, 'GET', `${url}/${w.ticket.id}`, { caller: w.holder.caller });
    expect(response.json<TicketTransferOptions>().refusal).toBe(m.cancelled);
  });
});

describe('GET /api/ticket-transfers/:ticketId/recipients', () => {
  it("lists the school's people to the holder, searched", async () => {
    const w = await world();
    const response = await call(t.app, 'GET', `${url}/${w.ticket.id}/recipients?search=Cleo`, {
      caller: w.holder.caller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ items: { id: string }[] }>().items.map((u) => u.id)).toEqual([w.colleague.user.id]);
  });

  it('is 404 for anyone but the holder, and for a ticket bought for no organization; 400 for a bad page size', async () => {
    const w = await world();
    for (const caller of [w.buyer.caller, w.stranger.caller])
      expect((await call(t.app, 'GET', `${url}/${w.ticket.id}/recipients`, { caller })).statusCode).toBe(404);
    const alone = await world({ organization: false });
    expect(
      (await call(t.app, 'GET', `${url}/${alone.ticket.id}/recipients`, { caller: alone.holder.caller })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `${url}/${w.ticket.id}/recipients?pageSize=1000`, { caller: w.holder.caller }))
        .statusCode,
    ).toBe(400);
  });
});

describe('POST /api/ticket-transfers', () => {
  it('passes the ticket to a colleague: mailed both, audited, posted as ticket.transferred', async () => {
    const w = await world();
    const [endpoint] = await t.deps.db
      .insert(webhookEndpoints)
      .values({
        url: 'https://hooks.example.org/portal',
        eventTypes: ['ticket.transferred'],
        secretEncrypted: encryptField(t.deps.config.encryptionKey, 'whsec_test') ?? '',
      })
      .returning();
    const response = await w.pass({ kind: 'COLLEAGUE', userId: w.colleague.user.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      ticketId: w.ticket.id,
      recipient: { id: w.colleague.user.id, isPending: false },
      message: m.passed(`Cleo ${w.colleague.user.lastName}`),
    });
    expect(await w.holderOf()).toBe(w.colleague.user.id);

    const [received] = await mailTo(w.colleague.user.email);
    expect(received?.subject).toBe(`A ticket passed on to you: ${w.day.event.name}`);
    expect(received?.text).toContain(`Hana ${w.holder.user.lastName} has passed you a ticket`);
    // The day as every page shows it, not as it is stored (issue 39).
    expect(received?.text).toContain('Day: 12/10/2026');
    expect(received?.attachments?.map((a) => a.filename)).toEqual(['ticket.ics', 'ticket-qr.png']);
    const [passed] = await mailTo(w.holder.user.email);
    expect(passed?.text).toContain('Your ticket code for it no longer admits you');

    const [entry] = await transfersOf(w.ticket.id);
    expect(entry).toMatchObject({
      actorId: w.holder.user.id,
      subjectType: 'event_ticket',
      data: { fromUserId: w.holder.user.id, toUserId: w.colleague.user.id, returnedToBuyer: false },
    });
    const deliveries = await t.deps.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpoint?.id ?? ''));
    expect(deliveries.map((d) => d.eventType)).toEqual(['ticket.transferred']);
    await t.deps.db.update(webhookEndpoints).set({ enabled: false });

    // The ticket is now Cleo's: Hana has nothing left to pass, and Cleo may pass it on again.
    expect((await w.pass({ kind: 'BUYER' })).statusCode).toBe(404);
    expect((await w.pass({ kind: 'COLLEAGUE', userId: w.holder.user.id }, w.colleague.caller)).statusCode).toBe(200);
  });

  it('gives the ticket back to its buyer', async () => {
    const w = await world();
    const response = await w.pass({ kind: 'BUYER' });
    expect(response.statusCode).toBe(200);
    expect(await w.holderOf()).toBe(w.buyer.user.id);
    expect((await transfersOf(w.ticket.id))[0]?.data).toMatchObject({ returnedToBuyer: true });
    expect((await mailTo(w.buyer.user.email)).map((mail) => mail.subject)).toContain(
      `A ticket passed on to you: ${w.day.event.name}`,
    );
  });

  it('passes a ticket bought for no organization to anyone, by email: a new person is made pending', async () => {
    const w = await world({ organization: false });
    const response = await w.pass({ kind: 'EMAIL', email: ' Nia@Elsewhere.org ', firstName: 'Nia', lastName: 'Ng' });
    expect(response.statusCode).toBe(200);
    expect(response.json().recipient).toMatchObject({ email: 'nia@elsewhere.org', isPending: true });
    const [nia] = await t.deps.db.select().from(users).where(eq(users.email, 'nia@elsewhere.org'));
    expect(await w.holderOf()).toBe(nia?.id);
    expect((await mailTo('nia@elsewhere.org'))[0]?.text).toContain('Forgot password');
  });

  it.each([
    ['the buyer who does not hold it', 'buyer'],
    ['a colleague', 'colleague'],
    ['someone of another school', 'stranger'],
  ] as const)("is 404 for someone else's ticket: %s; nothing changes", async (_, who) => {
    const w = await world();
    const response = await w.pass({ kind: 'BUYER' }, w[who].caller);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(await w.holderOf()).toBe(w.holder.user.id);
    expect(await transfersOf(w.ticket.id)).toEqual([]);
  });

  it('is 401 signed out', async () => {
    const w = await world();
    expect(
      (await call(t.app, 'POST', url, { body: { ticketId: w.ticket.id, recipient: { kind: 'BUYER' } } })).statusCode,
    ).toBe(401);
  });

  it.each([
    ['no recipient', { ticketId: '0b6b7f6e-2f1a-4d36-9a8c-1d2e3f405060' }],
    ['an unknown kind', { ticketId: '0b6b7f6e-2f1a-4d36-9a8c-1d2e3f405060', recipient: { kind: 'ANYONE' } }],
    ['a bad email', { ticketId: '0b6b7f6e-2f1a-4d36-9a8c-1d2e3f405060', recipient: { kind: 'EMAIL', email: 'x' } }],
    ['not a ticket id', { ticketId: 'abc', recipient: { kind: 'BUYER' } }],
  ])('is 400 for bad input: %s', async (_, body) => {
    const w = await world();
    const response = await call(t.app, 'POST', url, { caller: w.holder.caller, body });
    expect(response.statusCode).toBe(400);
  });

  it('refuses each ticket that cannot be passed on (409), leaving it with its holder', async () => {
    const cancelled = await world({ status: 'CANCELLED' });
    const voided = await world();
    await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: voided.payment.id,
      userId: voided.buyer.user.id,
      organizationId: voided.organization.id,
      pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await t.deps.db
      .update(purchaseOrders)
      .set({ status: 'VOIDED' })
      .where(eq(purchaseOrders.paymentId, voided.payment.id));
    const ended = await world();
    await t.deps.db
      .update(eventSections)
      .set({ dates: ['2026-11-21'] })
      .where(eq(eventSections.id, ended.day.section.id));
    const attended = await world();
    await t.deps.db
      .update(eventSections)
      .set({ dates: [today] })
      .where(eq(eventSections.id, attended.day.section.id));
    await t.deps.db.insert(eventDailyAttendances).values({
      eventId: attended.day.event.id,
      sectionId: attended.day.section.id,
      userId: attended.holder.user.id,
      date: today,
      attended: true,
    });
    for (const [w, message] of [
      [cancelled, m.cancelled],
      [voided, m.cancelled],
      [ended, m.ended],
      [attended, m.attended],
    ] as const) {
      const response = await w.pass({ kind: 'COLLEAGUE', userId: w.colleague.user.id });
      expect(response.statusCode, message).toBe(409);
      expect(response.json().detail).toBe(message);
      expect(await w.holderOf()).toBe(w.holder.user.id);
      expect(await transfersOf(w.ticket.id)).toEqual([]);
    }
  });

  it('refuses each person who may not take it, with the reason; nothing changes', async () => {
    const w = await world();
    const cases: [unknown, number, string][] = [
      [{ kind: 'COLLEAGUE', userId: w.holder.user.id }, 422, m.toSelf],
      [{ kind: 'COLLEAGUE', userId: w.stranger.user.id }, 422, m.notColleague(w.organization.name)],
      [{ kind: 'COLLEAGUE', userId: w.other.id }, 422, m.alreadyHolds],
      [{ kind: 'COLLEAGUE', userId: '0b6b7f6e-2f1a-4d36-9a8c-1d2e3f405060' }, 400, m.colleagueRequired],
      [
        { kind: 'EMAIL', email: 'zoe@elsewhere.org', firstName: 'Zoe', lastName: 'Zhu' },
        400,
        m.notColleague(w.organization.name),
      ],
    ];
    for (const [recipient, status, message] of cases) {
      const response = await w.pass(recipient);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().detail).toBe(message);
    }
    expect(await w.holderOf()).toBe(w.holder.user.id);
    expect(await transfersOf(w.ticket.id)).toEqual([]);
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'zoe@elsewhere.org'))).toEqual([]);
  });

  it('refuses giving back a ticket its holder bought herself, and picking a colleague for one bought for no organization', async () => {
    const w = await world({ organization: false });
    await t.deps.db.update(eventTickets).set({ userId: w.buyer.user.id }).where(eq(eventTickets.id, w.ticket.id));
    const back = await w.pass({ kind: 'BUYER' }, w.buyer.caller);
    expect(back.statusCode).toBe(409);
    expect(back.json().detail).toBe(m.noOtherBuyer);
    const colleague = await w.pass({ kind: 'COLLEAGUE', userId: w.colleague.user.id }, w.buyer.caller);
    expect(colleague.statusCode).toBe(400);
  });

  it('makes one change of two passes of the same ticket at the same moment', async () => {
    const w = await world();
    const responses = await Promise.all([
      w.pass({ kind: 'COLLEAGUE', userId: w.colleague.user.id }),
      w.pass({ kind: 'BUYER' }),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses[0]).toBe(200);
    expect([404, 409]).toContain(statuses[1]);
    expect(await transfersOf(w.ticket.id)).toHaveLength(1);
    const winner = responses.find((r) => r.statusCode === 200)?.json().recipient.id;
    expect(await w.holderOf()).toBe(winner);
    const holders = await t.deps.db
      .select()
      .from(eventTickets)
      .where(inArray(eventTickets.userId, [w.colleague.user.id, w.buyer.user.id]));
    expect(holders).toHaveLength(1);
  });
});

describe("after a pass, the taker's scan", () => {
  it("refuses the old holder's code and marks the new holder by theirs", async () => {
    const w = await world();
    await t.deps.db
      .update(eventSections)
      .set({ dates: [today] })
      .where(eq(eventSections.id, w.day.section.id));
    const taker = await createUser(t.deps.db, { firstName: 'Tess' });
    await t.deps.db.insert(attendanceTakers).values({ userId: taker.id, eventId: w.day.event.id, sectionId: null });
    const takerCaller = await sessionFor(taker.id);
    const scan = (userId: string) =>
      call(t.app, 'POST', `/api/events/${w.day.event.id}/attendance/${w.day.section.id}/scan`, {
        caller: takerCaller,
        body: { code: ticketCode(t.deps.config.encryptionKey, userId, w.day.event.id), date: today },
      });
    const oldCode = ticketCode(t.deps.config.encryptionKey, w.holder.user.id, w.day.event.id);
    const newCode = ticketCode(t.deps.config.encryptionKey, w.colleague.user.id, w.day.event.id);
    expect(newCode).not.toBe(oldCode);

    expect((await w.pass({ kind: 'COLLEAGUE', userId: w.colleague.user.id })).statusCode).toBe(200);
    const refused = await scan(w.holder.user.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(ticketScanMessages.notHolder);
    const accepted = await scan(w.colleague.user.id);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ outcome: 'MARKED', person: { userId: w.colleague.user.id } });
  });
});
