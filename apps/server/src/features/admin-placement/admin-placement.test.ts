import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import { withdrawalMessages } from '@portal/domain/applications/rules.ts';
import type {
  PlacementApplicantPage,
  PlacementBoard,
  PlacementPreview,
} from '@portal/domain/applications/placement-contracts.ts';
import { eventApplicationPlacements, eventApplications } from '../../db/schema/applications.ts';
import { attendanceTakers } from '../../db/schema/attendance.ts';
import {
  cartItems,
  eventGroupings,
  eventPaymentItems,
  eventPayments,
  eventSections,
} from '../../db/schema/commerce.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { createCompleteApplication, createInstitute, type Institute } from '../../test/application-factories.ts';
import { createPayment, signedInUser } from '../../test/commerce-factories.ts';
import { createUser } from '../../test/factories.ts';
import { readCsv } from '../../test/exports.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';

const t = useTestApp();

const staff = async () => (await signedInUser(t, 'STAFF')).caller;

/** An institute whose First Year strands hold 1, 1 and 5 people, and accepted applicants who all rank 1st then 2nd. */
async function oversubscribed(applicants = 3) {
  const institute = await createInstitute(t.deps.db);
  const [first, second, third] = institute.firstYear.sections;
  if (!first || !second || !third) throw new Error('no sections');
  await t.deps.db.update(eventSections).set({ maxTickets: 1 }).where(eq(eventSections.id, first.id));
  await t.deps.db.update(eventSections).set({ maxTickets: 1 }).where(eq(eventSections.id, second.id));
  await t.deps.db.update(eventSections).set({ maxTickets: 5 }).where(eq(eventSections.id, third.id));
  const people = [];
  for (let i = 0; i < applicants; i += 1) {
    const user = await createUser(t.deps.db, { firstName: `Applicant${i}`, lastName: 'Placed' });
    const application = await createCompleteApplication(t.deps.db, institute, user.id, { status: 'ACCEPTED' });
    await t.deps.db
      .update(eventApplications)
      .set({ submittedAt: new Date(Date.UTC(2026, 10, 1, 9, i)) })
      .where(eq(eventApplications.id, application.id));
    people.push({ user, application });
  }
  return { institute, sections: { first, second, third }, people };
}

const base = (institute: Institute) => `/api/admin/events/${institute.event.id}/placement`;
const previewOf = async (caller: Caller, institute: Institute, body: Record<string, unknown>) => {
  const response = await call(t.app, 'POST', `${base(institute)}/preview`, { caller, body });
  expect(response.statusCode).toBe(200);
  return response.json<PlacementPreview>();
};
const publish = (caller: Caller, institute: Institute, body: Record<string, unknown>) =>
  call(t.app, 'POST', `${base(institute)}/publish`, { caller, body });
const taken = async (sectionId: string) =>
  (await t.deps.db.select().from(eventSections).where(eq(eventSections.id, sectionId)))[0]?.ticketsTaken;
const placesIn = (sectionId: string) =>
  t.deps.db.select().from(eventApplicationPlacements).where(eq(eventApplicationPlacements.sectionId, sectionId));

describe('GET /api/admin/events/:eventId/placement', () => {
  it("shows staff the ranked paths' sections with their seats, and how many are placed", async () => {
    const { institute } = await oversubscribed(2);
    const response = await call(t.app, 'GET', base(institute), { caller: await staff() });
    expect(response.statusCode).toBe(200);
    const board = response.json<PlacementBoard>();
    // The Advanced path does not rank: it is not placed.
    expect(
      board.groupings.map((grouping) => [grouping.name, grouping.sections.map((s) => [s.title, s.maxTickets])]),
    ).toEqual([
      [
        'Strands',
        [
          ['Coaching Cycles', 1],
          ['Data Conversations', 1],
          ['Modeling Lessons', 5],
        ],
      ],
    ]);
    expect(board).toMatchObject({ accepted: 2, placed: 0 });
  });

  it('refuses a member (403) and answers 404 for an unknown event', async () => {
    const { institute } = await oversubscribed(1);
    const member = (await signedInUser(t)).caller;
    expect((await call(t.app, 'GET', base(institute), { caller: member })).statusCode).toBe(403);
    const unknown = `/api/admin/events/${randomUUID()}/placement`;
    expect((await call(t.app, 'GET', unknown, { caller: await staff() })).statusCode).toBe(404);
  });

  it('pages the applicants with their rankings', async () => {
    const { institute } = await oversubscribed(3);
    const response = await call(t.app, 'GET', `${base(institute)}/applicants?pageSize=2&search=applicant1`, {
      caller: await staff(),
    });
    const page = response.json<PlacementApplicantPage>();
    expect(page.total).toBe(1);
    expect(page.items[0]?.choices.map((choice) => [choice.sectionTitle, choice.ranking])).toEqual([
      ['Coaching Cycles', 1],
      ['Data Conversations', 2],
    ]);
  });
});

describe('POST /api/admin/events/:eventId/placement/preview', () => {
  it('places first come first, says who is unplaced and why, and saves nothing', async () => {
    const { institute, sections, people } = await oversubscribed(3);
    const preview = await previewOf(await staff(), institute, { priority: 'SUBMISSION' });
    expect(preview.byRank).toEqual([1, 1]);
    expect(preview.places.items.map((place) => [place.firstName, place.sectionTitle, place.rank])).toEqual([
      ['Applicant0', 'Coaching Cycles', 1],
      ['Applicant1', 'Data Conversations', 2],
    ]);
    expect(preview.unplaced).toEqual([
      expect.objectContaining({
        applicationId: people[2]?.application.id,
        groupingName: 'Strands',
        reason: 'Every section they ranked is full',
      }),
    ]);
    expect(preview.fill.find((fill) => fill.sectionId === sections.first.id)).toMatchObject({
      change: 1,
      remaining: 0,
    });
    expect(await placesIn(sections.first.id)).toEqual([]);
    expect(await taken(sections.first.id)).toBe(0);
  });

  it('draws the same lottery from the same seed', async () => {
    const { institute } = await oversubscribed(3);
    const caller = await staff();
    const once = await previewOf(caller, institute, { priority: 'LOTTERY', seed: 20261127 });
    const again = await previewOf(caller, institute, { priority: 'LOTTERY', seed: 20261127 });
    expect(again.fingerprint).toBe(once.fingerprint);
    expect(again.places.items).toEqual(once.places.items);
    expect(once.seed).toBe(20261127);
  });

  it.each([
    [{ priority: 'LOTTERY' }, 'seed'],
    [{ priority: 'LOTTERY', seed: -1 }, 'seed'],
    [{ priority: 'FASTEST' }, 'priority'],
    [
      { priority: 'SUBMISSION', moves: [{ applicationId: randomUUID(), sectionId: randomUUID(), reason: ' ' }] },
      'moves',
    ],
  ])('refuses %j (400)', async (body, field) => {
    const { institute } = await oversubscribed(1);
    const response = await call(t.app, 'POST', `${base(institute)}/preview`, { caller: await staff(), body });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain(field);
  });

  it('answers 409 for an event without ranked selection', async () => {
    const { institute } = await oversubscribed(1);
    await t.deps.db
      .update(eventApplications)
      .set({ pathId: institute.advanced.path.id })
      .where(eq(eventApplications.eventId, institute.event.id));
    const { eventPaths } = await import('../../db/schema/commerce.ts');
    await t.deps.db
      .update(eventPaths)
      .set({ requireRankedSelection: false })
      .where(eq(eventPaths.eventId, institute.event.id));
    const response = await call(t.app, 'POST', `${base(institute)}/preview`, {
      caller: await staff(),
      body: { priority: 'SUBMISSION' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(placementMessages.notRanked);
  });
});

describe('POST /api/admin/events/:eventId/placement/publish', () => {
  it('saves the previewed places with their seats, mails each placed applicant, and audits the seed', async () => {
    const { institute, sections, people } = await oversubscribed(3);
    const caller = await staff();
    const request = {
      priority: 'LOTTERY',
      seed: 7,
      moves: [
        { applicationId: people[2]?.application.id, sectionId: sections.third.id, reason: 'Coaches sixth grade' },
      ],
    };
    const preview = await previewOf(caller, institute, request);
    const response = await publish(caller, institute, { ...request, fingerprint: preview.fingerprint });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ published: 3, message: '3 places published' });
    expect(await placesIn(sections.third.id)).toEqual([
      expect.objectContaining({
        applicationId: people[2]?.application.id,
        rank: null,
        handReason: 'Coaches sixth grade',
      }),
    ]);
    expect([await taken(sections.first.id), await taken(sections.second.id), await taken(sections.third.id)]).toEqual([
      1, 1, 1,
    ]);
    const [grouping] = await t.deps.db
      .select()
      .from(eventGroupings)
      .where(eq(eventGroupings.id, institute.firstYear.grouping.id));
    expect(grouping?.ticketsTaken).toBe(3);
    const mails = await t.deps.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.to, people[2]?.user.email ?? ''));
    expect(mails.map((mail) => mail.subject)).toEqual([`Your section at ${institute.event.name}`]);
    expect(mails[0]?.text).toContain('Your section: Modeling Lessons');
    const applicant = await signedInUser(t);
    await t.deps.db
      .update(eventApplications)
      .set({ userId: applicant.user.id })
      .where(eq(eventApplications.id, people[2]?.application.id ?? ''));
    const list = await call(t.app, 'GET', '/api/event-applications', { caller: applicant.caller });
    expect(list.json().items).toEqual([expect.objectContaining({ placedSections: ['Modeling Lessons'] })]);
    const detail = await call(t.app, 'GET', `/api/admin/applications/${people[2]?.application.id}`, { caller });
    expect(detail.json().placements).toEqual([{ sectionTitle: 'Modeling Lessons', rank: null }]);
    const [entry] = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-placement.publish'), eq(auditLog.subjectId, institute.event.id)));
    expect(entry?.data).toMatchObject({ priority: 'LOTTERY', seed: 7, places: 3 });
  });

  it('refuses a stale preview (409) and saves nothing', async () => {
    const { institute, sections } = await oversubscribed(2);
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    await t.deps.db.update(eventSections).set({ ticketsTaken: 1 }).where(eq(eventSections.id, sections.first.id));
    const response = await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(placementMessages.previewChanged);
    expect(await placesIn(sections.second.id)).toEqual([]);
  });

  it('refuses a hand move into a full section (409)', async () => {
    const { institute, sections, people } = await oversubscribed(2);
    await t.deps.db.update(eventSections).set({ ticketsTaken: 1 }).where(eq(eventSections.id, sections.first.id));
    const response = await publish(await staff(), institute, {
      priority: 'SUBMISSION',
      moves: [{ applicationId: people[0]?.application.id, sectionId: sections.first.id, reason: 'Asked' }],
      fingerprint: 'x',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(placementMessages.full);
  });

  it('publishing twice at once places once', async () => {
    const { institute, sections } = await oversubscribed(3);
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    const body = { priority: 'SUBMISSION', fingerprint: preview.fingerprint };
    const responses = await Promise.all([publish(caller, institute, body), publish(caller, institute, body)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    expect((await placesIn(sections.first.id)).length + (await placesIn(sections.second.id)).length).toBe(2);
    expect([await taken(sections.first.id), await taken(sections.second.id)]).toEqual([1, 1]);
  });

  it('placing again touches only applicants not placed yet; a hand move frees the old seat', async () => {
    const { institute, sections, people } = await oversubscribed(2);
    const caller = await staff();
    const first = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    expect(
      (await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: first.fingerprint })).statusCode,
    ).toBe(200);
    const late = await createUser(t.deps.db, { firstName: 'Late' });
    const lateApplication = await createCompleteApplication(t.deps.db, institute, late.id, { status: 'ACCEPTED' });
    // First in priority, the late applicant still finds both ranked sections taken: published places stay.
    const again = await previewOf(caller, institute, { priority: 'MANUAL', order: [lateApplication.id] });
    expect(again.places.items.map((place) => [place.firstName, place.sectionTitle, place.source])).toEqual([
      ['Applicant0', 'Coaching Cycles', 'PUBLISHED'],
      ['Applicant1', 'Data Conversations', 'PUBLISHED'],
    ]);
    expect(again.unplaced.map((person) => [person.firstName, person.reason])).toEqual([
      ['Late', placementMessages.unplacedReasons.RANKED_FULL],
    ]);
    expect(again.newPlaces).toBe(0);
    const moveBody = {
      priority: 'SUBMISSION',
      moves: [{ applicationId: people[0]?.application.id, sectionId: sections.third.id, reason: 'Swap' }],
    };
    const moved = await previewOf(caller, institute, moveBody);
    expect((await publish(caller, institute, { ...moveBody, fingerprint: moved.fingerprint })).statusCode).toBe(200);
    // Applicant0 left Coaching Cycles for Modeling Lessons; the late applicant took the freed seat.
    expect(await taken(sections.first.id)).toBe(1);
    expect((await placesIn(sections.first.id)).map((place) => place.applicationId)).toEqual([lateApplication.id]);
    expect(await taken(sections.third.id)).toBe(1);
  });

  it('voiding an accepted application frees its place', async () => {
    const { institute, sections, people } = await oversubscribed(1);
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint });
    expect(await taken(sections.first.id)).toBe(1);
    const voided = await call(t.app, 'POST', `/api/admin/applications/${people[0]?.application.id}/decision`, {
      caller,
      body: { decision: 'VOID' },
    });
    expect(voided.statusCode).toBe(200);
    expect(await taken(sections.first.id)).toBe(0);
    expect(await placesIn(sections.first.id)).toEqual([]);
  });

  it(
    'a checkout for the last seat of a section racing a publication oversells nothing',
    { timeout: 20_000 },
    async () => {
      const { institute, sections } = await oversubscribed(1);
      const buyer = await signedInUser(t);
      await t.deps.db.insert(cartItems).values({
        userId: buyer.user.id,
        eventId: institute.event.id,
        sectionId: sections.first.id,
        ticketTypeId: institute.ticketType.id,
        numberOfTickets: 1,
      });
      const caller = await staff();
      const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
      const [checkout, published] = await Promise.all([
        call(t.app, 'POST', '/api/checkout', {
          caller: buyer.caller,
          body: { method: 'CARD' },
          headers: { 'idempotency-key': randomUUID() },
        }),
        publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint }),
      ]);
      // One of them has the seat; the other is refused (sold out, or a stale preview).
      expect([checkout.statusCode, published.statusCode].filter((status) => status === 409)).toHaveLength(1);
      const [held] = await t.deps.db
        .select({ n: eventPaymentItems.numberOfTickets })
        .from(eventPaymentItems)
        .innerJoin(eventPayments, eq(eventPayments.id, eventPaymentItems.paymentId))
        .where(and(eq(eventPaymentItems.sectionId, sections.first.id), eq(eventPayments.seatsHeld, true)));
      const seats = (held?.n ?? 0) + (await placesIn(sections.first.id)).length;
      expect(seats).toBe(1);
      expect(await taken(sections.first.id)).toBe(1);
    },
  );
});

describe('what placement changes for attendance', () => {
  it('lists a placed applicant in their placed section only, and marks one not placed yet', async () => {
    const { institute, sections, people } = await oversubscribed(2);
    const taker = await signedInUser(t);
    await t.deps.db.insert(attendanceTakers).values({ userId: taker.user.id, eventId: institute.event.id });
    const roll = async (sectionId: string) =>
      (
        await call(t.app, 'GET', `/api/events/${institute.event.id}/attendance/${sectionId}`, { caller: taker.caller })
      ).json<{ people: { userId: string; notPlacedYet: boolean }[] }>().people;
    const first = people[0]?.user.id;
    expect((await roll(sections.second.id)).find((person) => person.userId === first)).toMatchObject({
      notPlacedYet: true,
    });
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint });
    expect((await roll(sections.first.id)).filter((person) => person.userId === first)).toEqual([
      expect.objectContaining({ notPlacedYet: false }),
    ]);
    expect((await roll(sections.second.id)).map((person) => person.userId)).toEqual([people[1]?.user.id]);
  });
});

/** A payment of the application, in the given status, as its checkout would have left it. */
async function applicationPayment(
  institute: Institute,
  userId: string,
  applicationId: string,
  status: 'AWAITING_PO' | 'PAID',
) {
  const payment = await createPayment(t.deps.db, {
    userId,
    status,
    lines: [{ eventId: institute.event.id, ticketTypeId: institute.ticketType.id, numberOfTickets: 1 }],
  });
  await t.deps.db.update(eventPayments).set({ applicationId }).where(eq(eventPayments.id, payment.id));
  return payment;
}

describe('POST /api/event-applications/:applicationId/withdraw', () => {
  const withdraw = (caller: Caller, applicationId: string | undefined) =>
    call(t.app, 'POST', `/api/event-applications/${applicationId}/withdraw`, { caller });

  it("frees the applicant's place and cancels the payment still awaited; a second click answers the same", async () => {
    const { institute, sections } = await oversubscribed(0);
    const applicant = await signedInUser(t);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id, {
      status: 'ACCEPTED',
    });
    const payment = await applicationPayment(institute, applicant.user.id, application.id, 'AWAITING_PO');
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint });
    expect(await taken(sections.first.id)).toBe(1);

    const response = await withdraw(applicant.caller, application.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'WITHDRAWN' });
    expect(await taken(sections.first.id)).toBe(0);
    expect(await placesIn(sections.first.id)).toEqual([]);
    const [cancelled] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, payment.id));
    expect(cancelled?.status).toBe('CANCELLED');
    const entries = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'event-application.withdraw'), eq(auditLog.subjectId, application.id)));
    expect(entries).toHaveLength(1);

    const again = await withdraw(applicant.caller, application.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'WITHDRAWN' });
    // Staff cannot decide on it any more either.
    const voided = await call(t.app, 'POST', `/api/admin/applications/${application.id}/decision`, {
      caller,
      body: { decision: 'VOID' },
    });
    expect(voided.statusCode).toBe(409);
  });

  it('refuses a paid application with where to turn, and keeps its place', async () => {
    const { institute } = await oversubscribed(0);
    const applicant = await signedInUser(t);
    const application = await createCompleteApplication(t.deps.db, institute, applicant.user.id, {
      status: 'ACCEPTED',
    });
    await applicationPayment(institute, applicant.user.id, application.id, 'PAID');
    const response = await withdraw(applicant.caller, application.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ detail: withdrawalMessages.paid });
    const [kept] = await t.deps.db.select().from(eventApplications).where(eq(eventApplications.id, application.id));
    expect(kept?.status).toBe('ACCEPTED');
  });

  it('keeps another member out of an application that is not theirs, and refuses an id that is not one', async () => {
    const { people } = await oversubscribed(1);
    const stranger = await signedInUser(t);
    expect((await withdraw(stranger.caller, people[0]?.application.id)).statusCode).toBe(404);
    expect((await withdraw(stranger.caller, 'not-an-id')).statusCode).toBe(400);
    const [kept] = await t.deps.db
      .select()
      .from(eventApplications)
      .where(eq(eventApplications.id, people[0]?.application.id ?? ''));
    expect(kept?.status).toBe('ACCEPTED');
  });
});

describe('GET /api/admin/applications/export', () => {
  it('carries each application’s ranked sections, its placed section and the rank it was', async () => {
    const { institute, sections, people } = await oversubscribed(2);
    const caller = await staff();
    const preview = await previewOf(caller, institute, { priority: 'SUBMISSION' });
    await publish(caller, institute, { priority: 'SUBMISSION', fingerprint: preview.fingerprint });

    const response = await call(
      t.app,
      'GET',
      `/api/admin/applications/export?format=csv&eventId=${institute.event.id}&status=ACCEPTED`,
      { caller },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const [header, ...rows] = readCsv(response.body);
    expect(header).toEqual([
      'Applicant',
      'Email',
      'Event',
      'Status',
      'Payment status',
      'Submitted',
      'Ranked sections',
      'Placed section',
      'Answers',
    ]);
    expect(rows).toHaveLength(2);
    // The first to submit got her 1st choice; the second, her 2nd (Coaching Cycles holds one).
    const byEmail = new Map(rows.map((row) => [row[1], row]));
    const first = byEmail.get(people[0]?.user.email ?? '');
    const second = byEmail.get(people[1]?.user.email ?? '');
    expect(first?.[3]).toBe('Accepted');
    expect(first?.[6]).toContain(`1. ${sections.first.title}`);
    expect(first?.[7]).toBe(`${sections.first.title} (1st choice)`);
    expect(second?.[7]).toBe(`${sections.second.title} (2nd choice)`);
  });

  it('is for staff only, and refuses a format it does not make', async () => {
    const member = await signedInUser(t);
    expect(
      (await call(t.app, 'GET', '/api/admin/applications/export?format=csv', { caller: member.caller })).statusCode,
    ).toBe(403);
    expect(
      (await call(t.app, 'GET', '/api/admin/applications/export?format=pdf', { caller: await staff() })).statusCode,
    ).toBe(400);
  });
});
