import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import {
  staffApplicationMessages,
  type AdminApplicationDetail,
  type AdminApplicationPage,
} from '@portal/domain/applications/contracts.ts';
import { eventApplications } from '../../db/schema/applications.ts';
import { eventPayments, events, purchaseOrders } from '../../db/schema/commerce.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { createCompleteApplication, createInstitute, type Institute } from '../../test/application-factories.ts';
import { createPayment, createPurchaseOrder, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization, createUser } from '../../test/factories.ts';
import { call, useTestApp } from '../../test/harness.ts';

const t = useTestApp();

const staff = async () => signedInUser(t, 'STAFF', { firstName: 'Sam' });
const member = async () => (await signedInUser(t)).caller;
const unknownId = '00000000-0000-4000-8000-000000000000';

const mailTo = (email: string) => t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, email));
const statusOf = async (applicationId: string) =>
  (
    await t.deps.db
      .select({ status: eventApplications.status })
      .from(eventApplications)
      .where(eq(eventApplications.id, applicationId))
  )[0]?.status;

async function applicant(fields: { firstName?: string; lastName?: string; email?: string } = {}) {
  return createUser(t.deps.db, fields);
}

/** An accepted application whose applicant started paying: the institute's seat is held by the payment. */
async function acceptedWithPayment(institute: Institute, status: 'PENDING' | 'AWAITING_PO') {
  const user = await applicant();
  const application = await createCompleteApplication(t.deps.db, institute, user.id, { status: 'ACCEPTED' });
  const payment = await createPayment(t.deps.db, {
    userId: user.id,
    status,
    lines: [
      { eventId: institute.event.id, ticketTypeId: institute.ticketType.id, numberOfTickets: 1, priceCents: 95_000 },
    ],
  });
  await t.deps.db.update(eventPayments).set({ applicationId: application.id }).where(eq(eventPayments.id, payment.id));
  return { user, application, payment };
}

const ticketsTaken = async (eventId: string) =>
  (await t.deps.db.select({ n: events.ticketsTaken }).from(events).where(eq(events.id, eventId)))[0]?.n;

describe('GET /api/admin/applications', () => {
  it('lists submitted applications first, oldest submission first, filtered by event, status and applicant', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const other = await createInstitute(t.deps.db);
    const zoe = await applicant({ firstName: 'Zoe', lastName: 'Queue', email: 'zoe.queue@example.test' });
    const yuri = await applicant({ firstName: 'Yuri', lastName: 'Queue' });
    const xena = await applicant({ firstName: 'Xena', lastName: 'Queue' });
    const started = await createCompleteApplication(t.deps.db, institute, zoe.id, { status: 'STARTED' });
    const later = await createCompleteApplication(t.deps.db, institute, yuri.id, { status: 'SUBMITTED' });
    const earlier = await createCompleteApplication(t.deps.db, institute, xena.id, {
      status: 'ACCEPTED',
      paymentOptionId: institute.options.purchaseOrder.id,
    });
    await t.deps.db
      .update(eventApplications)
      .set({ submittedAt: new Date('2026-11-01T00:00:00Z') })
      .where(eq(eventApplications.id, earlier.id));
    await createCompleteApplication(t.deps.db, other, zoe.id);

    const response = await call(t.app, 'GET', `/api/admin/applications?eventId=${institute.event.id}`, { caller });
    expect(response.statusCode).toBe(200);
    const page = response.json<AdminApplicationPage>();
    expect(page.total).toBe(3);
    expect(page.items.map((row) => row.id)).toEqual([earlier.id, later.id, started.id]);
    expect(page.items[0]).toMatchObject({
      status: 'ACCEPTED',
      applicant: { id: xena.id, firstName: 'Xena', lastName: 'Queue', email: xena.email },
      event: { id: institute.event.id, name: institute.event.name, startDate: '2027-01-20' },
      paymentStatus: 'AWAITING_PO',
      submittedAt: '2026-11-01T00:00:00.000Z',
    });
    expect(page.items[2]).toMatchObject({ status: 'STARTED', submittedAt: null, paymentStatus: 'PENDING' });

    const submitted = await call(
      t.app,
      'GET',
      `/api/admin/applications?eventId=${institute.event.id}&status=SUBMITTED`,
      { caller },
    );
    expect(submitted.json<AdminApplicationPage>().items.map((row) => row.id)).toEqual([later.id]);

    const byName = await call(t.app, 'GET', '/api/admin/applications?search=zoe%20queue&pageSize=1', { caller });
    expect(byName.json<AdminApplicationPage>()).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    const byEmail = await call(t.app, 'GET', `/api/admin/applications?search=ZOE.QUEUE@&eventId=${other.event.id}`, {
      caller,
    });
    expect(byEmail.json<AdminApplicationPage>().items).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ id: other.event.id }) }),
    ]);
  });

  it('shows the latest payment of each application', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const { application } = await acceptedWithPayment(institute, 'PENDING');
    const response = await call(t.app, 'GET', `/api/admin/applications?eventId=${institute.event.id}`, { caller });
    expect(response.json<AdminApplicationPage>().items).toEqual([
      expect.objectContaining({ id: application.id, paymentStatus: 'PENDING' }),
    ]);
  });

  it('refuses members (403) and signed-out callers (401), and bad filters (400)', async () => {
    expect((await call(t.app, 'GET', '/api/admin/applications', { caller: await member() })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/applications')).statusCode).toBe(401);
    const { caller } = await staff();
    const bad = await call(t.app, 'GET', '/api/admin/applications?status=PENDING&eventId=nope', { caller });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors ?? {}).sort()).toEqual(expect.arrayContaining(['status']));
  });
});

describe('GET /api/admin/applications/:id', () => {
  it('answers the application as the applicant sees it, with the applicant, their affiliations and the history', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const user = await applicant({ firstName: 'Cora', lastName: 'Cruz' });
    const school = await createOrganization(t.deps.db, 'Detail Middle School');
    await addMembership(t.deps.db, school.id, user.id);
    const application = await createCompleteApplication(t.deps.db, institute, user.id);
    await t.deps.db.insert(auditLog).values({
      actorId: user.id,
      action: 'event-application.submit',
      subjectType: 'event_application',
      subjectId: application.id,
    });

    const response = await call(t.app, 'GET', `/api/admin/applications/${application.id}`, { caller });
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminApplicationDetail>();
    expect(detail).toMatchObject({
      id: application.id,
      status: 'SUBMITTED',
      applicant: { id: user.id, firstName: 'Cora', lastName: 'Cruz', email: user.email },
      affiliations: [{ organizationName: 'Detail Middle School', positionLabel: null, grades: [] }],
      history: [{ action: 'event-application.submit', actorName: 'Cora Cruz', at: expect.any(String) }],
      progress: { generalInformation: true, affiliation: true, section: true, questionnaire: true },
      paymentOption: { id: institute.options.card.id, label: 'Credit Card', method: 'CARD' },
    });
    expect(detail.requestedSections.map((s) => s.title)).toEqual(['Coaching Cycles', 'Data Conversations']);
    expect(detail.event.questions).toHaveLength(3);
  });

  it('answers 404 for an unknown application, 400 for a malformed id, 403 for members', async () => {
    const { caller } = await staff();
    const missing = await call(t.app, 'GET', `/api/admin/applications/${unknownId}`, { caller });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe(applicationMessages.notFound);
    expect((await call(t.app, 'GET', '/api/admin/applications/nope', { caller })).statusCode).toBe(400);
    const institute = await createInstitute(t.deps.db);
    const application = await createCompleteApplication(t.deps.db, institute, (await applicant()).id);
    expect(
      (await call(t.app, 'GET', `/api/admin/applications/${application.id}`, { caller: await member() })).statusCode,
    ).toBe(403);
  });
});

describe('POST /api/admin/applications/:id/decision', () => {
  it('accepts a submitted application: audited, and the applicant mailed with the note and the due days', async () => {
    const { caller, user: sam } = await staff();
    const institute = await createInstitute(t.deps.db);
    const user = await applicant({ firstName: 'Ada' });
    const application = await createCompleteApplication(t.deps.db, institute, user.id);

    const response = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'ACCEPT', note: '  Welcome aboard!  ' },
    });
    expect(response.statusCode).toBe(200);
    const detail = response.json<AdminApplicationDetail>();
    expect(detail).toMatchObject({ status: 'ACCEPTED', editable: false, paymentStatus: 'PENDING' });
    expect(detail.history).toEqual([
      expect.objectContaining({ action: 'event-application.accept', actorName: `Sam ${sam.lastName}` }),
    ]);

    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-application.accept'), eq(auditLog.subjectId, application.id)));
    expect(entry).toMatchObject({
      actorId: sam.id,
      subjectType: 'event_application',
      data: { from: 'SUBMITTED', to: 'ACCEPTED', note: 'Welcome aboard!' },
    });
    const [mail] = await mailTo(user.email);
    expect(mail?.subject).toBe(`Your application to ${institute.event.name} was accepted`);
    expect(mail?.text).toContain('Hello Ada,');
    expect(mail?.text).toContain('Payment due in 30 days');
    expect(mail?.text).toContain('http://portal.test/members/events/applications');
    expect(mail?.text).toContain('Welcome aboard!');

    const again = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'REJECT' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(staffApplicationMessages.notAllowed);
    expect(await statusOf(application.id)).toBe('ACCEPTED');
  });

  // Requests fired together: on PostgreSQL (DATABASE_URL) each runs on its own connection and both
  // read SUBMITTED before either writes, so only the conditional update keeps the second one out.
  it.each([
    ['accept and reject', ['ACCEPT', 'REJECT']],
    ['accept and accept', ['ACCEPT', 'ACCEPT']],
    ['four accepts', ['ACCEPT', 'ACCEPT', 'ACCEPT', 'ACCEPT']],
    ['reject and request changes', ['REJECT', 'REQUEST_CHANGES']],
  ] as const)('lets only one of several decisions made at once win: %s', async (_, decisions) => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const user = await applicant();
    const application = await createCompleteApplication(t.deps.db, institute, user.id);
    const url = `/api/admin/applications/${application.id}/decision`;
    const answers = await Promise.all(
      decisions.map((decision) => call(t.app, 'POST', url, { caller, body: { decision } })),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(decisions.length - 1);
    const winner = answers.find((a) => a.statusCode === 200)?.json<AdminApplicationDetail>();
    expect(await statusOf(application.id)).toBe(winner?.status);
    for (const loser of answers.filter((a) => a.statusCode === 409))
      expect(loser.json().detail).toBe(staffApplicationMessages.notAllowed);
    // One decision, one mail, one audit entry.
    expect(await mailTo(user.email)).toHaveLength(1);
    const decided = await t.deps.db.select().from(auditLog).where(eq(auditLog.subjectId, application.id));
    expect(
      decided.filter(
        (entry) => entry.action.startsWith('event-application.') && entry.action !== 'event-application.submit',
      ),
    ).toHaveLength(1);
  });

  it('asks for changes, after which the applicant may edit again; the mail links to the wizard', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const user = await applicant();
    const application = await createCompleteApplication(t.deps.db, institute, user.id);
    const response = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'REQUEST_CHANGES', note: 'Please tell us more about why you want to attend.' },
    });
    expect(response.json()).toMatchObject({ status: 'CHANGES_REQUESTED', editable: true });
    const [mail] = await mailTo(user.email);
    expect(mail?.text).toContain(
      `http://portal.test/members/events/applications/${application.id}/manage/general-information`,
    );
    expect(mail?.text).toContain('Please tell us more');
  });

  it('refuses deciding an application that was not submitted, except voiding it', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const application = await createCompleteApplication(t.deps.db, institute, (await applicant()).id, {
      status: 'STARTED',
    });
    const url = `/api/admin/applications/${application.id}/decision`;
    expect((await call(t.app, 'POST', url, { caller, body: { decision: 'ACCEPT' } })).statusCode).toBe(409);
    expect((await call(t.app, 'POST', url, { caller, body: { decision: 'VOID' } })).json().status).toBe('VOIDED');
    expect((await call(t.app, 'POST', url, { caller, body: { decision: 'VOID' } })).statusCode).toBe(409);
  });

  it('voiding an accepted application cancels its payment in progress and gives the seat back', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const { user, application, payment } = await acceptedWithPayment(institute, 'PENDING');
    expect(await ticketsTaken(institute.event.id)).toBe(1);

    const response = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'VOID' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'VOIDED', paymentStatus: 'CANCELLED' });
    const [cancelled] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(cancelled).toMatchObject({ status: 'CANCELLED', seatsHeld: false });
    expect(await ticketsTaken(institute.event.id)).toBe(0);
    const [mail] = await mailTo(user.email);
    expect(mail?.subject).toBe(`Your application to ${institute.event.name} was voided`);
    expect(mail?.text).toContain('payment in progress was cancelled');
  });

  it('voiding an application whose purchase order is under review voids the purchase order too', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const { user, application, payment } = await acceptedWithPayment(institute, 'AWAITING_PO');
    const school = await createOrganization(t.deps.db);
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
    const order = await createPurchaseOrder(t.deps.db, t.deps.storage, {
      paymentId: payment.id,
      userId: user.id,
      organizationId: school.id,
      pdf,
    });

    const response = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'VOID' },
    });
    expect(response.statusCode).toBe(200);
    const [voided] = await t.deps.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, order.id));
    expect(voided?.status).toBe('VOIDED');
    expect(await ticketsTaken(institute.event.id)).toBe(0);
  });

  it('refuses members (403), unknown applications (404) and unknown decisions (400)', async () => {
    const institute = await createInstitute(t.deps.db);
    const application = await createCompleteApplication(t.deps.db, institute, (await applicant()).id);
    const url = `/api/admin/applications/${application.id}/decision`;
    expect((await call(t.app, 'POST', url, { caller: await member(), body: { decision: 'ACCEPT' } })).statusCode).toBe(
      403,
    );
    const { caller } = await staff();
    expect(
      (
        await call(t.app, 'POST', `/api/admin/applications/${unknownId}/decision`, {
          caller,
          body: { decision: 'ACCEPT' },
        })
      ).statusCode,
    ).toBe(404);
    const bad = await call(t.app, 'POST', url, { caller, body: { decision: 'MAYBE' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('decision');
    expect(await statusOf(application.id)).toBe('SUBMITTED');
  });
});

describe('application settings', () => {
  it('answers the settings with the ticket types and questions', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const response = await call(t.app, 'GET', `/api/admin/events/${institute.event.id}/application-settings`, {
      caller,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      acceptsApplications: true,
      ticketTypeId: institute.ticketType.id,
      dueDays: 30,
      paymentOptions: [
        { id: institute.options.card.id, label: 'Credit Card', method: 'CARD' },
        { id: institute.options.purchaseOrder.id, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      ],
      ticketTypes: [{ id: institute.ticketType.id, name: 'Institute tuition', priceCents: 95_000 }],
      questions: [
        expect.objectContaining({ label: 'Why do you want to attend?', type: 'TEXTAREA', required: true, position: 0 }),
        expect.objectContaining({ label: 'Which grades do you coach?', options: ['K-2', '3-5', '6-8'], position: 1 }),
        expect.objectContaining({ label: 'Anything else we should know?', required: false, position: 2 }),
      ],
    });
  });

  it('replaces the payment options, keeping the ids sent and an option applicants chose', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    await createCompleteApplication(t.deps.db, institute, (await applicant()).id, {
      paymentOptionId: institute.options.purchaseOrder.id,
    });
    const response = await call(t.app, 'PUT', `/api/admin/events/${institute.event.id}/application-settings`, {
      caller,
      body: {
        acceptsApplications: false,
        ticketTypeId: null,
        dueDays: 1,
        paymentOptions: [
          { label: 'District invoice', method: 'PURCHASE_ORDER' },
          { id: institute.options.card.id, label: 'Card', method: 'CARD' },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      acceptsApplications: false,
      ticketTypeId: null,
      dueDays: 1,
      paymentOptions: [
        { id: expect.any(String), label: 'District invoice', method: 'PURCHASE_ORDER' },
        { id: institute.options.card.id, label: 'Card', method: 'CARD' },
        { id: institute.options.purchaseOrder.id, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      ],
    });

    const dropped = await call(t.app, 'PUT', `/api/admin/events/${institute.event.id}/application-settings`, {
      caller,
      body: { acceptsApplications: true, ticketTypeId: institute.ticketType.id, dueDays: null, paymentOptions: [] },
    });
    expect(dropped.json().paymentOptions).toEqual([
      { id: institute.options.purchaseOrder.id, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
    ]);
    expect(dropped.json()).toMatchObject({
      acceptsApplications: true,
      ticketTypeId: institute.ticketType.id,
      dueDays: null,
    });
  });

  it('refuses a ticket type or payment option of another event (400), bad input (400), members (403) and unknown events (404)', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const other = await createInstitute(t.deps.db);
    const url = `/api/admin/events/${institute.event.id}/application-settings`;
    const body = { acceptsApplications: true, ticketTypeId: other.ticketType.id, dueDays: 30, paymentOptions: [] };
    const foreign = await call(t.app, 'PUT', url, { caller, body });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      detail: staffApplicationMessages.ticketTypeUnknown,
      errors: { ticketTypeId: staffApplicationMessages.ticketTypeUnknown },
    });
    const foreignOption = await call(t.app, 'PUT', url, {
      caller,
      body: {
        ...body,
        ticketTypeId: null,
        paymentOptions: [{ id: other.options.card.id, label: 'Card', method: 'CARD' }],
      },
    });
    expect(foreignOption.statusCode).toBe(400);
    expect(foreignOption.json().errors).toHaveProperty(['paymentOptions.0.id']);

    const bad = await call(t.app, 'PUT', url, {
      caller,
      body: { ...body, dueDays: -1, paymentOptions: [{ label: ' ', method: 'CARD' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      dueDays: staffApplicationMessages.dueDaysInvalid,
      'paymentOptions.0.label': staffApplicationMessages.labelRequired,
    });
    const settings = await call(t.app, 'GET', url, { caller });
    expect(settings.json()).toMatchObject({ ticketTypeId: institute.ticketType.id, dueDays: 30 });
    expect(settings.json().paymentOptions).toHaveLength(2);

    expect((await call(t.app, 'GET', url, { caller: await member() })).statusCode).toBe(403);
    expect(
      (await call(t.app, 'PUT', url, { caller: await member(), body: { ...body, ticketTypeId: null } })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', `/api/admin/events/${unknownId}/application-settings`, { caller })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/events/${unknownId}/application-settings`, {
          caller,
          body: { ...body, ticketTypeId: null },
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('questions', () => {
  it('adds, edits and deletes a question', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const created = await call(t.app, 'POST', `/api/admin/events/${institute.event.id}/questions`, {
      caller,
      body: {
        type: 'RADIO',
        label: ' Which strand interests you most? ',
        options: ['Reading', 'Writing'],
        required: true,
        position: 3,
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(String),
      type: 'RADIO',
      label: 'Which strand interests you most?',
      options: ['Reading', 'Writing'],
      required: true,
      position: 3,
    });
    const id: string = created.json().id;

    const edited = await call(t.app, 'PUT', `/api/admin/questions/${id}`, {
      caller,
      body: { type: 'TEXT', label: 'Which strand?', options: ['ignored'], required: false, position: 4 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toEqual({
      id,
      type: 'TEXT',
      label: 'Which strand?',
      options: [],
      required: false,
      position: 4,
    });

    const deleted = await call(t.app, 'DELETE', `/api/admin/questions/${id}`, { caller });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().questions).toHaveLength(3);
    expect((await call(t.app, 'DELETE', `/api/admin/questions/${id}`, { caller })).statusCode).toBe(404);
    const actions = await t.deps.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.subjectId, id));
    expect(actions.map((a) => a.action).sort()).toEqual([
      'event.question.create',
      'event.question.delete',
      'event.question.update',
    ]);
  });

  it('refuses deleting a question applicants answered (409)', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    await createCompleteApplication(t.deps.db, institute, (await applicant()).id);
    const response = await call(t.app, 'DELETE', `/api/admin/questions/${institute.questions.why.id}`, { caller });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(staffApplicationMessages.questionAnswered);
  });

  it('refuses a choice question without options and an empty label (400), members (403), unknown events and questions (404)', async () => {
    const { caller } = await staff();
    const institute = await createInstitute(t.deps.db);
    const url = `/api/admin/events/${institute.event.id}/questions`;
    const bad = await call(t.app, 'POST', url, {
      caller,
      body: { type: 'CHECKBOX', label: '', options: [], required: true, position: 0 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      label: staffApplicationMessages.labelRequired,
      options: staffApplicationMessages.optionsRequired,
    });
    const body = { type: 'TEXT', label: 'Anything else?', options: [], required: false, position: 0 };
    expect((await call(t.app, 'POST', url, { caller: await member(), body })).statusCode).toBe(403);
    expect(
      (
        await call(t.app, 'PUT', `/api/admin/questions/${institute.questions.anything.id}`, {
          caller: await member(),
          body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call(t.app, 'DELETE', `/api/admin/questions/${institute.questions.anything.id}`, {
          caller: await member(),
        })
      ).statusCode,
    ).toBe(403);
    expect((await call(t.app, 'POST', `/api/admin/events/${unknownId}/questions`, { caller, body })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'PUT', `/api/admin/questions/${unknownId}`, { caller, body })).statusCode).toBe(404);
    expect((await call(t.app, 'PUT', '/api/admin/questions/nope', { caller, body })).statusCode).toBe(400);
  });
});
