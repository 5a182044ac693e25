import type {
  AdminApplicationDetail,
  AdminApplicationPage,
  AdminApplicationRow,
  ApplicationSettingsReply,
} from '@portal/domain/applications/contracts.ts';
import type { StaffEventPage } from '@portal/domain/events/admin-contracts.ts';
import {
  aSubmittedApplication,
  applicationId,
  instituteId,
  paymentOptionIds,
  questionIds,
} from '../../test/applications.ts';
import { aUser } from '../../test/users.ts';

/** Test data of the staff application screens: what the API answers, as the contracts shape it. */

export { applicationId, instituteId, paymentOptionIds, questionIds };

export const staff = aUser({ id: 'staff-1', role: 'STAFF', firstName: 'Sam', lastName: 'Staff', memberships: [] });

const applicant = { id: 'user-7', firstName: 'Cora', lastName: 'Cruz', email: 'counselor.washington@demo.test' };

/** Cora Cruz's submitted application to the Coaching Institute, as staff see it. */
export function anAdminApplication(overrides: Partial<AdminApplicationDetail> = {}): AdminApplicationDetail {
  return {
    ...aSubmittedApplication({
      generalInformation: {
        firstName: 'Cora',
        lastName: 'Cruz',
        address1: '12 Washington Avenue',
        address2: 'Suite 4',
        city: 'Albany',
        stateProvince: 'NY',
        zipPostal: '12210',
        country: 'United States',
        phone: '5185550123',
      },
      paymentOption: { id: paymentOptionIds.purchaseOrder, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      paymentStatus: 'AWAITING_PO',
    }),
    applicant,
    affiliations: [{ organizationName: 'Washington Middle School', positionLabel: 'Counselor', grades: ['6', '7'] }],
    history: [
      { action: 'event-application.started', at: '2026-04-28T14:00:00.000Z', actorName: 'Cora Cruz' },
      { action: 'event-application.submitted', at: '2026-05-01T12:00:00.000Z', actorName: 'Cora Cruz' },
    ],
    placements: [],
    ...overrides,
  };
}

export function anApplicationRow(overrides: Partial<AdminApplicationRow> = {}): AdminApplicationRow {
  return {
    id: applicationId,
    status: 'SUBMITTED',
    applicant,
    event: { id: instituteId, name: 'Coaching Institute', startDate: '2026-07-13' },
    paymentStatus: 'AWAITING_PO',
    submittedAt: '2026-05-01T12:00:00.000Z',
    updatedAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  };
}

export function anApplicationPage(items: AdminApplicationRow[]): AdminApplicationPage {
  return { items, page: 1, pageSize: 20, total: items.length };
}

export const eventOptions: StaffEventPage = {
  items: [
    {
      id: instituteId,
      name: 'Coaching Institute',
      kind: 'INSTITUTE',
      startDate: '2026-07-13',
      endDate: '2026-07-17',
      published: true,
      ticketsTaken: 1,
      maxTickets: 40,
    },
    {
      id: '00000000-0000-4000-8000-0000000e0002',
      name: 'Reading Workshop Series',
      kind: 'SERIES',
      startDate: '2026-09-01',
      endDate: '2026-09-03',
      published: false,
      ticketsTaken: 0,
      maxTickets: 60,
    },
  ],
  page: 1,
  pageSize: 100,
  total: 2,
};

export const ticketTypeId = '00000000-0000-4000-8000-0000000f0001';

export function someSettings(overrides: Partial<ApplicationSettingsReply> = {}): ApplicationSettingsReply {
  return {
    acceptsApplications: true,
    ticketTypeId,
    dueDays: 30,
    paymentOptions: [
      { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
      { id: paymentOptionIds.purchaseOrder, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
    ],
    ticketTypes: [{ id: ticketTypeId, name: 'Institute tuition', priceCents: 95000 }],
    questions: [
      {
        id: questionIds.why,
        type: 'TEXTAREA',
        label: 'Why do you want to attend?',
        options: [],
        required: true,
        position: 0,
      },
      {
        id: questionIds.grades,
        type: 'CHECKBOX',
        label: 'Which grades do you coach?',
        options: ['K-2', '3-5', '6-8'],
        required: true,
        position: 1,
      },
    ],
    ...overrides,
  };
}
