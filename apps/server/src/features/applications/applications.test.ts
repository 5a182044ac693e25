import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { applicationMessages, selectionMessages } from '@portal/domain/applications/rules.ts';
import {
  generalInformationMessages,
  type ApplicationDetail,
  type ApplicationPage,
} from '@portal/domain/applications/contracts.ts';
import { couponRefusals } from '@portal/domain/commerce/cart.ts';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { applicationQuestions, eventApplications, legacyEventApplications } from '../../db/schema/applications.ts';
import {
  coupons,
  eventGroupings,
  eventPaths,
  eventPaymentItems,
  eventPayments,
  events,
} from '../../db/schema/commerce.ts';
import { auditLog, mailMessages } from '../../db/schema/platform.ts';
import { eventTickets } from '../../db/schema/tickets.ts';
import {
  createCompleteApplication,
  createInstitute,
  setApplicationStatus,
  type Institute,
} from '../../test/application-factories.ts';
import { createCoupon, createEvent, signedInUser } from '../../test/commerce-factories.ts';
import { addMembership, createOrganization } from '../../test/factories.ts';
import { call, useTestApp, type Caller } from '../../test/harness.ts';
import { multipartBody, tinyPdf } from '../../test/multipart.ts';
import { generalInformation } from '../../test/valid-inputs.ts';

const t = useTestApp();

const start = (caller: Caller | undefined, eventId: string) =>
  call(t.app, 'POST', '/api/event-applications', { caller, body: { eventId } });
const read = (caller: Caller, id: string) => call(t.app, 'GET', `/api/event-applications/${id}`, { caller });
const save = (caller: Caller, id: string, body: unknown) =>
  call(t.app, 'PUT', `/api/event-applications/${id}/segments`, { caller, body });
const pay = (caller: Caller, id: string, key: string = randomUUID()) =>
  call(t.app, 'POST', `/api/event-applications/${id}/pay`, { caller, headers: { 'idempotency-key': key } });
const changeMethod = (caller: Caller, id: string, paymentOptionId: string) =>
  call(t.app, 'PUT', `/api/event-applications/${id}/payment-method`, { caller, body: { paymentOptionId } });
const coupon = (caller: Caller, id: string, code: string) =>
  call(t.app, 'POST', `/api/event-applications/${id}/coupon`, { caller, body: { code } });

/** A member of a school with a started application to a fresh institute. */
async function applicant(fields: { firstName?: string } = {}) {
  const institute = await createInstitute(t.deps.db);
  const member = await signedInUser(t, 'MEMBER', fields);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, member.user.id);
  const response = await start(member.caller, institute.event.id);
  expect(response.statusCode).toBe(201);
  return { ...member, institute, organization, applicationId: response.json().applicationId as string };
}

/** An accepted application with every step done, paid by `option`. */
async function accepted(
  option: 'card' | 'purchaseOrder' = 'card',
  fields: { couponId?: string; institute?: Institute } = {},
) {
  const institute = fields.institute ?? (await createInstitute(t.deps.db));
  const member = await signedInUser(t);
  const organization = await createOrganization(t.deps.db);
  await addMembership(t.deps.db, organization.id, member.user.id);
  const application = await createCompleteApplication(t.deps.db, institute, member.user.id, {
    status: 'ACCEPTED',
    paymentOptionId: institute.options[option].id,
    couponId: fields.couponId ?? null,
  });
  return { ...member, institute, organization, applicationId: application.id };
}

const ranked = (institute: Institute, rankings: (number | null)[]) => ({
  segment: 'SECTIONS',
  data: {
    pathId: institute.firstYear.path.id,
    requestedGroupings: [],
    requestedSections: rankings.map((ranking, index) => ({ id: institute.firstYear.sections[index]?.id, ranking })),
  },
});

/** The first step done, so that the sections step may be saved (§2). */
async function withGeneralInformation(caller: Caller, applicationId: string) {
  expect(
    (await save(caller, applicationId, { segment: 'GENERAL_INFORMATION', data: generalInformation })).statusCode,
  ).toBe(200);
}

async function paymentRow(id: string) {
  const [row] = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.id, id));
  if (!row) throw new Error('no payment');
  return row;
}
const seatsTaken = async (eventId: string) =>
  (await t.deps.db.select().from(events).where(eq(events.id, eventId)))[0]?.ticketsTaken;

describe('POST /api/event-applications', () => {
  it('starts one application per member and event: a second start answers the same one', async () => {
    const institute = await createInstitute(t.deps.db);
    const { user, caller } = await signedInUser(t);
    const [first, second] = await Promise.all([start(caller, institute.event.id), start(caller, institute.event.id)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(second.json().applicationId).toBe(first.json().applicationId);
    const third = await start(caller, institute.event.id);
    expect(third.statusCode).toBe(200);
    expect(third.json().applicationId).toBe(first.json().applicationId);
    const rows = await t.deps.db.select().from(eventApplications).where(eq(eventApplications.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'STARTED', eventId: institute.event.id });
  });

  it('refuses an event that does not take applications, a bad id, and a caller who is not signed in', async () => {
    const { caller } = await signedInUser(t);
    const { event } = await createEvent(t.deps.db);
    const closed = await start(caller, event.id);
    expect(closed.statusCode).toBe(400);
    expect(closed.json().detail).toBe(applicationMessages.notOpen);
    expect((await start(caller, randomUUID())).statusCode).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/event-applications', { caller, body: { eventId: 'nope' } })).statusCode,
    ).toBe(400);
    const institute = await createInstitute(t.deps.db);
    expect((await start(undefined, institute.event.id)).statusCode).toBe(401);
  });
});

describe('GET /api/event-applications/:id', () => {
  it("shows the applicant their application, prefilled from the profile, and nobody else's", async () => {
    const { caller, user, institute, applicationId } = await applicant({ firstName: 'Cora' });
    const response = await read(caller, applicationId);
    expect(response.statusCode).toBe(200);
    const detail = response.json<ApplicationDetail>();
    expect(detail).toMatchObject({
      id: applicationId,
      status: 'STARTED',
      editable: true,
      generalInformationSaved: false,
      generalInformation: { firstName: 'Cora', lastName: user.lastName, country: 'United States' },
      progress: { generalInformation: false, affiliation: true, section: false, questionnaire: false },
      paymentStatus: 'PENDING',
      payment: null,
      amounts: { priceCents: 95_000, discountCents: 0, amountDueCents: 95_000 },
      event: {
        id: institute.event.id,
        finance: { dueDays: 30, paymentOptions: [{ label: 'Credit Card' }, { label: 'Purchase Order' }] },
      },
    });
    expect(detail.event.paths.map((p) => [p.name, p.eligible])).toEqual([
      ['First Year', true],
      ['Advanced', false],
    ]);
    expect(detail.event.paths[0]?.groupings[0]?.sections.map((s) => s.title)).toEqual([
      'Coaching Cycles',
      'Data Conversations',
      'Modeling Lessons',
    ]);
    expect(detail.event.questions.map((q) => q.label)).toEqual([
      'Why do you want to attend?',
      'Which grades do you coach?',
      'Anything else we should know?',
    ]);

    const other = await signedInUser(t);
    const foreign = await read(other.caller, applicationId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().detail).toBe(applicationMessages.notFound);
    expect(
      (await save(other.caller, applicationId, { segment: 'GENERAL_INFORMATION', data: generalInformation }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/api/event-applications/not-a-uuid', { caller })).statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/event-applications/${applicationId}`)).statusCode).toBe(401);
  });

  it('counts a questionnaire without required questions as complete', async () => {
    const institute = await createInstitute(t.deps.db);
    await t.deps.db.delete(applicationQuestions).where(eq(applicationQuestions.eventId, institute.event.id));
    const { caller } = await signedInUser(t);
    const { applicationId } = (await start(caller, institute.event.id)).json();
    expect((await read(caller, applicationId)).json().progress).toMatchObject({
      questionnaire: true,
      affiliation: false,
    });
  });

  it('counts the sections of an event without paths as chosen: there is nothing to choose', async () => {
    const institute = await createInstitute(t.deps.db);
    const { caller } = await signedInUser(t);
    const { applicationId } = (await start(caller, institute.event.id)).json();
    expect((await read(caller, applicationId)).json().progress).toMatchObject({ section: false });
    await t.deps.db.delete(eventPaths).where(eq(eventPaths.eventId, institute.event.id));
    expect((await read(caller, applicationId)).json().progress).toMatchObject({ section: true });
  });
});

describe('PUT /api/event-applications/:id/segments', () => {
  it('GENERAL_INFORMATION: refuses missing fields with their messages, then stores the fields', async () => {
    const { caller, applicationId } = await applicant();
    const bad = await save(caller, applicationId, {
      segment: 'GENERAL_INFORMATION',
      data: { ...generalInformation, firstName: ' ', city: '', zipPostal: '12345678901' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      'data.firstName': generalInformationMessages.firstName,
      'data.city': generalInformationMessages.city,
      'data.zipPostal': generalInformationMessages.zipPostal,
    });

    const saved = await save(caller, applicationId, {
      segment: 'GENERAL_INFORMATION',
      data: { ...generalInformation, firstName: '  Cora ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      generalInformationSaved: true,
      generalInformation: { ...generalInformation, address2: null },
      progress: { generalInformation: true },
    });
  });

  it('SECTIONS: saves an incomplete ranked selection as incomplete, a complete one as complete, and refuses duplicate rankings', async () => {
    const { caller, institute, applicationId } = await applicant();
    await withGeneralInformation(caller, applicationId);
    const incomplete = await save(caller, applicationId, ranked(institute, [1]));
    expect(incomplete.statusCode).toBe(200);
    expect(incomplete.json()).toMatchObject({
      pathId: institute.firstYear.path.id,
      progress: { sectionChosen: true, section: false },
    });
    expect(incomplete.json().requestedSections).toHaveLength(1);

    const complete = await save(caller, applicationId, ranked(institute, [2, 1]));
    expect(complete.statusCode).toBe(200);
    expect(complete.json().progress.section).toBe(true);
    expect(complete.json<ApplicationDetail>().requestedSections.map((s) => [s.title, s.ranking])).toEqual([
      ['Data Conversations', 1],
      ['Coaching Cycles', 2],
    ]);

    const duplicate = await save(caller, applicationId, ranked(institute, [1, 1]));
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().detail).toBe(selectionMessages.rankingUnique);
    // The refused save changed nothing.
    expect((await read(caller, applicationId)).json().requestedSections).toHaveLength(2);
  });

  it('SECTIONS: refuses a path of another event and sections of another path', async () => {
    const { caller, institute, applicationId } = await applicant();
    await withGeneralInformation(caller, applicationId);
    const other = await createInstitute(t.deps.db);
    const foreignPath = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: { pathId: other.firstYear.path.id, requestedGroupings: [], requestedSections: [] },
    });
    expect(foreignPath.statusCode).toBe(400);
    expect(foreignPath.json().detail).toBe(applicationMessages.pathUnknown);
    const wrongSection = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: {
        pathId: institute.firstYear.path.id,
        requestedGroupings: [],
        requestedSections: [{ id: institute.advanced.sections[0]?.id, ranking: 1 }],
      },
    });
    expect(wrongSection.statusCode).toBe(400);
    expect(wrongSection.json().detail).toBe(selectionMessages.unknown);
  });

  it('SECTIONS: the Advanced path needs a matching past event, which a ticket to one gives', async () => {
    const { caller, user, institute, applicationId } = await applicant();
    await withGeneralInformation(caller, applicationId);
    const advanced = {
      segment: 'SECTIONS',
      data: {
        pathId: institute.advanced.path.id,
        requestedGroupings: [],
        requestedSections: [{ id: institute.advanced.sections[1]?.id, ranking: null }],
      },
    };
    const refused = await save(caller, applicationId, advanced);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe(applicationMessages.advancedNotEligible);

    // Two years ago, Coaching Reading: it matches Coaching Writing.
    const past = await createEvent(t.deps.db, {
      eventType: 'Institute',
      eventSubtype: 'Coaching Reading',
      startDate: '2024-07-01',
      endDate: '2024-07-03',
    });
    const [payment] = await t.deps.db
      .insert(eventPayments)
      .values({ userId: user.id, status: 'PAID', method: 'CARD', subtotalCents: 100, totalCents: 100, seatsHeld: true })
      .returning();
    const [item] = await t.deps.db
      .insert(eventPaymentItems)
      .values({
        paymentId: payment?.id ?? '',
        eventId: past.event.id,
        ticketTypeId: past.ticketType.id,
        title: 'Past',
        numberOfTickets: 1,
        priceCents: 100,
      })
      .returning();
    await t.deps.db
      .insert(eventTickets)
      .values({ paymentItemId: item?.id ?? '', userId: user.id, eventId: past.event.id });

    expect((await read(caller, applicationId)).json<ApplicationDetail>().event.paths.map((p) => p.eligible)).toEqual([
      true,
      true,
    ]);
    const allowed = await save(caller, applicationId, advanced);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ pathId: institute.advanced.path.id, progress: { section: true } });

    // Unranked, SECTIONS level: one section in each grouping, without a rank.
    const [first, second] = institute.advanced.sections;
    const both = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: {
        pathId: institute.advanced.path.id,
        requestedGroupings: [],
        requestedSections: [
          { id: first?.id, ranking: null },
          { id: second?.id, ranking: null },
        ],
      },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      detail: selectionMessages.oneSectionPerGrouping,
      errors: { requestedSections: selectionMessages.oneSectionPerGrouping },
    });
    const rankedHere = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: {
        pathId: institute.advanced.path.id,
        requestedGroupings: [],
        requestedSections: [{ id: first?.id, ranking: 1 }],
      },
    });
    expect(rankedHere.statusCode).toBe(400);
    expect(rankedHere.json().detail).toBe(selectionMessages.rankingNotAsked);
    const groupingInstead = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: {
        pathId: institute.advanced.path.id,
        requestedGroupings: [{ id: institute.advanced.grouping.id, ranking: null }],
        requestedSections: [],
      },
    });
    expect(groupingInstead.statusCode).toBe(400);
    expect(groupingInstead.json().detail).toBe(selectionMessages.groupingsNotAsked);
    // The refusals changed nothing.
    expect((await read(caller, applicationId)).json<ApplicationDetail>().requestedSections.map((s) => s.id)).toEqual([
      second?.id,
    ]);
  });

  it('SECTIONS: ranks run from 1 to rankedSelectionAmount (2 here): rank 2 is kept, 3 and 7 are refused', async () => {
    const { caller, institute, applicationId } = await applicant();
    await withGeneralInformation(caller, applicationId);
    const limit = await save(caller, applicationId, ranked(institute, [2]));
    expect(limit.statusCode).toBe(200);
    expect(limit.json<ApplicationDetail>().requestedSections.map((s) => s.ranking)).toEqual([2]);

    for (const rankings of [[1, 3], [7], [1, 2, 3]]) {
      const refused = await save(caller, applicationId, ranked(institute, rankings));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        detail: selectionMessages.rankingRange(2),
        errors: { requestedSections: selectionMessages.rankingRange(2) },
      });
    }
    const unranked = await save(caller, applicationId, ranked(institute, [1, null]));
    expect(unranked.statusCode).toBe(400);
    expect(unranked.json().detail).toBe(selectionMessages.rankingMissing);
    expect((await read(caller, applicationId)).json<ApplicationDetail>()).toMatchObject({
      requestedSections: [{ ranking: 2 }],
      progress: { sectionChosen: true, section: false },
    });
  });

  it('SECTIONS: an unranked path chosen by grouping takes exactly one grouping, and no sections', async () => {
    const { caller, institute, applicationId } = await applicant();
    const path = institute.firstYear.path;
    await t.deps.db
      .update(eventPaths)
      .set({ requireRankedSelection: false, applicationSelectionLevel: 'GROUPINGS' })
      .where(eq(eventPaths.id, path.id));
    const [second] = await t.deps.db
      .insert(eventGroupings)
      .values({ pathId: path.id, name: 'Second strand', position: 1 })
      .returning();
    await withGeneralInformation(caller, applicationId);
    const groupings = (...ids: string[]) => ({
      segment: 'SECTIONS',
      data: { pathId: path.id, requestedGroupings: ids.map((id) => ({ id, ranking: null })), requestedSections: [] },
    });

    const two = await save(caller, applicationId, groupings(institute.firstYear.grouping.id, second?.id ?? ''));
    expect(two.statusCode).toBe(400);
    expect(two.json().detail).toBe(selectionMessages.oneGrouping);
    const withSections = await save(caller, applicationId, {
      segment: 'SECTIONS',
      data: {
        pathId: path.id,
        requestedGroupings: [{ id: institute.firstYear.grouping.id, ranking: null }],
        requestedSections: [{ id: institute.firstYear.sections[0]?.id, ranking: null }],
      },
    });
    expect(withSections.statusCode).toBe(400);
    expect(withSections.json().detail).toBe(selectionMessages.sectionsNotAsked);
    const none = await save(caller, applicationId, groupings());
    expect(none.json().progress).toMatchObject({ sectionChosen: false, section: false });
    const one = await save(caller, applicationId, groupings(second?.id ?? ''));
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      requestedGroupings: [{ id: second?.id }],
      progress: { sectionChosen: true, section: true },
    });
  });

  it('keeps the wizard order (§2): sections need general information, the questionnaire a chosen section, review every step', async () => {
    const { caller, institute, applicationId } = await applicant();
    const answers = {
      segment: 'QUESTIONNAIRE',
      data: { answers: [{ questionId: institute.questions.why.id, value: ['To grow'] }] },
    };

    const sectionsFirst = await save(caller, applicationId, ranked(institute, [1, 2]));
    expect(sectionsFirst.statusCode).toBe(409);
    expect(sectionsFirst.json()).toMatchObject({
      detail: applicationMessages.generalInformationMissing,
      errors: { generalInformation: applicationMessages.generalInformationMissing },
    });
    const questionnaireFirst = await save(caller, applicationId, answers);
    expect(questionnaireFirst.statusCode).toBe(409);
    expect(questionnaireFirst.json().errors).toEqual({
      generalInformation: applicationMessages.generalInformationMissing,
      sectionChosen: applicationMessages.sectionMissing,
    });
    const reviewFirst = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: institute.options.card.id },
    });
    expect(reviewFirst.statusCode).toBe(409);
    // Nothing of the refused saves was kept.
    expect((await read(caller, applicationId)).json()).toMatchObject({
      status: 'STARTED',
      pathId: null,
      requestedSections: [],
      answers: [],
    });

    await withGeneralInformation(caller, applicationId);
    const noSection = await save(caller, applicationId, answers);
    expect(noSection.statusCode).toBe(409);
    expect(noSection.json()).toMatchObject({
      detail: applicationMessages.sectionMissing,
      errors: { sectionChosen: applicationMessages.sectionMissing },
    });

    // One ranked section of the two asked: the questionnaire opens (a section is chosen), submitting does not.
    expect((await save(caller, applicationId, ranked(institute, [1]))).statusCode).toBe(200);
    expect((await save(caller, applicationId, answers)).statusCode).toBe(200);
    const complete = await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: institute.questions.why.id, value: ['To grow'] },
          { questionId: institute.questions.grades.id, value: ['3-5'] },
        ],
      },
    });
    expect(complete.json().progress).toEqual({
      generalInformation: true,
      affiliation: true,
      sectionChosen: true,
      section: false,
      questionnaire: true,
    });
    const incomplete = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: institute.options.card.id },
    });
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.json()).toMatchObject({
      detail: applicationMessages.sectionMissing,
      errors: { section: applicationMessages.sectionMissing },
    });
    expect((await read(caller, applicationId)).json().status).toBe('STARTED');
  });

  it('keeps review closed without an affiliation', async () => {
    const institute = await createInstitute(t.deps.db);
    const { caller } = await signedInUser(t);
    const { applicationId } = (await start(caller, institute.event.id)).json();
    await withGeneralInformation(caller, applicationId);
    await save(caller, applicationId, ranked(institute, [1, 2]));
    await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: institute.questions.why.id, value: ['To grow'] },
          { questionId: institute.questions.grades.id, value: ['3-5'] },
        ],
      },
    });
    const refused = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: institute.options.card.id },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      detail: applicationMessages.affiliationMissing,
      errors: { affiliation: applicationMessages.affiliationMissing },
    });
  });

  it('QUESTIONNAIRE: trims answers, leaves a missing required answer incomplete, and refuses options that do not exist', async () => {
    const { caller, institute, applicationId } = await applicant();
    await withGeneralInformation(caller, applicationId);
    await save(caller, applicationId, ranked(institute, [1]));
    const { why, grades, anything } = institute.questions;
    const partial = await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: why.id, value: ['  To grow  '] },
          { questionId: grades.id, value: [] },
        ],
      },
    });
    expect(partial.statusCode).toBe(200);
    expect(partial.json().answers).toEqual([{ questionId: why.id, value: ['To grow'] }]);
    expect(partial.json().progress.questionnaire).toBe(false);

    const wrong = await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: grades.id, value: ['K-2', '9-12'] },
          { questionId: anything.id, value: ['a', 'b'] },
        ],
      },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      [grades.id]: applicationMessages.optionUnknown,
      [anything.id]: applicationMessages.optionUnknown,
    });

    const complete = await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: why.id, value: ['To grow'] },
          { questionId: grades.id, value: [' K-2', '6-8 '] },
        ],
      },
    });
    expect(complete.json()).toMatchObject({
      answers: [
        { questionId: why.id, value: ['To grow'] },
        { questionId: grades.id, value: ['K-2', '6-8'] },
      ],
      progress: { questionnaire: true },
    });
  });

  it('REVIEW_AND_SUBMIT: refuses what is missing, needs a payment option, then submits, mails and locks the application', async () => {
    const { caller, user, institute, applicationId } = await applicant();
    await save(caller, applicationId, { segment: 'GENERAL_INFORMATION', data: generalInformation });
    await save(caller, applicationId, ranked(institute, [1, 2]));
    await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: { answers: [{ questionId: institute.questions.why.id, value: ['To grow'] }] },
    });

    // Review is not reachable while a required question is unanswered.
    const missing = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: institute.options.card.id },
    });
    expect(missing.statusCode).toBe(409);
    expect(missing.json().detail).toBe(applicationMessages.questionnaireMissing);
    expect(missing.json().errors).toEqual({ questionnaire: applicationMessages.questionnaireMissing });

    await save(caller, applicationId, {
      segment: 'QUESTIONNAIRE',
      data: {
        answers: [
          { questionId: institute.questions.why.id, value: ['To grow'] },
          { questionId: institute.questions.grades.id, value: ['3-5'] },
        ],
      },
    });
    const noOption = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: null },
    });
    expect(noOption.statusCode).toBe(400);
    expect(noOption.json().detail).toBe(applicationMessages.paymentOptionRequired);

    const submitted = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: institute.options.purchaseOrder.id },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'SUBMITTED',
      editable: false,
      submittedAt: t.clock().toISOString(),
      paymentOption: { label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      paymentStatus: 'AWAITING_PO',
    });
    const mails = await t.deps.db.select().from(mailMessages).where(eq(mailMessages.to, user.email));
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Your application to ${institute.event.name} has been submitted`,
    ]);
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subjectId, applicationId), eq(auditLog.action, 'event-application.submit')));
    expect(audits).toHaveLength(1);

    const late = await save(caller, applicationId, { segment: 'GENERAL_INFORMATION', data: generalInformation });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe(applicationMessages.notEditable);
  });

  it('lets the applicant edit again after staff asked for changes', async () => {
    const { caller, applicationId } = await accepted();
    await setApplicationStatus(t.deps.db, applicationId, 'CHANGES_REQUESTED');
    const saved = await save(caller, applicationId, {
      segment: 'GENERAL_INFORMATION',
      data: { ...generalInformation, city: 'Chicago' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().generalInformation.city).toBe('Chicago');
    const resubmitted = await save(caller, applicationId, {
      segment: 'REVIEW_AND_SUBMIT',
      data: { paymentOptionId: saved.json().paymentOption.id },
    });
    expect(resubmitted.json().status).toBe('SUBMITTED');
  });
});

describe('PUT /api/event-applications/:id/payment-method', () => {
  it('changes the option, cancelling an open unpaid payment and giving its seat back', async () => {
    const { caller, institute, applicationId } = await accepted('card');
    const paid = await pay(caller, applicationId);
    expect(paid.statusCode).toBe(200);
    expect(await seatsTaken(institute.event.id)).toBe(1);

    const changed = await changeMethod(caller, applicationId, institute.options.purchaseOrder.id);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ paymentOption: { label: 'Purchase Order' }, paymentStatus: 'CANCELLED' });
    expect((await paymentRow(paid.json().eventPaymentId)).status).toBe('CANCELLED');
    expect(await seatsTaken(institute.event.id)).toBe(0);

    const other = await createInstitute(t.deps.db);
    const foreign = await changeMethod(caller, applicationId, other.options.card.id);
    expect(foreign.statusCode).toBe(400);
    const stranger = await signedInUser(t);
    expect((await changeMethod(stranger.caller, applicationId, institute.options.card.id)).statusCode).toBe(404);
  });
});

describe('coupon and payment method before acceptance (§2)', () => {
  it('refuses both on a submitted application (409, the spec message), changing nothing', async () => {
    const { caller, applicationId, institute } = await accepted('card');
    await setApplicationStatus(t.deps.db, applicationId, 'SUBMITTED');
    const good = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 10 });

    const couponAnswer = await coupon(caller, applicationId, good.code);
    expect(couponAnswer.statusCode).toBe(409);
    expect(couponAnswer.json()).toMatchObject({
      detail: applicationMessages.couponError,
      errors: { code: applicationMessages.paymentChangesClosed },
    });
    const methodAnswer = await changeMethod(caller, applicationId, institute.options.purchaseOrder.id);
    expect(methodAnswer.statusCode).toBe(409);
    expect(methodAnswer.json()).toMatchObject({
      detail: applicationMessages.updateFailed,
      errors: { paymentOptionId: applicationMessages.paymentChangesClosed },
    });
    const [row] = await t.deps.db.select().from(eventApplications).where(eq(eventApplications.id, applicationId));
    expect(row).toMatchObject({ couponId: null, paymentOptionId: institute.options.card.id });

    // Once accepted the same calls are taken.
    await setApplicationStatus(t.deps.db, applicationId, 'ACCEPTED');
    expect((await coupon(caller, applicationId, good.code)).statusCode).toBe(200);
    expect((await changeMethod(caller, applicationId, institute.options.purchaseOrder.id)).statusCode).toBe(200);
  });

  it('refuses both on a started application too', async () => {
    const { caller, applicationId, institute } = await applicant();
    expect((await coupon(caller, applicationId, '')).statusCode).toBe(409);
    expect((await changeMethod(caller, applicationId, institute.options.card.id)).statusCode).toBe(409);
  });
});

describe('POST /api/event-applications/:id/coupon', () => {
  it('applies a coupon for the event, refuses bad ones with the reason, and removes with an empty code', async () => {
    const { caller, institute, applicationId } = await accepted('card');
    const good = await createCoupon(t.deps.db, {
      type: 'PERCENTAGE',
      discountPercentage: 10,
      eventId: institute.event.id,
    });
    const applied = await coupon(caller, applicationId, good.code.toLowerCase());
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({
      coupon: { code: good.code },
      amounts: { priceCents: 95_000, discountCents: 9_500, amountDueCents: 85_500 },
    });

    const unknown = await coupon(caller, applicationId, 'NO-SUCH-CODE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      detail: applicationMessages.couponError,
      errors: { code: couponRefusals.unknown },
    });
    const expired = await createCoupon(t.deps.db, { validUntil: new Date(t.clock().getTime() - 1000) });
    expect((await coupon(caller, applicationId, expired.code)).json().errors).toEqual({ code: couponRefusals.expired });
    const elsewhere = await createCoupon(t.deps.db, { eventId: (await createInstitute(t.deps.db)).event.id });
    expect((await coupon(caller, applicationId, elsewhere.code)).json().errors).toEqual({
      code: 'This coupon is not valid for this event.',
    });
    const usedUp = await createCoupon(t.deps.db, { maxUses: 1, timesUsed: 1 });
    expect((await coupon(caller, applicationId, usedUp.code)).json().errors).toEqual({ code: couponRefusals.usedUp });

    const removed = await coupon(caller, applicationId, '');
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ coupon: null, amounts: { discountCents: 0, amountDueCents: 95_000 } });
  });
});

describe('POST /api/event-applications/:id/pay', () => {
  it('pays by card through the demo provider: PENDING with a hold, then PAID with the application success page', async () => {
    const { caller, user, institute, organization, applicationId } = await accepted('card');
    const response = await pay(caller, applicationId);
    expect(response.statusCode).toBe(200);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(`/members/event-cart/checkout/demo-pay?eventPaymentId=${eventPaymentId}`);
    const payment = await paymentRow(eventPaymentId);
    expect(payment).toMatchObject({
      applicationId,
      userId: user.id,
      organizationId: organization.id,
      status: 'PENDING',
      method: 'CARD',
      provider: 'demo',
      totalCents: 95_000,
      seatsHeld: true,
    });
    expect(payment.holdExpiresAt?.toISOString()).toBe(new Date(t.clock().getTime() + 30 * 60_000).toISOString());
    const items = await t.deps.db
      .select()
      .from(eventPaymentItems)
      .where(eq(eventPaymentItems.paymentId, eventPaymentId));
    expect(items).toMatchObject([
      {
        eventId: institute.event.id,
        sectionId: null,
        ticketTypeId: institute.ticketType.id,
        numberOfTickets: 1,
        priceCents: 95_000,
      },
    ]);
    expect((await read(caller, applicationId)).json()).toMatchObject({
      paymentStatus: 'PENDING',
      payment: { eventPaymentId, status: 'PENDING' },
    });

    const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'succeed' },
    });
    expect(demo.json()).toEqual({ redirectUrl: applicationPaths.success(eventPaymentId, 'demo') });
    expect((await read(caller, applicationId)).json()).toMatchObject({
      paymentStatus: 'PAID',
      payment: { status: 'PAID' },
    });
    expect(await seatsTaken(institute.event.id)).toBe(1);

    const again = await pay(caller, applicationId);
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(applicationMessages.alreadyPaid);
    expect((await changeMethod(caller, applicationId, institute.options.purchaseOrder.id)).statusCode).toBe(409);
  });

  it('sends a declined card back to the applications, not into the cart, and lets the applicant pay again', async () => {
    const { caller, institute, applicationId } = await accepted('card');
    const { eventPaymentId } = (await pay(caller, applicationId)).json();
    const demo = await call(t.app, 'POST', `/api/payments/demo/${eventPaymentId}`, {
      caller,
      body: { outcome: 'decline' },
    });
    expect(demo.json()).toEqual({ redirectUrl: applicationPaths.list });
    expect((await call(t.app, 'GET', '/api/cart', { caller })).json().items).toEqual([]);
    expect((await read(caller, applicationId)).json().paymentStatus).toBe('CANCELLED');
    expect(await seatsTaken(institute.event.id)).toBe(0);
    const retry = await pay(caller, applicationId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().eventPaymentId).not.toBe(eventPaymentId);
  });

  it('shows a card payment that came too late as Refund needed, and lets the applicant pay again', async () => {
    const { caller, institute, applicationId } = await accepted('card');
    const { eventPaymentId } = (await pay(caller, applicationId)).json();
    // What the payments service leaves when a late success finds the seat gone (features/payments).
    await t.deps.db
      .update(eventPayments)
      .set({ status: 'REFUND_NEEDED', refundReason: 'SEATS_GONE', seatsHeld: false })
      .where(eq(eventPayments.id, eventPaymentId));
    await t.deps.db.update(events).set({ ticketsTaken: 0 }).where(eq(events.id, institute.event.id));
    expect((await read(caller, applicationId)).json()).toMatchObject({
      paymentStatus: 'REFUND_NEEDED',
      payment: { eventPaymentId, status: 'REFUND_NEEDED' },
    });
    const listed = (await call(t.app, 'GET', '/api/event-applications', { caller })).json<ApplicationPage>();
    expect(listed.items[0]).toMatchObject({ id: applicationId, paymentStatus: 'REFUND_NEEDED' });
    const retry = await pay(caller, applicationId);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().eventPaymentId).not.toBe(eventPaymentId);
    expect((await paymentRow(eventPaymentId)).status).toBe('REFUND_NEEDED');
  });

  it('pays by purchase order: AWAITING_PO, then the uploaded purchase order makes it PO_SUBMITTED', async () => {
    const { caller, organization, institute, applicationId } = await accepted('purchaseOrder');
    const response = await pay(caller, applicationId);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(applicationPaths.purchaseOrder(eventPaymentId));
    const payment = await paymentRow(eventPaymentId);
    expect(payment).toMatchObject({ status: 'AWAITING_PO', method: 'PURCHASE_ORDER', provider: null });
    expect(payment.holdExpiresAt?.toISOString()).toBe(
      new Date(t.clock().getTime() + 7 * 24 * 60 * 60_000).toISOString(),
    );
    expect((await read(caller, applicationId)).json().paymentStatus).toBe('AWAITING_PO');
    // The payment page the web shows reads the ordinary event payment.
    expect((await call(t.app, 'GET', `/api/event-payments/${eventPaymentId}`, { caller })).statusCode).toBe(200);

    const form = multipartBody(
      {
        eventPaymentId,
        type: 'EVENT_APPLICATION',
        filename: 'District PO',
        contactEmail: 'purchasing@district.test',
        contactName: 'Pat Purchasing',
        contactPhone: '5551234567',
        number: 'PO-1',
        organizationId: organization.id,
        total: '95000',
        couponCode: '',
      },
      { name: 'po.pdf', bytes: tinyPdf },
    );
    const upload = await call(t.app, 'POST', '/api/purchase-orders', {
      caller,
      body: form.body,
      headers: form.headers,
    });
    expect(upload.statusCode).toBe(201);
    expect((await read(caller, applicationId)).json()).toMatchObject({
      paymentStatus: 'PO_SUBMITTED',
      payment: { status: 'PO_SUBMITTED' },
    });

    const change = await changeMethod(caller, applicationId, institute.options.card.id);
    expect(change.statusCode).toBe(409);
    expect(change.json()).toMatchObject({
      detail: applicationMessages.updateFailed,
      errors: { paymentOptionId: applicationMessages.purchaseOrderUnderReview },
    });
    expect((await pay(caller, applicationId)).statusCode).toBe(409);
  });

  it('answers the same payment for the same Idempotency-Key and takes the seat once', async () => {
    const { caller, institute, applicationId } = await accepted('card');
    const key = randomUUID();
    const [first, second] = await Promise.all([pay(caller, applicationId, key), pay(caller, applicationId, key)]);
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await pay(caller, applicationId, key)).json()).toEqual(first.json());
    // The key on another route (the cart's checkout) is another request: refused, not answered with this payment.
    const checkout = await call(t.app, 'POST', '/api/checkout', {
      caller,
      body: { method: 'CARD' },
      headers: { 'idempotency-key': key },
    });
    expect(checkout.statusCode).toBe(422);
    expect(checkout.json().detail).toBe(idempotencyKeyReusedMessage);
    const payments = await t.deps.db.select().from(eventPayments).where(eq(eventPayments.applicationId, applicationId));
    expect(payments).toHaveLength(1);
    expect(await seatsTaken(institute.event.id)).toBe(1);
    expect((await call(t.app, 'POST', `/api/event-applications/${applicationId}/pay`, { caller })).statusCode).toBe(
      400,
    );
  });

  it('refuses an application that is not accepted, and one of someone else', async () => {
    const { caller, applicationId } = await applicant();
    const refused = await pay(caller, applicationId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(applicationMessages.notAccepted);
    const other = await accepted('card');
    expect((await pay(caller, other.applicationId)).statusCode).toBe(404);
  });

  it('is PAID at once when a coupon covers the whole price, counting the coupon use', async () => {
    const institute = await createInstitute(t.deps.db);
    const free = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 100 });
    const { caller, applicationId } = await accepted('card', { institute, couponId: free.id });
    const response = await pay(caller, applicationId);
    const { eventPaymentId, redirectUrl } = response.json();
    expect(redirectUrl).toBe(applicationPaths.success(eventPaymentId, 'free'));
    expect(await paymentRow(eventPaymentId)).toMatchObject({
      status: 'PAID',
      totalCents: 0,
      discountCents: 95_000,
      provider: null,
      couponId: free.id,
    });
    expect((await read(caller, applicationId)).json()).toMatchObject({
      paymentStatus: 'COMPLIMENTARY',
      amounts: { amountDueCents: 0 },
    });
    expect((await t.deps.db.select().from(coupons).where(eq(coupons.id, free.id)))[0]?.timesUsed).toBe(1);
    expect(await seatsTaken(institute.event.id)).toBe(1);
  });
});

describe('application payments elsewhere', () => {
  it('are listed in Manage Events as a seat with nothing to allocate (allocation answers 409), and staff see them', async () => {
    const { caller, applicationId } = await accepted('card');
    const free = await createCoupon(t.deps.db, { type: 'PERCENTAGE', discountPercentage: 100 });
    await coupon(caller, applicationId, free.code);
    const { eventPaymentId } = (await pay(caller, applicationId)).json();
    expect((await call(t.app, 'GET', '/api/event-payments', { caller })).json()).toMatchObject({
      items: [{ id: eventPaymentId, status: 'PAID', applicationId, canAllocate: false }],
      total: 1,
    });
    expect((await call(t.app, 'GET', `/api/event-payments/${eventPaymentId}/allocation`, { caller })).statusCode).toBe(
      409,
    );
    expect(
      (await call(t.app, 'PUT', `/api/event-payments/${eventPaymentId}/allocation`, { caller, body: { items: [] } }))
        .statusCode,
    ).toBe(409);
    const staff = await signedInUser(t, 'STAFF');
    const listed = await call(t.app, 'GET', `/api/admin/event-payments?search=${eventPaymentId}`, {
      caller: staff.caller,
    });
    expect(listed.json<{ items: { id: string }[] }>().items.map((row) => row.id)).toEqual([eventPaymentId]);
  });
});

describe('GET /api/event-applications and /api/legacy-event-applications', () => {
  it("pages the member's own applications, newest first, with each event's payment options", async () => {
    const { caller, user } = await signedInUser(t);
    const ids: string[] = [];
    for (const _ of [1, 2, 3]) {
      const institute = await createInstitute(t.deps.db);
      ids.push((await start(caller, institute.event.id)).json().applicationId);
      t.clock.advance(60_000);
    }
    const first = await call(t.app, 'GET', '/api/event-applications?page=1&pageSize=2', { caller });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(first.json<ApplicationPage>().items.map((row) => row.id)).toEqual([ids[2], ids[1]]);
    expect(first.json().items[0]).toMatchObject({
      status: 'STARTED',
      paymentOption: null,
      paymentOptions: [{ label: 'Credit Card' }, { label: 'Purchase Order' }],
      dueDays: 30,
      amounts: { amountDueCents: 95_000 },
      paymentStatus: 'PENDING',
      registrationRequestId: null,
    });
    const second = await call(t.app, 'GET', '/api/event-applications?page=2&pageSize=2', { caller });
    expect(second.json<ApplicationPage>().items.map((row) => row.id)).toEqual([ids[0]]);
    expect((await call(t.app, 'GET', '/api/event-applications?pageSize=500', { caller })).statusCode).toBe(400);

    await t.deps.db.insert(legacyEventApplications).values({
      userId: user.id,
      legacyId: `legacy-${randomUUID()}`,
      eventName: 'Summer Reading Institute 2019',
      startDate: '2019-07-08',
      endDate: '2019-07-12',
      statusId: 3,
      paymentStatusId: 2,
      paymentTypeId: 1,
    });
    const legacy = await call(t.app, 'GET', '/api/legacy-event-applications', { caller });
    expect(legacy.json()).toMatchObject({
      total: 1,
      items: [{ eventName: 'Summer Reading Institute 2019', statusId: 3, paymentStatusId: 2 }],
    });
    const stranger = await signedInUser(t);
    expect(
      (await call(t.app, 'GET', '/api/legacy-event-applications', { caller: stranger.caller })).json(),
    ).toMatchObject({ total: 0, items: [] });
    expect((await call(t.app, 'GET', '/api/event-applications', { caller: stranger.caller })).json().total).toBe(0);
    expect((await call(t.app, 'GET', '/api/event-applications')).statusCode).toBe(401);
  });
});
