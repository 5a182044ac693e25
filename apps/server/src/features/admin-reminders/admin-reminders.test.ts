import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reminderTexts, type SentReminderPage } from '@portal/domain/events/reminders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { events, eventSections } from '../../db/schema/commerce.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { eventReminders } from '../../db/schema/reminders.ts';
import { ticketCode } from '../../core/ticket-codes.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';
import { holdTicket } from '../../test/resource-factories.ts';
import { reminderSweepJob, reminderSweepJobHandler, sendDueReminders } from './service.ts';

const t = useTestApp();
const at = (iso: string): AppDeps => ({ ...t.deps, clock: () => new Date(iso) });
const staff = async () => (await signedInUser(t, 'STAFF')).caller;
const settingsOf = (eventId: string) => `/api/admin/reminders/${eventId}`;
const settings = { dayReminders: true, daysBefore: 1, paymentReminders: true, unallocatedReminders: true };

const mailsTo = (...emails: string[]) =>
  t.deps.db
    .select({
      to: mailMessages.to,
      subject: mailMessages.subject,
      text: mailMessages.text,
      attachments: mailMessages.attachments,
    })
    .from(mailMessages)
    .where(inArray(mailMessages.to, emails))
    .orderBy(mailMessages.to, mailMessages.createdAt);

/** A conference day on `day` (TIME_ZONE is America/New_York) whose section has one holder of a paid ticket. */
async function dayWithHolder(day: string) {
  const { db } = t.deps;
  const conference = await createConferenceDay(db);
  await db
    .update(events)
    .set({ startDate: day, endDate: day, locationName: 'Lincoln Hall' })
    .where(eq(events.id, conference.event.id));
  await db
    .update(eventSections)
    .set({ dates: [day] })
    .where(eq(eventSections.id, conference.section.id));
  const holder = await createUser(db, { firstName: 'Hana', email: `hana-${randomUUID()}@example.test` });
  await holdTicket(db, {
    userId: holder.id,
    eventId: conference.event.id,
    ticketTypeId: conference.ticketType.id,
    sectionId: conference.section.id,
  });
  return { ...conference, holder };
}

describe('GET and PUT /api/admin/reminders/:eventId', () => {
  it('answers the defaults for an event staff never set, then what staff saved', async () => {
    const caller = await staff();
    const { event } = await dayWithHolder('2026-12-20');
    const before = await call(t.app, 'GET', settingsOf(event.id), { caller });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ settings: { ...settings, onlineUrl: null } });
    const body = { ...settings, daysBefore: 3, unallocatedReminders: false, onlineUrl: 'https://meet.example.test/pd' };
    const saved = await call(t.app, 'PUT', settingsOf(event.id), { caller, body });
    expect(saved.statusCode).toBe(200);
    expect((await call(t.app, 'GET', settingsOf(event.id), { caller })).json()).toEqual({ settings: body });
  });

  it('refuses a member, a bad setting and an unknown event', async () => {
    const { event } = await dayWithHolder('2026-12-20');
    const member = (await signedInUser(t)).caller;
    const body = { ...settings, onlineUrl: null };
    expect((await call(t.app, 'PUT', settingsOf(event.id), { caller: member, body })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', settingsOf(event.id), { caller: member })).statusCode).toBe(403);
    const caller = await staff();
    const tooEarly = await call(t.app, 'PUT', settingsOf(event.id), { caller, body: { ...body, daysBefore: 15 } });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.body).toContain(reminderTexts.daysBefore);
    const link = await call(t.app, 'PUT', settingsOf(event.id), {
      caller,
      body: { ...body, onlineUrl: 'javascript:x' },
    });
    expect(link.statusCode).toBe(400);
    expect((await call(t.app, 'PUT', settingsOf(randomUUID()), { caller, body })).statusCode).toBe(404);
  });
});

describe('the reminder sweep', () => {
  it('mails each holder the day before at 8 AM New York time with the place, the calendar file and the ticket code', async () => {
    const { event, holder } = await dayWithHolder('2026-12-10');
    expect(await sendDueReminders(at('2026-12-09T12:59:00Z'))).toBe(0);
    expect(await mailsTo(holder.email)).toEqual([]);
    await sendDueReminders(at('2026-12-09T13:00:00Z'));
    const [mail, ...more] = await mailsTo(holder.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(reminderTexts.daySubject(event.name, '12/10/2026'));
    expect(mail?.text).toContain('Location: Lincoln Hall');
    expect(mail?.text).toContain(`Your ticket code: ${ticketCode(t.deps.config.encryptionKey, holder.id, event.id)}`);
    const [calendar] = mail?.attachments ?? [];
    expect(calendar?.filename).toBe('event.ics');
    expect(calendar?.content).toContain('DTSTART;VALUE=DATE:20261210');
    expect(calendar?.content).toContain('LOCATION:Lincoln Hall');
  });

  it('sends once per person and day when two sweeps run at the same moment, and again never', async () => {
    const { event, ticketType, section, holder } = await dayWithHolder('2026-12-11');
    const other = await createUser(t.deps.db, { email: `olga-${randomUUID()}@example.test` });
    await holdTicket(t.deps.db, {
      userId: other.id,
      eventId: event.id,
      ticketTypeId: ticketType.id,
      sectionId: section.id,
    });
    const moment = at('2026-12-10T14:00:00Z');
    const sent = await Promise.all([sendDueReminders(moment), sendDueReminders(moment)]);
    const ofThisEvent = await t.deps.db.select().from(eventReminders).where(eq(eventReminders.eventId, event.id));
    expect(ofThisEvent).toHaveLength(2);
    expect(ofThisEvent.every((row) => row.mailId !== null)).toBe(true);
    expect(await mailsTo(holder.email)).toHaveLength(1);
    expect(await mailsTo(other.email)).toHaveLength(1);
    expect(sent.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(2);
    await sendDueReminders(at('2026-12-11T15:00:00Z'));
    expect(await mailsTo(holder.email, other.email)).toHaveLength(2);
  });

  it('keeps to the wall clock across the change back from daylight saving time', async () => {
    const { holder } = await dayWithHolder('2026-11-02');
    await sendDueReminders(at('2026-11-01T12:30:00Z'));
    expect(await mailsTo(holder.email)).toEqual([]);
    await sendDueReminders(at('2026-11-01T13:00:00Z'));
    expect(await mailsTo(holder.email)).toHaveLength(1);
  });

  it('sends none of a kind staff turned off, and follows how many days before they chose', async () => {
    const caller = await staff();
    const off = await dayWithHolder('2026-12-14');
    await call(t.app, 'PUT', settingsOf(off.event.id), {
      caller,
      body: { ...settings, dayReminders: false, onlineUrl: null },
    });
    const early = await dayWithHolder('2026-12-15');
    await call(t.app, 'PUT', settingsOf(early.event.id), {
      caller,
      body: { ...settings, daysBefore: 3, onlineUrl: 'https://meet.example.test/day' },
    });
    await sendDueReminders(at('2026-12-12T14:00:00Z'));
    expect(await mailsTo(off.holder.email)).toEqual([]);
    const [mail] = await mailsTo(early.holder.email);
    expect(mail?.text).toContain('Join online: https://meet.example.test/day');
  });

  it('mails an accepted applicant three days before the payment is due, not one who paid', async () => {
    const institute = await createInstitute(t.deps.db, { startDate: '2027-02-20', endDate: '2027-02-22' });
    const unpaid = await createUser(t.deps.db, { email: `una-${randomUUID()}@example.test` });
    const application = await createCompleteApplication(t.deps.db, institute, unpaid.id, { status: 'ACCEPTED' });
    // Decided on 12/01 in New York: 30 days to pay, due 12/31.
    await t.deps.db
      .update(eventApplications)
      .set({ decidedAt: new Date('2026-12-01T20:00:00Z') })
      .where(eq(eventApplications.id, application.id));
    await sendDueReminders(at('2026-12-28T12:00:00Z'));
    expect(await mailsTo(unpaid.email)).toEqual([]);
    await sendDueReminders(at('2026-12-28T13:00:00Z'));
    const [mail] = await mailsTo(unpaid.email);
    expect(mail?.subject).toBe(reminderTexts.paymentSubject(institute.event.name));
    expect(mail?.text).toContain('payment is due on 12/31/2026');
    await call(t.app, 'PUT', settingsOf(institute.event.id), {
      caller: await staff(),
      body: { ...settings, paymentReminders: false, onlineUrl: null },
    });
    const second = await createUser(t.deps.db, { email: `sam-${randomUUID()}@example.test` });
    const secondApplication = await createCompleteApplication(t.deps.db, institute, second.id, { status: 'ACCEPTED' });
    await t.deps.db
      .update(eventApplications)
      .set({ decidedAt: new Date('2026-12-01T20:00:00Z') })
      .where(eq(eventApplications.id, secondApplication.id));
    await sendDueReminders(at('2026-12-29T13:00:00Z'));
    expect(await mailsTo(second.email)).toEqual([]);
  });

  it('mails the owners of a school that still holds unassigned tickets a week before, not its admins', async () => {
    const conference = await dayWithHolder('2026-12-18');
    const school = await createOrganization(t.deps.db);
    const owner = await createUser(t.deps.db, { email: `owen-${randomUUID()}@example.test` });
    const admin = await createUser(t.deps.db, { email: `ada-${randomUUID()}@example.test` });
    await addMembership(t.deps.db, school.id, owner.id, 'OWNER');
    await addMembership(t.deps.db, school.id, admin.id, 'ADMIN');
    await createPayment(t.deps.db, {
      userId: admin.id,
      organizationId: school.id,
      status: 'PAID',
      lines: [
        {
          eventId: conference.event.id,
          ticketTypeId: conference.ticketType.id,
          sectionId: conference.section.id,
          numberOfTickets: 3,
        },
      ],
    });
    await sendDueReminders(at('2026-12-11T12:59:00Z'));
    expect(await mailsTo(owner.email)).toEqual([]);
    await sendDueReminders(at('2026-12-11T13:00:00Z'));
    const [mail, ...more] = await mailsTo(owner.email, admin.email);
    expect(more).toEqual([]);
    expect(mail?.to).toBe(owner.email);
    expect(mail?.subject).toBe(reminderTexts.unallocatedSubject(conference.event.name));
    expect(mail?.text).toContain(`- ${school.name}: 3 tickets`);
  });

  it('lists each occasion in the staff sent mail with its delivery', async () => {
    const { event } = await dayWithHolder('2026-12-22');
    await sendDueReminders(at('2026-12-21T13:30:00Z'));
    const caller = await staff();
    const sent = await call(t.app, 'GET', `${settingsOf(event.id)}/sent`, { caller });
    expect(sent.statusCode).toBe(200);
    const page = sent.json<SentReminderPage>();
    expect(page.total).toBe(1);
    expect(page.items).toEqual([
      expect.objectContaining({
        kind: 'EVENT_DAY',
        label: 'Event day reminder',
        occasion: '2026-12-22',
        recipientCount: 1,
        pending: 1,
      }),
    ]);
    const member = (await signedInUser(t)).caller;
    expect((await call(t.app, 'GET', `${settingsOf(event.id)}/sent`, { caller: member })).statusCode).toBe(403);
  });

  it('is a periodic job that queues its next run before sweeping', async () => {
    const handler = reminderSweepJobHandler(at('2026-12-01T12:00:00Z'));
    await handler({});
    const waiting = await t.deps.db
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, reminderSweepJob), eq(jobs.status, 'PENDING')));
    expect(waiting.map((job) => job.runAt.toISOString())).toEqual(['2026-12-01T12:15:00.000Z']);
  });
});
