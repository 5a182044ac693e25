import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  allocationMessages,
  maxListedAssignees,
  type AllocationReply,
  type MyTicketsReply,
} from '@portal/domain/tickets/allocation.ts';
import { paymentMessages, type EventPaymentPage } from '@portal/domain/commerce/payments.ts';
import { purchaseClosedMessage } from '@portal/domain/commerce/purchase-window.ts';
import {
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  eventSections,
  purchaseOrders,
} from '../../db/schema/commerce.ts';
import { invitations } from '../../db/schema/organizations.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import { users } from '../../db/schema/users.ts';
import { createSession, sessionCookie } from '../../platform/sessions.ts';
import { pngBase64 } from '../../platform/qr-codes.ts';
import { ticketQrImage } from '../../core/ticket-codes.ts';
import {
  createConferenceDay,
  createEvent,
  createPayment,
  createPurchaseOrder,
  signedInUser,
} from '../../test/commerce-factories.ts';
import { paidInstituteSeat } from '../../test/application-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, type Caller, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/** An ADMIN of a school whose PAID payment bought 3 tickets of a conference-day section, and 4 staff. */
async function paidConferenceDay(status: 'PAID' | 'AWAITING_PO' | 'CANCELLED' = 'PAID') {
  const admin = await signedInUser(t, 'MEMBER', { firstName: 'Ada' });
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, admin.user.id, 'ADMIN');
  const day = await createConferenceDay(t.deps.db, 40);
  const payment = await createPayment(t.deps.db, {
    userId: admin.user.id,
    organizationId: organization.id,
    status,
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
  });
  const staff = [];
  for (const firstName of ['Sam', 'Sue', 'Sid', 'Sol']) {
    const user = await createUser(t.deps.db, { firstName });
    await addMembership(t.deps.db, organization.id, user.id);
    staff.push(user);
  }
  const url = `/api/event-payments/${payment.id}/allocation`;
  const read = async (caller: Caller = admin.caller) =>
    (await call(t.app, 'GET', url, { caller })).json<AllocationReply>();
  const itemId = async () => (await read()).events[0]?.sections[0]?.itemId ?? '';
  return { admin, organization, day, payment, staff, url, read, itemId };
}

async function outsider() {
  const stranger = await signedInUser(t);
  const other = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, other.id, stranger.user.id, 'ADMIN');
  return stranger;
}

describe('GET /api/event-payments/:id/allocation', () => {
  it('shows a conference-day payment to an ADMIN of its organization, open and unallocated', async () => {
    const s = await paidConferenceDay();
    const response = await call(t.app, 'GET', s.url, { caller: s.admin.caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      eventPaymentId: s.payment.id,
      organizationId: s.organization.id,
      kind: 'CONFERENCE_DAY',
      blocked: null,
      events: [
        {
          eventId: s.day.event.id,
          closedMessage: null,
          sections: [
            {
              sectionId: s.day.section.id,
              title: 'Coaching Writing',
              dates: ['2026-12-10'],
              maxTickets: 40,
              numberOfTickets: 3,
              assignedUsers: [],
            },
          ],
        },
      ],
    });
  });

  it('is 404 for an ADMIN of another organization and 401 signed out', async () => {
    const s = await paidConferenceDay();
    const stranger = await outsider();
    expect((await call(t.app, 'GET', s.url, { caller: stranger.caller })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', s.url, { caller: stranger.caller, body: { items: [] } })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', s.url)).statusCode).toBe(401);
  });

  it('is 404 for a plain MEMBER of the organization who did not buy it', async () => {
    const s = await paidConferenceDay();
    const member = await signedInUser(t);
    await addMembership(t.deps.db, s.organization.id, member.user.id, 'MEMBER');
    expect((await call(t.app, 'GET', s.url, { caller: member.caller })).statusCode).toBe(404);
  });
});

describe('PUT /api/event-payments/:id/allocation', () => {
  it('assigns tickets, mails each new holder with a calendar, audits, and lists the holders', async () => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const [sam, sue] = s.staff;
    const response = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: [sam?.id, sue?.id] }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<AllocationReply>().events[0]?.sections[0]?.assignedUsers.map((u) => u.firstName)).toEqual([
      'Sam',
      'Sue',
    ]);

    const [mail] = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, sam?.email ?? ''));
    expect(mail?.subject).toBe(`Your ticket for ${s.day.event.name}`);
    expect(mail?.text).toContain('Section: Coaching Writing');
    expect(mail?.text).toContain('Day: 12/10/2026');
    expect(mail?.attachments?.[0]).toMatchObject({ filename: 'ticket.ics' });
    expect(mail?.attachments?.[0]?.content).toContain('DTSTART;VALUE=DATE:20261210');
    // The ticket's QR code, as a PNG of Sam's code for the event, attached and inside the calendar file.
    const qr = mail?.attachments?.[1];
    expect(qr).toMatchObject({ filename: 'ticket-qr.png', contentType: 'image/png', encoding: 'base64' });
    expect(qr?.content).toBe(
      pngBase64(await ticketQrImage(t.deps.config.encryptionKey, sam?.id ?? '', s.day.event.id)),
    );
    expect(mail?.attachments?.[0]?.content.replace(/\r\n /g, '')).toContain(`X-FILENAME=ticket-qr.png:${qr?.content}`);
    expect(mail?.text).toContain('ticket-qr.png');
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'allocation.save'), eq(auditLog.subjectId, s.payment.id)));
    expect(audits).toHaveLength(1);

    // Replacing Sue by Sid mails only Sid; Sam keeps his ticket (and gets no second mail).
    await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: [sam?.id, s.staff[2]?.id] }] },
    });
    expect(
      await t.deps.db
        .select()
        .from(mailMessages)
        .where(eq(mailMessages.to, sam?.email ?? '')),
    ).toHaveLength(1);
    expect((await s.read()).events[0]?.sections[0]?.assignedUsers.map((u) => u.firstName)).toEqual(['Sam', 'Sid']);
    // The saved order is kept when only the order changes.
    await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: [s.staff[2]?.id, sam?.id] }] },
    });
    expect((await s.read()).events[0]?.sections[0]?.assignedUsers.map((u) => u.firstName)).toEqual(['Sid', 'Sam']);
    // 'Manage Events' shows the progress.
    const list = await call(t.app, 'GET', '/api/event-payments', { caller: s.admin.caller });
    expect(list.json<EventPaymentPage>().items.find((p) => p.id === s.payment.id)).toMatchObject({
      numberOfTickets: 3,
      allocatedTickets: 2,
    });
  });

  it.each([
    ['overallocated', (ids: string[]) => ids.slice(0, 4), allocationMessages.overallocated],
    ['the same user twice', (ids: string[]) => [ids[0] ?? '', ids[0] ?? ''], allocationMessages.duplicate],
  ])('refuses %s with 400 and the message', async (_, pick, message) => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const response = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: pick(s.staff.map((u) => u.id)) }] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: message });
    expect(await t.deps.db.select().from(eventTickets).where(eq(eventTickets.paymentItemId, itemId))).toHaveLength(0);
  });

  it('saves exactly as many assignees as tickets bought and refuses one more, the section seating far more (issue 39)', async () => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const ids = s.staff.map((u) => u.id);
    const save = (assignedUsers: string[]) =>
      call(t.app, 'PUT', s.url, { caller: s.admin.caller, body: { items: [{ itemId, assignedUsers }] } });
    const held = async () =>
      (await t.deps.db.select().from(eventTickets).where(eq(eventTickets.paymentItemId, itemId))).length;

    expect((await save(ids.slice(0, 3))).statusCode).toBe(200);
    expect(await held()).toBe(3);
    const over = await save(ids.slice(0, 4));
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ detail: allocationMessages.overallocated });
    expect(await held()).toBe(3);
  });

  it('refuses someone outside the organization, an unknown item, and a malformed body with 400', async () => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const stranger = await createUser(t.deps.db);
    const notMember = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: [stranger.id] }] },
    });
    expect(notMember.statusCode).toBe(400);
    expect(notMember.json()).toMatchObject({ detail: allocationMessages.notAssignable });
    const unknown = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId: s.payment.id, assignedUsers: [] }] },
    });
    expect(unknown.json()).toMatchObject({ status: 400, detail: allocationMessages.unknownItem });
    expect(
      (
        await call(t.app, 'PUT', s.url, {
          caller: s.admin.caller,
          body: { items: [{ itemId: 'x', assignedUsers: 'y' }] },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lets a buyer who administers no organization, paying by card, allocate the tickets to themselves and no one else', async () => {
    const teacher = await signedInUser(t, 'MEMBER', { firstName: 'Tara' });
    const school = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, school.id, teacher.user.id);
    const colleague = await createUser(t.deps.db);
    await addMembership(t.deps.db, school.id, colleague.id);
    const { event, ticketType } = await createEvent(t.deps.db, { maxTickets: 10 });
    await call(t.app, 'POST', '/api/cart/items', {
      caller: teacher.caller,
      body: { eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 },
    });
    const bought = await call(t.app, 'POST', '/api/checkout', {
      caller: teacher.caller,
      body: { method: 'CARD' },
      headers: { 'idempotency-key': randomUUID() },
    });
    const { eventPaymentId } = bought.json();
    expect(
      (
        await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
          caller: teacher.caller,
          body: { outcome: 'succeed' },
        })
      ).statusCode,
    ).toBe(200);

    const url = `/api/event-payments/${eventPaymentId}/allocation`;
    const reply = (await call(t.app, 'GET', url, { caller: teacher.caller })).json<AllocationReply>();
    expect(reply).toMatchObject({
      organizationId: null,
      assigneeScope: 'BUYER',
      buyer: { id: teacher.user.id, firstName: 'Tara' },
      blocked: null,
    });
    const itemId = reply.events[0]?.sections[0]?.itemId ?? '';
    const other = await call(t.app, 'PUT', url, {
      caller: teacher.caller,
      body: { items: [{ itemId, assignedUsers: [colleague.id] }] },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe(allocationMessages.onlyBuyer);
    const own = await call(t.app, 'PUT', url, {
      caller: teacher.caller,
      body: { items: [{ itemId, assignedUsers: [teacher.user.id] }] },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().events[0].sections[0].assignedUsers).toEqual([expect.objectContaining({ id: teacher.user.id })]);
    expect((await call(t.app, 'GET', '/api/my-tickets', { caller: teacher.caller })).json().items).toHaveLength(1);
  });

  it("keeps its rules for 'Assign to me' (one line: its holders as read, the buyer added): others kept, no second ticket for the buyer, none past the tickets bought", async () => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const [sam, sue, sid] = s.staff.map((user) => user.id);
    const me = s.admin.user.id;
    const save = (assignedUsers: (string | undefined)[]) =>
      call(t.app, 'PUT', s.url, { caller: s.admin.caller, body: { items: [{ itemId, assignedUsers }] } });
    expect((await save([sam])).statusCode).toBe(200);

    const mine = await save([sam, me]);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<AllocationReply>().events[0]?.sections[0]?.assignedUsers.map((user) => user.id)).toEqual([
      sam,
      me,
    ]);
    const cases: [string, (string | undefined)[], string][] = [
      ['the buyer a second time', [sam, me, me], allocationMessages.duplicate],
      ['past the tickets bought', [sam, me, sue, sid], allocationMessages.overallocated],
    ];
    for (const [, assignedUsers, detail] of cases) {
      const refused = await save(assignedUsers);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toBe(detail);
    }
    expect((await s.read()).events[0]?.sections[0]?.assignedUsers.map((user) => user.id)).toEqual([sam, me]);
    const stranger = await outsider();
    expect(
      (
        await call(t.app, 'PUT', s.url, {
          caller: stranger.caller,
          body: { items: [{ itemId, assignedUsers: [sam, me, stranger.user.id] }] },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("gives a buyer who is a plain member of the payment's organization their own tickets, its administrators the organization's people", async () => {
    const s = await paidConferenceDay();
    const member = await signedInUser(t);
    await addMembership(t.deps.db, s.organization.id, member.user.id);
    const payment = await createPayment(t.deps.db, {
      userId: member.user.id,
      organizationId: s.organization.id,
      status: 'PAID',
      lines: [
        { eventId: s.day.event.id, ticketTypeId: s.day.ticketType.id, sectionId: s.day.section.id, numberOfTickets: 2 },
      ],
    });
    const url = `/api/event-payments/${payment.id}/allocation`;
    const asBuyer = (await call(t.app, 'GET', url, { caller: member.caller })).json<AllocationReply>();
    expect(asBuyer).toMatchObject({ assigneeScope: 'BUYER', buyer: { id: member.user.id } });
    const itemId = asBuyer.events[0]?.sections[0]?.itemId ?? '';
    const staffMember = s.staff[0]?.id ?? '';
    expect(
      (
        await call(t.app, 'PUT', url, {
          caller: member.caller,
          body: { items: [{ itemId, assignedUsers: [staffMember] }] },
        })
      ).json().detail,
    ).toBe(allocationMessages.onlyBuyer);
    expect((await call(t.app, 'GET', url, { caller: s.admin.caller })).json()).toMatchObject({
      assigneeScope: 'ORGANIZATION',
    });
    const byAdmin = await call(t.app, 'PUT', url, {
      caller: s.admin.caller,
      body: { items: [{ itemId, assignedUsers: [staffMember, member.user.id] }] },
    });
    expect(byAdmin.statusCode).toBe(200);
  });

  it("refuses a save putting more assignees in a grouping's sections together than its maxTickets (limit saves, limit + 1 does not)", async () => {
    const s = await paidConferenceDay();
    const [second] = await t.deps.db
      .insert(eventSections)
      .values({
        eventId: s.day.event.id,
        groupingId: s.day.grouping.id,
        title: 'Coaching Reading',
        dates: ['2026-12-10'],
      })
      .returning();
    if (!second) throw new Error('no section');
    // Bought before the grouping's limit was lowered to 4: 3 + 2 tickets, more than the grouping may seat.
    await t.deps.db.insert(eventPaymentItems).values({
      paymentId: s.payment.id,
      eventId: s.day.event.id,
      sectionId: second.id,
      ticketTypeId: s.day.ticketType.id,
      title: 'Tickets',
      numberOfTickets: 2,
      priceCents: 14_900,
    });
    await t.deps.db
      .update(eventGroupings)
      .set({ maxTickets: 4, ticketsTaken: 4 })
      .where(eq(eventGroupings.id, s.day.grouping.id));
    const reply = await s.read();
    const sections = reply.events[0]?.sections ?? [];
    const writing = sections.find((section) => section.title === 'Coaching Writing');
    const reading = sections.find((section) => section.title === 'Coaching Reading');
    expect(writing?.grouping).toEqual({ id: s.day.grouping.id, name: 'Morning', maxTickets: 4 });
    const ids = s.staff.map((u) => u.id);
    const save = (a: string[], b: string[]) =>
      call(t.app, 'PUT', s.url, {
        caller: s.admin.caller,
        body: {
          items: [
            { itemId: writing?.itemId, assignedUsers: a },
            { itemId: reading?.itemId, assignedUsers: b },
          ],
        },
      });
    const over = await save(ids.slice(0, 3), ids.slice(0, 2));
    expect(over.statusCode).toBe(400);
    expect(over.json().detail).toBe(allocationMessages.overallocated);
    expect(
      await t.deps.db
        .select()
        .from(eventTickets)
        .where(eq(eventTickets.paymentItemId, writing?.itemId ?? '')),
    ).toHaveLength(0);
    expect((await save(ids.slice(0, 3), ids.slice(0, 1))).statusCode).toBe(200);
    // A save naming only the second line is checked with the holders the first keeps.
    const alone = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId: reading?.itemId, assignedUsers: ids.slice(0, 2) }] },
    });
    expect(alone.json().detail).toBe(allocationMessages.overallocated);
  });

  it('concurrent saves of one allocation never leave more holders than tickets', async () => {
    const s = await paidConferenceDay();
    const itemId = await s.itemId();
    const ids = s.staff.map((u) => u.id);
    const picks = [ids.slice(0, 3), ids.slice(1, 4), [ids[3], ids[0], ids[2]], ids.slice(0, 2), [ids[2], ids[3]]];
    const responses = await Promise.all(
      picks.map((assignedUsers) =>
        call(t.app, 'PUT', s.url, { caller: s.admin.caller, body: { items: [{ itemId, assignedUsers }] } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await t.deps.db.select().from(eventTickets).where(eq(eventTickets.paymentItemId, itemId));
    expect(rows.length).toBeLessThanOrEqual(3);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(rows.length);
  });

  it('refuses a save after the purchase-close window unless staff impersonate the member', async () => {
    const admin = await signedInUser(t);
    const organization = await createOrganization(t.deps.db);
    await addMembership(t.deps.db, organization.id, admin.user.id, 'OWNER');
    const holder = await createUser(t.deps.db);
    await addMembership(t.deps.db, organization.id, holder.id);
    // Today is 2026-11-22; an event on the 24th closing 3 days before closed on the 21st.
    const { event, ticketType } = await createEvent(t.deps.db, {
      startDate: '2026-11-24',
      endDate: '2026-11-25',
      daysBeforePurchaseClose: 3,
    });
    const payment = await createPayment(t.deps.db, {
      userId: admin.user.id,
      organizationId: organization.id,
      status: 'PAID',
      lines: [{ eventId: event.id, ticketTypeId: ticketType.id, numberOfTickets: 2 }],
    });
    const url = `/api/event-payments/${payment.id}/allocation`;
    const reply = (await call(t.app, 'GET', url, { caller: admin.caller })).json<AllocationReply>();
    expect(reply).toMatchObject({ kind: 'SERIES', blocked: { reason: 'closed', message: purchaseClosedMessage(3) } });
    expect(reply.events[0]?.sections[0]).toMatchObject({ sectionId: null, dates: ['2026-11-24', '2026-11-25'] });
    const itemId = reply.events[0]?.sections[0]?.itemId ?? '';
    const body = { items: [{ itemId, assignedUsers: [holder.id] }] };

    const refused = await call(t.app, 'PUT', url, { caller: admin.caller, body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: purchaseClosedMessage(3) });

    const staff = await createUser(t.deps.db, { role: 'STAFF' });
    const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, {
      userId: admin.user.id,
      impersonatorId: staff.id,
    });
    const impersonated = { cookie: `${sessionCookie}=${secret}` };
    expect((await call(t.app, 'GET', url, { caller: impersonated })).json()).toMatchObject({
      blocked: null,
      events: [{ closedMessage: null }],
    });
    const saved = await call(t.app, 'PUT', url, { caller: impersonated, body });
    expect(saved.statusCode).toBe(200);
    const [audit] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'allocation.save'), eq(auditLog.subjectId, payment.id)));
    expect(audit).toMatchObject({ actorId: admin.user.id, impersonatorId: staff.id });
  });

  it('refuses a cancelled, a voided and an unpaid payment', async () => {
    const cancelled = await paidConferenceDay('CANCELLED');
    expect(await cancelled.read()).toMatchObject({
      blocked: { reason: 'voided', message: 'The event payment has been voided or cancelled.' },
    });
    const body = { items: [{ itemId: await cancelled.itemId(), assignedUsers: [cancelled.staff[0]?.id] }] };
    const refused = await call(t.app, 'PUT', cancelled.url, { caller: cancelled.admin.caller, body });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ detail: allocationMessages.voidedOrCancelled });

    const voided = await paidConferenceDay();
    const order = await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: voided.payment.id,
      userId: voided.admin.user.id,
      organizationId: voided.organization.id,
      pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
    });
    await t.deps.db.update(purchaseOrders).set({ status: 'VOIDED' }).where(eq(purchaseOrders.id, order.id));
    await t.deps.db.update(eventPayments).set({ status: 'PAID' }).where(eq(eventPayments.id, voided.payment.id));
    expect(await voided.read()).toMatchObject({ blocked: { reason: 'voided' } });

    const unpaid = await paidConferenceDay('AWAITING_PO');
    expect(await unpaid.read()).toMatchObject({ blocked: { reason: 'unpaid', message: allocationMessages.unpaid } });
    const put = await call(t.app, 'PUT', unpaid.url, {
      caller: unpaid.admin.caller,
      body: { items: [{ itemId: await unpaid.itemId(), assignedUsers: [] }] },
    });
    expect(put.statusCode).toBe(409);
  });
});

describe('assignable users and pending users', () => {
  it('lists members and pending users with a server-side search, to managers only', async () => {
    const s = await paidConferenceDay();
    const url = `/api/organizations/${s.organization.id}/assignable-users`;
    const all = await call(t.app, 'GET', `${url}?pageSize=2`, { caller: s.admin.caller });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toMatchObject({ total: 5 });
    expect(all.json().items).toHaveLength(2);
    const found = await call(t.app, 'GET', `${url}?search=sue`, { caller: s.admin.caller });
    expect(found.json()).toMatchObject({ total: 1, items: [{ firstName: 'Sue', isPending: false }] });
    const stranger = await outsider();
    expect((await call(t.app, 'GET', url, { caller: stranger.caller })).statusCode).toBe(404);
  });

  it('answers staff 404 for an organization that does not exist, and its people for one that does', async () => {
    const s = await paidConferenceDay();
    const staff = await signedInUser(t, 'STAFF');
    const unknown = await call(t.app, 'GET', `/api/organizations/${randomUUID()}/assignable-users`, {
      caller: staff.caller,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: 'No such organization.' });
    const known = await call(t.app, 'GET', `/api/organizations/${s.organization.id}/assignable-users`, {
      caller: staff.caller,
    });
    expect(known.json()).toMatchObject({ total: 5 });
  });

  it('creates a pending user, mails the invitation, and lets them be assigned', async () => {
    const s = await paidConferenceDay();
    const url = `/api/organizations/${s.organization.id}/pending-users`;
    const body = { firstName: 'Nia', lastName: 'New', email: 'Nia.New@school.test', organizationId: s.organization.id };
    const created = await call(t.app, 'POST', url, { caller: s.admin.caller, body });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    expect(user).toMatchObject({ firstName: 'Nia', lastName: 'New', email: 'nia.new@school.test', isPending: true });
    const [invitation] = await t.deps.db.select().from(invitations).where(eq(invitations.userId, user.id));
    expect(invitation).toMatchObject({ organizationId: s.organization.id, status: 'SENT' });
    const [mail] = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, 'nia.new@school.test'));
    expect(mail?.text).toContain(`/members/accept-organization-invitation/${invitation?.code}`);

    // Asking again answers the same pending user without a second invitation.
    expect((await call(t.app, 'POST', url, { caller: s.admin.caller, body })).json()).toMatchObject({
      id: user.id,
      isPending: true,
    });
    const searched = await call(t.app, 'GET', `/api/organizations/${s.organization.id}/assignable-users?search=nia`, {
      caller: s.admin.caller,
    });
    expect(searched.json()).toMatchObject({ total: 1, items: [{ id: user.id, isPending: true }] });

    const saved = await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId: await s.itemId(), assignedUsers: [user.id] }] },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<AllocationReply>().events[0]?.sections[0]?.assignedUsers).toEqual([{ ...user }]);
  });

  it.each([
    ['firstName', { firstName: '' }, 'First name required'],
    ['lastName', { lastName: ' ' }, 'Last name required'],
    ['email', { email: '' }, 'Email required'],
    ['organizationId', { organizationId: '' }, 'Organization required'],
  ])('400 without %s', async (field, change, message) => {
    const s = await paidConferenceDay();
    const body = {
      firstName: 'A',
      lastName: 'B',
      email: 'ab@school.test',
      organizationId: s.organization.id,
      ...change,
    };
    const response = await call(t.app, 'POST', `/api/organizations/${s.organization.id}/pending-users`, {
      caller: s.admin.caller,
      body,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({ [field]: message });
  });

  it('refuses an active member (409) and a non-manager (404)', async () => {
    const s = await paidConferenceDay();
    const url = `/api/organizations/${s.organization.id}/pending-users`;
    const sam = s.staff[0];
    const member = await call(t.app, 'POST', url, {
      caller: s.admin.caller,
      body: { firstName: 'S', lastName: 'M', email: sam?.email, organizationId: s.organization.id },
    });
    expect(member.statusCode).toBe(409);
    const stranger = await outsider();
    const refused = await call(t.app, 'POST', url, {
      caller: stranger.caller,
      body: { firstName: 'X', lastName: 'Y', email: 'xy@school.test', organizationId: s.organization.id },
    });
    expect(refused.statusCode).toBe(404);
  });
});

describe('POST /api/organizations/:organizationId/pending-users/list', () => {
  const listUrl = (organizationId: string) => `/api/organizations/${organizationId}/pending-users/list`;

  it('answers members and pending users as they are and makes the others pending users, named as listed, once each', async () => {
    const s = await paidConferenceDay();
    const sam = s.staff[0];
    const response = await call(t.app, 'POST', listUrl(s.organization.id), {
      caller: s.admin.caller,
      body: {
        people: [
          { email: 'Lia.List@school.test', firstName: 'Lia', lastName: 'List' },
          { email: sam?.email.toUpperCase(), firstName: 'Ignored', lastName: 'Name' },
          { email: 'nameless@school.test', firstName: '', lastName: '' },
          { email: 'lia.list@school.test', firstName: 'Lia', lastName: 'Again' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: { id: string; email: string; firstName: string; isPending: boolean }[] }>()
      .items;
    expect(items.map((user) => [user.email, user.firstName, user.isPending])).toEqual([
      ['lia.list@school.test', 'Lia', true],
      [sam?.email, 'Sam', false],
      ['nameless@school.test', '', true],
    ]);
    const [invitation] = await t.deps.db
      .select()
      .from(invitations)
      .where(eq(invitations.userId, items[0]?.id ?? ''));
    expect(invitation).toMatchObject({ organizationId: s.organization.id, status: 'SENT' });
    expect(await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, 'lia.list@school.test'))).toHaveLength(
      1,
    );

    // A second paste of the same people invites nobody again.
    const again = await call(t.app, 'POST', listUrl(s.organization.id), {
      caller: s.admin.caller,
      body: { people: [{ email: 'lia.list@school.test', firstName: 'Lia', lastName: 'List' }] },
    });
    expect(again.json()).toEqual({ items: [expect.objectContaining({ id: items[0]?.id, isPending: true })] });
    expect(await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, 'lia.list@school.test'))).toHaveLength(
      1,
    );
  });

  it('refuses a non-manager (404) and writes nothing', async () => {
    const s = await paidConferenceDay();
    const stranger = await outsider();
    const refused = await call(t.app, 'POST', listUrl(s.organization.id), {
      caller: stranger.caller,
      body: { people: [{ email: 'not-made@school.test', firstName: 'N', lastName: 'M' }] },
    });
    expect(refused.statusCode).toBe(404);
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'not-made@school.test'))).toEqual([]);
  });

  it.each([
    ['an invalid email', { people: [{ email: 'not-an-email', firstName: '', lastName: '' }] }],
    ['an empty list', { people: [] }],
    [
      'more than the most one list may bring',
      {
        people: Array.from({ length: maxListedAssignees + 1 }, (_, i) => ({
          email: `p${i}@school.test`,
          firstName: '',
          lastName: '',
        })),
      },
    ],
    ['a name too long', { people: [{ email: 'long@school.test', firstName: 'x'.repeat(101), lastName: '' }] }],
  ])('400 for %s', async (_case, body) => {
    const s = await paidConferenceDay();
    const response = await call(t.app, 'POST', listUrl(s.organization.id), { caller: s.admin.caller, body });
    expect(response.statusCode).toBe(400);
  });
});

describe('my tickets and the staff console', () => {
  it("lists a holder's own tickets", async () => {
    const s = await paidConferenceDay();
    await t.deps.db.update(eventSections).set({ locationName: 'Hall A' }).where(eq(eventSections.id, s.day.section.id));
    const sam = s.staff[0];
    await call(t.app, 'PUT', s.url, {
      caller: s.admin.caller,
      body: { items: [{ itemId: await s.itemId(), assignedUsers: [sam?.id] }] },
    });
    const { secret } = await createSession(t.deps.db, t.deps.clock, t.deps.config.sessionTtlMs, {
      userId: sam?.id ?? '',
    });
    const response = await call(t.app, 'GET', '/api/my-tickets', { caller: { cookie: `${sessionCookie}=${secret}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        expect.objectContaining({
          eventId: s.day.event.id,
          sectionTitle: 'Coaching Writing',
          dates: ['2026-12-10'],
          locationName: 'Hall A',
          organizationName: s.organization.name,
          qrCode: await ticketQrImage(t.deps.config.encryptionKey, sam?.id ?? '', s.day.event.id),
        }),
      ],
    });
    expect(response.json<MyTicketsReply>().items[0]?.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await call(t.app, 'GET', '/api/my-tickets', { caller: s.admin.caller })).json()).toEqual({ items: [] });
  });

  it('lets staff read an allocation and cancel a paid payment, which blocks the member', async () => {
    const s = await paidConferenceDay();
    const staff = await signedInUser(t, 'STAFF');
    const read = await call(t.app, 'GET', `/api/admin/event-payments/${s.payment.id}/allocation`, {
      caller: staff.caller,
    });
    expect(read.json()).toMatchObject({ eventPaymentId: s.payment.id, blocked: null });
    expect(
      (await call(t.app, 'GET', `/api/admin/event-payments/${s.payment.id}/allocation`, { caller: s.admin.caller }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'POST', `/api/admin/event-payments/${s.payment.id}/cancel`, { caller: s.admin.caller }))
        .statusCode,
    ).toBe(403);

    const cancelled = await call(t.app, 'POST', `/api/admin/event-payments/${s.payment.id}/cancel`, {
      caller: staff.caller,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toEqual({ status: 'CANCELLED' });
    expect(await s.read()).toMatchObject({ blocked: { reason: 'voided' } });
    // Cancelling again changes nothing; an unpaid payment's seats go back.
    expect(
      (await call(t.app, 'POST', `/api/admin/event-payments/${s.payment.id}/cancel`, { caller: staff.caller })).json(),
    ).toEqual({ status: 'CANCELLED' });
    const unpaid = await paidConferenceDay('AWAITING_PO');
    await call(t.app, 'POST', `/api/admin/event-payments/${unpaid.payment.id}/cancel`, { caller: staff.caller });
    const [section] = await t.deps.db.select().from(eventSections).where(eq(eventSections.id, unpaid.day.section.id));
    expect(section?.ticketsTaken).toBe(0);
  });
});

describe('an institute seat (a paid, accepted application)', () => {
  it("is the applicant's in My tickets, beside their allocated tickets, soonest first", async () => {
    const { applicant, institute, applicationId, eventPaymentId, organization } = await paidInstituteSeat(t);
    const day = await createConferenceDay(t.deps.db, 40);
    const payment = await createPayment(t.deps.db, {
      userId: applicant.user.id,
      status: 'PAID',
      lines: [
        { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 1 },
      ],
    });
    const [item] = await t.deps.db.select().from(eventPaymentItems).where(eq(eventPaymentItems.paymentId, payment.id));
    await t.deps.db.insert(eventTickets).values({
      paymentItemId: item?.id ?? '',
      userId: applicant.user.id,
      eventId: day.event.id,
      sectionId: day.section.id,
    });

    const response = await call(t.app, 'GET', '/api/my-tickets', { caller: applicant.caller });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        expect.objectContaining({
          kind: 'TICKET',
          applicationId: null,
          eventId: day.event.id,
          startDate: '2026-12-10',
        }),
        {
          id: eventPaymentId,
          kind: 'INSTITUTE_SEAT',
          applicationId,
          eventId: institute.event.id,
          eventName: institute.event.name,
          sectionId: null,
          sectionTitle: null,
          dates: ['2027-01-20', '2027-01-21', '2027-01-22'],
          startDate: '2027-01-20',
          endDate: '2027-01-22',
          locationName: null,
          organizationName: organization.name,
          qrCode: expect.stringMatching(/^data:image\/png;base64,/),
        },
      ],
    });
  });

  it('is not a seat until paid', async () => {
    const { applicant, eventPaymentId } = await paidInstituteSeat(t);
    await t.deps.db.update(eventPayments).set({ status: 'PENDING' }).where(eq(eventPayments.id, eventPaymentId));
    expect((await call(t.app, 'GET', '/api/my-tickets', { caller: applicant.caller })).json()).toEqual({ items: [] });
  });

  it('has nothing to allocate: the applicant and staff are told so (409), anyone else finds no payment (404)', async () => {
    const { applicant, schoolAdmin, eventPaymentId } = await paidInstituteSeat(t);
    const staff = await signedInUser(t, 'STAFF');
    const url = `/api/event-payments/${eventPaymentId}/allocation`;
    for (const [caller, path] of [
      [applicant.caller, url],
      [staff.caller, `/api/admin/event-payments/${eventPaymentId}/allocation`],
    ] as const) {
      const response = await call(t.app, 'GET', path, { caller });
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe(allocationMessages.applicationSeat);
    }
    const save = await call(t.app, 'PUT', url, { caller: applicant.caller, body: { items: [] } });
    expect(save.statusCode).toBe(409);
    const other = await call(t.app, 'GET', url, { caller: schoolAdmin.caller });
    expect(other.statusCode).toBe(404);
    expect(other.json().detail).toBe(paymentMessages.notFound);
  });
});
