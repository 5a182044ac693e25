import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings, NotificationSettingsReply } from '@portal/domain/staff/notifications.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { jobs, mailMessages } from '../../db/schema/platform.ts';
import { staffDigests } from '../../db/schema/staff-notifications.ts';
import { createCompleteApplication, createInstitute } from '../../test/application-factories.ts';
import { createConferenceDay, createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';
import { digestMoment, nextDigestDay } from './digest.ts';
import { runDigestJob, scheduleNextDigest, sendDigests, staffDigestJob } from './service.ts';

const t = useTestApp();

const atOnce: NotificationSettings = {
  purchaseOrder: 'IMMEDIATE',
  application: 'IMMEDIATE',
  packageRequest: 'IMMEDIATE',
  refundNeeded: 'IMMEDIATE',
};

const choose = (caller: Caller, settings: Partial<NotificationSettings>) =>
  call(t.app, 'PUT', '/api/admin/notifications/settings', { caller, body: { ...atOnce, ...settings } });

const mailTo = (email: string) =>
  t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email)).orderBy(mailMessages.createdAt);

/** Staff members, one per choice for purchase orders. */
async function threeStaff() {
  const immediate = await signedInUser(t, 'STAFF', { email: `now-${randomUUID().slice(0, 6)}@provider.test` });
  const digest = await signedInUser(t, 'STAFF', { email: `digest-${randomUUID().slice(0, 6)}@provider.test` });
  const off = await signedInUser(t, 'STAFF', { email: `off-${randomUUID().slice(0, 6)}@provider.test` });
  expect((await choose(digest.caller, { purchaseOrder: 'DIGEST' })).statusCode).toBe(200);
  expect((await choose(off.caller, { purchaseOrder: 'OFF' })).statusCode).toBe(200);
  return { immediate, digest, off };
}

/** A teacher sends a purchase order for a checkout's three tickets ($447.00) through the member route. */
async function teacherSendsPurchaseOrder(number: string) {
  const buyer = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, buyer.user.id);
  const day = await createConferenceDay(t.deps.db, 10);
  const payment = await createPayment(t.deps.db, {
    userId: buyer.user.id,
    status: 'AWAITING_PO',
    lines: [{ eventId: day.event.id, ticketTypeId: day.ticketType.id, sectionId: day.section.id, numberOfTickets: 3 }],
  });
  const { body, headers } = multipartBody(
    {
      eventPaymentId: payment.id,
      filename: 'District PO',
      contactEmail: 'purchasing@district.test',
      contactName: 'Pat Purchasing',
      contactPhone: '5551234567',
      number,
      organizationId: organization.id,
      total: '44700',
      couponCode: '',
    },
    { name: 'po.pdf', bytes: tinyPdf },
  );
  const response = await call(t.app, 'POST', '/api/purchase-orders', { caller: buyer.caller, body, headers });
  expect(response.statusCode).toBe(201);
}

const today = () => calendarDateIn(t.clock(), t.deps.config.timeZone);

describe('notification settings', () => {
  it('start at once for every kind, with the digest hour and zone; a member is refused', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const response = await call(t.app, 'GET', '/api/admin/notifications/settings', { caller: staff.caller });
    expect(response.json<NotificationSettingsReply>()).toEqual({
      settings: atOnce,
      digestHour: 7,
      timeZone: 'America/New_York',
    });
    const member = await signedInUser(t);
    expect((await call(t.app, 'GET', '/api/admin/notifications/settings', { caller: member.caller })).statusCode).toBe(
      403,
    );
    expect((await choose(member.caller, {})).statusCode).toBe(403);
  });

  it('saves every kind together and reads them back', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const saved = await choose(staff.caller, { application: 'DIGEST', refundNeeded: 'OFF' });
    expect(saved.json<NotificationSettingsReply>().settings).toEqual({
      ...atOnce,
      application: 'DIGEST',
      refundNeeded: 'OFF',
    });
    const again = await call(t.app, 'GET', '/api/admin/notifications/settings', { caller: staff.caller });
    expect(again.json<NotificationSettingsReply>().settings.application).toBe('DIGEST');
  });

  it('refuses an unknown choice or a missing kind with 400, saving nothing', async () => {
    const staff = await signedInUser(t, 'STAFF');
    const bad = await choose(staff.caller, { purchaseOrder: 'HOURLY' as never });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose at once, daily digest or off');
    const missing = await call(t.app, 'PUT', '/api/admin/notifications/settings', {
      caller: staff.caller,
      body: { purchaseOrder: 'OFF' },
    });
    expect(missing.statusCode).toBe(400);
    const read = await call(t.app, 'GET', '/api/admin/notifications/settings', { caller: staff.caller });
    expect(read.json<NotificationSettingsReply>().settings).toEqual(atOnce);
  });
});

describe('mail to staff when work arrives', () => {
  it('a new purchase order mails staff who chose at once, waits for the digest of those who chose it, and skips those who chose off', async () => {
    const { immediate, digest, off } = await threeStaff();
    await teacherSendsPurchaseOrder('PO-7001');

    const [mail, ...more] = await mailTo(immediate.user.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('New purchase order PO-7001 for $447.00');
    expect(mail?.text).toContain('http://portal.test/admin/purchase-orders?status=SUBMITTED&search=PO-7001');
    expect(await mailTo(digest.user.email)).toEqual([]);
    expect(await mailTo(off.user.email)).toEqual([]);

    const run = await call(t.app, 'POST', '/api/admin/notifications/digest', { caller: digest.caller });
    expect(run.json()).toMatchObject({ day: today() });
    const [digestMail, ...moreDigests] = await mailTo(digest.user.email);
    expect(moreDigests).toEqual([]);
    expect(digestMail?.subject).toMatch(/^Staff digest for \d\d\/\d\d\/\d{4}: 1 new item$/);
    expect(digestMail?.text).toContain('New purchase orders (1)');
    expect(digestMail?.text).toContain('- New purchase order PO-7001 for $447.00');
    expect(await mailTo(off.user.email)).toEqual([]);
    expect(await mailTo(immediate.user.email)).toHaveLength(1);

    // The day's digest is sent once: a second run sends nothing more.
    await call(t.app, 'POST', '/api/admin/notifications/digest', { caller: digest.caller });
    expect(await mailTo(digest.user.email)).toHaveLength(1);
  });

  it('a submitted application mails staff in the transaction that submitted it', async () => {
    const staff = await signedInUser(t, 'STAFF', { email: `apps-${randomUUID().slice(0, 6)}@provider.test` });
    const institute = await createInstitute(t.deps.db);
    const applicant = await signedInUser(t, 'MEMBER', { firstName: 'Cora' });
    await addMembership(t.deps.db, (await createOrganization(t.deps.db)).id, applicant.user.id);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id, { status: 'STARTED' });
    const submitted = await call(t.app, 'PUT', `/api/event-applications/${application.id}/segments`, {
      caller: applicant.caller,
      body: { segment: 'REVIEW_AND_SUBMIT', data: { paymentOptionId: institute.options.card.id } },
    });
    expect(submitted.statusCode).toBe(200);
    const [mail] = await mailTo(staff.user.email);
    expect(mail?.subject).toMatch(/^Application of Cora .+ to Institute .+ submitted$/);
    expect(mail?.text).toContain(`http://portal.test/admin/applications/${application.id}`);
  });

  it('two digest runs at once send each staff member one digest', async () => {
    const reader = await signedInUser(t, 'STAFF', { email: `race-${randomUUID().slice(0, 6)}@provider.test` });
    await choose(reader.caller, { purchaseOrder: 'DIGEST' });
    await teacherSendsPurchaseOrder('PO-7002');
    const day = '2026-12-01';
    const [first, second] = await Promise.all([sendDigests(t.deps, day), sendDigests(t.deps, day)]);
    expect((first ?? 0) + (second ?? 0)).toBeGreaterThanOrEqual(1);
    const mails = await mailTo(reader.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('PO-7002');
    const claimed = await t.deps.db
      .select()
      .from(staffDigests)
      .where(and(eq(staffDigests.userId, reader.user.id), eq(staffDigests.day, day)));
    expect(claimed).toHaveLength(1);
  });

  it('the next digest lists only what arrived since the previous one', async () => {
    const reader = await signedInUser(t, 'STAFF', { email: `next-${randomUUID().slice(0, 6)}@provider.test` });
    await choose(reader.caller, { purchaseOrder: 'DIGEST' });
    await teacherSendsPurchaseOrder('PO-7003');
    await sendDigests(t.deps, '2026-12-02');
    t.clock.advance(60_000);
    await teacherSendsPurchaseOrder('PO-7004');
    t.clock.advance(60_000);
    await sendDigests(t.deps, '2026-12-03');
    const [, second] = await mailTo(reader.user.email);
    expect(second?.text).toContain('PO-7004');
    expect(second?.text).not.toContain('PO-7003');
  });
});

describe('the daily digest job', () => {
  it('is queued once for the next digest hour however many instances ask, and each run queues the following day', async () => {
    const now = t.clock();
    const day = nextDigestDay(now, 7, 'America/New_York');
    expect(digestMoment('2026-11-23', 7, 'America/New_York').toISOString()).toBe('2026-11-23T12:00:00.000Z');
    await Promise.all([scheduleNextDigest(t.deps, now), scheduleNextDigest(t.deps, now)]);
    const queued = await t.deps.db.select().from(jobs).where(eq(jobs.kind, staffDigestJob));
    expect(queued.map((job) => job.payload)).toEqual([{ day }]);
    expect(queued[0]?.runAt.toISOString()).toBe(digestMoment(day, 7, 'America/New_York').toISOString());

    await runDigestJob(t.deps)({ day });
    const after = await t.deps.db
      .select()
      .from(jobs)
      .where(inArray(jobs.kind, [staffDigestJob]));
    expect(after.map((job) => job.payload)).toEqual([{ day }, { day: '2026-11-24' }]);
  });
});
