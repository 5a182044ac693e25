import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  eventMessageTexts,
  type EventMessagePage,
  type EventMessageRow,
} from '@portal/domain/events/event-messages.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { eventMessageRecipients, eventMessages } from '../../db/schema/event-messages.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { createAttendanceSection } from '../../test/attendance-factories.ts';
import { createConferenceDay, signedInUser } from '../../test/commerce-factories.ts';
import { createUser } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { holdTicket } from '../../test/resource-factories.ts';
import { runDueJobs } from '../../platform/jobs.ts';
import { deliverMail, deliverMailJob } from '../../platform/mail.ts';

const t = useTestApp();
const staff = async () => (await signedInUser(t, 'STAFF', { firstName: 'Stella' })).caller;
const messagesOf = (eventId: string) => `/api/admin/events/${eventId}/messages`;

const send = (caller: Caller, eventId: string, body: object, key: string = randomUUID()) =>
  call(t.app, 'POST', messagesOf(eventId), { caller, body, headers: { 'idempotency-key': key } });

const preview = (caller: Caller, eventId: string, body: object) =>
  call(t.app, 'POST', `${messagesOf(eventId)}/preview`, { caller, body });

/** A conference day whose section has holders Zoe and Al, and a cancelled payment's would-be holder. */
async function dayWithHolders() {
  const day = await createConferenceDay(t.deps.db);
  const zoe = await createUser(t.deps.db, { firstName: 'Zoe', lastName: 'Zimmer' });
  const al = await createUser(t.deps.db, { firstName: 'Al', lastName: 'Adams' });
  const cancelled = await createUser(t.deps.db, { firstName: 'Carl', lastName: 'Cancelled' });
  const line = { eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id };
  await holdTicket(t.deps.db, { ...line, userId: zoe.id });
  await holdTicket(t.deps.db, { ...line, userId: al.id });
  await holdTicket(t.deps.db, { ...line, userId: cancelled.id, status: 'CANCELLED' });
  return { day, zoe, al, cancelled };
}

const mailsOfMessage = (messageId: string) =>
  t.deps.db
    .select({ to: mailMessages.to, subject: mailMessages.subject, text: mailMessages.text })
    .from(eventMessageRecipients)
    .innerJoin(mailMessages, eq(mailMessages.id, eventMessageRecipients.mailId))
    .where(eq(eventMessageRecipients.messageId, messageId))
    .orderBy(mailMessages.to);

describe('POST /api/admin/events/:eventId/messages/preview', () => {
  it('counts the paid ticket holders and lists their first names by name', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const response = await preview(caller, day.event.id, { audience: 'HOLDERS' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recipientCount: 2, firstNames: ['Al', 'Zoe'] });
  });

  it('counts applicants of the chosen status only', async () => {
    const caller = await staff();
    const institute = await createInstitute(t.deps.db);
    for (const [firstName, status] of [
      ['Ann', 'ACCEPTED'],
      ['Bob', 'ACCEPTED'],
      ['Cy', 'SUBMITTED'],
      ['Dee', 'VOIDED'],
    ] as const) {
      const user = await createUser(t.deps.db, { firstName });
      await createCompleteApplication(t.deps.db, institute, user.id, { status });
    }
    const accepted = await preview(caller, institute.event.id, {
      audience: 'APPLICANTS',
      applicationStatus: 'ACCEPTED',
    });
    expect(accepted.json()).toEqual({ recipientCount: 2, firstNames: ['Ann', 'Bob'] });
    const submitted = await preview(caller, institute.event.id, {
      audience: 'APPLICANTS',
      applicationStatus: 'SUBMITTED',
    });
    expect(submitted.json()).toEqual({ recipientCount: 1, firstNames: ['Cy'] });
  });

  it("counts a section's people as its attendance list has them: holders and accepted applicants", async () => {
    const caller = await staff();
    const { event, section, otherSection } = await createAttendanceSection(t.deps.db, ['2027-01-20']);
    const first = await preview(caller, event.id, { audience: 'SECTION', sectionId: section.id });
    expect(first.json()).toEqual({ recipientCount: 2, firstNames: ['Ada', 'Hal'] });
    const second = await preview(caller, event.id, { audience: 'SECTION', sectionId: otherSection.id });
    expect(second.json()).toEqual({ recipientCount: 1, firstNames: ['Ada'] });
  });

  it('refuses a section of another event, a missing choice, and a member; an unknown event is 404', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const other = await createConferenceDay(t.deps.db);
    const foreign = await preview(caller, day.event.id, { audience: 'SECTION', sectionId: other.section.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ detail: eventMessageTexts.sectionUnknown });
    const missing = await preview(caller, day.event.id, { audience: 'APPLICANTS' });
    expect(missing.statusCode).toBe(400);
    expect(JSON.stringify(missing.json())).toContain(eventMessageTexts.statusRequired);
    expect((await preview(caller, randomUUID(), { audience: 'HOLDERS' })).statusCode).toBe(404);
    const member = await signedInUser(t);
    expect((await preview(member.caller, day.event.id, { audience: 'HOLDERS' })).statusCode).toBe(403);
  });
});

describe('POST /api/admin/events/:eventId/messages', () => {
  const message = { audience: 'HOLDERS', subject: 'Parking on Saturday', body: 'Use the north lot, please.' };

  it('queues one mail per holder, addressed to that holder alone, with the message and its outbox rows', async () => {
    const caller = await staff();
    const { day, zoe, al, cancelled } = await dayWithHolders();
    const response = await send(caller, day.event.id, message);
    expect(response.statusCode).toBe(201);
    const sent = response.json<EventMessageRow>();
    expect(sent).toMatchObject({
      subject: message.subject,
      audienceLabel: 'Ticket holders',
      sentBy: expect.stringMatching(/^Stella /) as unknown,
      recipientCount: 2,
      delivered: 0,
      failed: 0,
      pending: 2,
    });
    const mails = await mailsOfMessage(sent.id);
    expect(mails.map((mail) => mail.to)).toEqual([al.email, zoe.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toBe(message.subject);
      expect(mail.text).toContain(message.body);
      expect(mail.to).not.toContain(',');
    }
    expect(mails.find((mail) => mail.to === al.email)?.text).toMatch(/^Hello Al,/);
    expect(mails.some((mail) => mail.to === cancelled.email)).toBe(false);
    const [queued] = await t.deps.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(jobs)
      .where(
        sql`${jobs.kind} = ${deliverMailJob} and ${jobs.payload} ->> 'mailId' in
          (select mail_id::text from event_message_recipients where message_id = ${sent.id})`,
      );
    expect(queued?.count).toBe(2);
  });

  it('answers a replay with the same key with the first message and queues nothing more', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const key = randomUUID();
    const first = await send(caller, day.event.id, message, key);
    const again = await send(caller, day.event.id, message, key);
    expect(again.statusCode).toBe(201);
    expect(again.json<EventMessageRow>().id).toBe(first.json<EventMessageRow>().id);
    const rows = await t.deps.db.select().from(eventMessages).where(eq(eventMessages.eventId, day.event.id));
    expect(rows).toHaveLength(1);
    expect(await mailsOfMessage(first.json<EventMessageRow>().id)).toHaveLength(2);
  });

  it('sends once when a double click sends two requests with one key at the same time', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const key = randomUUID();
    const [a, b] = await Promise.all([
      send(caller, day.event.id, message, key),
      send(caller, day.event.id, message, key),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([201, 201]);
    expect(a?.json<EventMessageRow>().id).toBe(b?.json<EventMessageRow>().id);
    const [mails] = await t.deps.db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(eventMessageRecipients)
      .innerJoin(eventMessages, eq(eventMessages.id, eventMessageRecipients.messageId))
      .where(eq(eventMessages.eventId, day.event.id));
    expect(mails?.count).toBe(2);
  });

  it('refuses the same key with another message (422), and sends a second message sent with a new key', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const key = randomUUID();
    await send(caller, day.event.id, message, key);
    const reused = await send(caller, day.event.id, { ...message, subject: 'Another subject' }, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ detail: idempotencyKeyReusedMessage });
    const second = await send(caller, day.event.id, { ...message, subject: 'Another subject' });
    expect(second.statusCode).toBe(201);
    const rows = await t.deps.db.select().from(eventMessages).where(eq(eventMessages.eventId, day.event.id));
    expect(rows).toHaveLength(2);
  });

  it('refuses a message nobody would receive, bad input and a member, leaving no message or mail', async () => {
    const caller = await staff();
    const day = await createConferenceDay(t.deps.db);
    const [before] = await t.deps.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(mailMessages);
    const nobody = await send(caller, day.event.id, message);
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ detail: eventMessageTexts.noRecipients });
    const empty = await send(caller, day.event.id, { ...message, subject: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(eventMessageTexts.subjectRequired);
    const noKey = await call(t.app, 'POST', messagesOf(day.event.id), { caller, body: message });
    expect(noKey.statusCode).toBe(400);
    const member = await signedInUser(t);
    expect((await send(member.caller, day.event.id, message)).statusCode).toBe(403);
    const [after] = await t.deps.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(mailMessages);
    expect(after?.count).toBe(before?.count);
    expect(await t.deps.db.select().from(eventMessages).where(eq(eventMessages.eventId, day.event.id))).toEqual([]);
  });
});

describe('GET /api/admin/events/:eventId/messages', () => {
  it('lists the messages newest first with who sent them, to whom, and delivery counted from the outbox', async () => {
    const caller = await staff();
    const { day } = await dayWithHolders();
    const first = await send(caller, day.event.id, { audience: 'HOLDERS', subject: 'First', body: 'One' });
    // Mail is delivered by the worker: held for the development mailbox, as without SMTP.
    await runDueJobs(t.deps.db, { [deliverMailJob]: deliverMail(t.deps.db, null, 'portal@example.test') });
    t.clock.advance(60_000);
    const second = await send(caller, day.event.id, {
      audience: 'SECTION',
      sectionId: day.section.id,
      subject: 'Second',
      body: 'Two',
    });
    // One mail of the second message gave up after its last attempt.
    const [failing] = await t.deps.db
      .select({ mailId: eventMessageRecipients.mailId })
      .from(eventMessageRecipients)
      .where(eq(eventMessageRecipients.messageId, second.json<EventMessageRow>().id))
      .limit(1);
    await t.deps.db
      .update(jobs)
      .set({ status: 'FAILED' })
      .where(sql`${jobs.payload} ->> 'mailId' = ${failing?.mailId ?? ''}`);

    const response = await call(t.app, 'GET', messagesOf(day.event.id), { caller });
    expect(response.statusCode).toBe(200);
    const page = response.json<EventMessagePage>();
    expect(page.total).toBe(2);
    expect(page.items.map((row) => [row.subject, row.audienceLabel, row.delivered, row.failed, row.pending])).toEqual([
      ['Second', 'Section: Coaching Writing', 0, 1, 1],
      ['First', 'Ticket holders', 2, 0, 0],
    ]);
    expect(page.items[1]?.sentAt).toBe(first.json<EventMessageRow>().sentAt);
  });

  it('refuses a member (403) and a bad event id (400)', async () => {
    const member = await signedInUser(t);
    const { day } = await dayWithHolders();
    expect((await call(t.app, 'GET', messagesOf(day.event.id), { caller: member.caller })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', messagesOf('not-an-id'), { caller: await staff() })).statusCode).toBe(400);
  });
});
