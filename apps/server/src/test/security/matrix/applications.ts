import { randomUUID } from 'node:crypto';
import { createInstitute } from '../../application-factories.ts';
import { generalInformation } from '../../valid-inputs.ts';
import { legacyEventApplications } from '../../../db/schema/applications.ts';
import { freshApplication, type World } from '../fixtures.ts';
import { memberOfA, signedIn, type Rows } from './rows.ts';

/** An application of school A's member imported from the previous system, accepted and unpaid with a balance. */
async function payableLegacyApplication(w: World): Promise<string> {
  const [row] = await w.t.deps.db
    .insert(legacyEventApplications)
    .values({
      userId: w.schoolA.member.user.id,
      legacyId: `legacy-${randomUUID()}`,
      eventName: 'Writing Coaches Institute 2021',
      statusId: 1,
      paymentStatusId: 1,
      paymentTypeId: 4,
      balanceCents: 45_000,
    })
    .returning({ id: legacyEventApplications.id });
  if (!row) throw new Error('legacy application not created');
  return row.id;
}

/** The applicant's event applications: each one is its applicant's (DESIGN.md: another user reading it gets 404). */
export const applicationRows: Rows = {
  'GET /api/event-applications': { expect: signedIn(200) },
  'GET /api/legacy-event-applications': { expect: signedIn(200) },
  'POST /api/event-applications': {
    input: async (w) => ({ body: { eventId: (await createInstitute(w.t.deps.db)).event.id } }),
    expect: signedIn(201),
  },
  'GET /api/event-applications/:applicationId': {
    input: (w) => ({ params: { applicationId: w.application.id } }),
    expect: memberOfA(200),
  },
  'PUT /api/event-applications/:applicationId/segments': {
    input: (w) => ({
      params: { applicationId: w.startedApplication.id },
      body: { segment: 'GENERAL_INFORMATION', data: generalInformation },
    }),
    expect: memberOfA(200),
  },
  'PUT /api/event-applications/:applicationId/payment-method': {
    input: async (w) => {
      const { institute, application } = await freshApplication(w, 'ACCEPTED');
      return {
        params: { applicationId: application.id },
        body: { paymentOptionId: institute.options.purchaseOrder.id },
      };
    },
    expect: memberOfA(200),
  },
  'POST /api/event-applications/:applicationId/coupon': {
    input: async (w) => ({
      params: { applicationId: (await freshApplication(w, 'ACCEPTED')).application.id },
      body: { code: w.coupon.code },
    }),
    expect: memberOfA(200),
  },
  'POST /api/event-applications/:applicationId/quote': {
    why: "The applicant's own application, quoted to school A (named: other rows give its member more schools).",
    input: async (w) => ({
      params: { applicationId: (await freshApplication(w, 'ACCEPTED')).application.id },
      body: { organizationId: w.schoolA.organization.id },
    }),
    expect: memberOfA(201),
  },
  'POST /api/event-applications/:applicationId/pay': {
    input: async (w) => ({
      params: { applicationId: (await freshApplication(w, 'ACCEPTED')).application.id },
      headers: { 'idempotency-key': randomUUID() },
    }),
    expect: memberOfA(200),
  },
  'POST /api/event-applications/:applicationId/withdraw': {
    input: async (w) => ({ params: { applicationId: (await freshApplication(w, 'ACCEPTED')).application.id } }),
    expect: memberOfA(200),
  },
  'POST /api/legacy-event-applications/:legacyApplicationId/pay': {
    input: async (w) => ({
      params: { legacyApplicationId: await payableLegacyApplication(w) },
      headers: { 'idempotency-key': randomUUID() },
    }),
    expect: memberOfA(200),
  },
};
