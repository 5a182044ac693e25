import { randomUUID } from 'node:crypto';
import { createInstitute } from '../../application-factories.ts';
import { generalInformation } from '../../valid-inputs.ts';
import { freshApplication } from '../fixtures.ts';
import { memberOfA, signedIn, type Rows } from './rows.ts';

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
  'POST /api/event-applications/:applicationId/pay': {
    input: async (w) => ({
      params: { applicationId: (await freshApplication(w, 'ACCEPTED')).application.id },
      headers: { 'idempotency-key': randomUUID() },
    }),
    expect: memberOfA(200),
  },
};
