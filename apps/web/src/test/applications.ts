import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import type { WizardStep } from '@portal/domain/applications/rules.ts';
import type { ApplicationDetail, ApplicationPathReply } from '@portal/domain/applications/contracts.ts';
import { jsonResponse } from './fetch-stub.ts';
import { someLookups } from './lookups.ts';
import { aUser } from './users.ts';

/** Fixtures of the event-applications API (events.md §2 'Event applications'), in the shapes of packages/domain. */

export const applicationId = '00000000-0000-4000-8000-0000000ea001';
export const instituteId = '00000000-0000-4000-8000-0000000e0010';
export const pathIds = {
  firstYear: '00000000-0000-4000-8000-0000000d0101',
  advanced: '00000000-0000-4000-8000-0000000d0102',
};
export const groupingIds = {
  strands: '00000000-0000-4000-8000-0000000b0101',
  advancedStrands: '00000000-0000-4000-8000-0000000b0102',
};
export const applicationSectionIds = {
  cycles: '00000000-0000-4000-8000-0000000c0101',
  data: '00000000-0000-4000-8000-0000000c0102',
  modeling: '00000000-0000-4000-8000-0000000c0103',
  leading: '00000000-0000-4000-8000-0000000c0104',
  coaches: '00000000-0000-4000-8000-0000000c0105',
};
export const questionIds = {
  why: '00000000-0000-4000-8000-0000000aa001',
  grades: '00000000-0000-4000-8000-0000000aa002',
  anything: '00000000-0000-4000-8000-0000000aa003',
};
export const paymentOptionIds = {
  card: '00000000-0000-4000-8000-0000000ab001',
  purchaseOrder: '00000000-0000-4000-8000-0000000ab002',
};

function aSection(id: string, title: string) {
  return {
    id,
    title,
    dates: ['2026-07-13', '2026-07-17'],
    locationName: 'Main Hall',
    description: `${title} in practice.`,
  };
}

/** 'First Year': ranked, two of the three strands. */
export function aFirstYearPath(overrides: Partial<ApplicationPathReply> = {}): ApplicationPathReply {
  return {
    id: pathIds.firstYear,
    name: 'First Year',
    level: 'FIRST_YEAR',
    applicationSelectionLevel: 'SECTIONS',
    requireRankedSelection: true,
    rankedSelectionAmount: 2,
    eligible: true,
    groupings: [
      {
        id: groupingIds.strands,
        name: 'Strands',
        sections: [
          aSection(applicationSectionIds.cycles, 'Coaching Cycles'),
          aSection(applicationSectionIds.data, 'Data Conversations'),
          aSection(applicationSectionIds.modeling, 'Modeling Lessons'),
        ],
      },
    ],
    ...overrides,
  };
}

/** 'Advanced': one section per grouping, open only with a matching past event. */
export function anAdvancedPath(overrides: Partial<ApplicationPathReply> = {}): ApplicationPathReply {
  return {
    id: pathIds.advanced,
    name: 'Advanced',
    level: 'ADVANCED',
    applicationSelectionLevel: 'SECTIONS',
    requireRankedSelection: false,
    rankedSelectionAmount: 0,
    eligible: false,
    groupings: [
      {
        id: groupingIds.advancedStrands,
        name: 'Advanced Strands',
        sections: [
          aSection(applicationSectionIds.leading, 'Leading Teams'),
          aSection(applicationSectionIds.coaches, 'Coaching Coaches'),
        ],
      },
    ],
    ...overrides,
  };
}

/** A STARTED application to the Coaching Institute with nothing saved yet (general information prefilled from the profile). */
export function anApplicationDetail(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return {
    id: applicationId,
    status: 'STARTED',
    isSimplified: false,
    editable: true,
    event: {
      id: instituteId,
      name: 'Coaching Institute',
      kind: 'INSTITUTE',
      startDate: '2026-07-13',
      endDate: '2026-07-17',
      locationName: 'Albany Convention Center',
      eventType: 'Institute',
      eventSubtype: 'Coaching Writing',
      paths: [aFirstYearPath(), anAdvancedPath()],
      questions: [
        { id: questionIds.why, type: 'TEXTAREA', label: 'Why do you want to attend?', options: [], required: true },
        {
          id: questionIds.grades,
          type: 'CHECKBOX',
          label: 'Which grades do you coach?',
          options: ['K-2', '3-5', '6-8'],
          required: true,
        },
        {
          id: questionIds.anything,
          type: 'TEXT',
          label: 'Anything else we should know?',
          options: [],
          required: false,
        },
      ],
      finance: {
        dueDays: 30,
        paymentOptions: [
          { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
          { id: paymentOptionIds.purchaseOrder, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
        ],
      },
    },
    generalInformation: {
      firstName: 'Tara',
      lastName: 'Thompson',
      address1: '1 School Road',
      address2: null,
      city: 'Albany',
      stateProvince: 'NY',
      zipPostal: '12208',
      country: 'United States',
      phone: '5185550199',
    },
    generalInformationSaved: false,
    pathId: null,
    requestedGroupings: [],
    requestedSections: [],
    answers: [],
    progress: {
      generalInformation: false,
      affiliation: true,
      sectionChosen: false,
      section: false,
      questionnaire: false,
    },
    paymentOption: null,
    coupon: null,
    amounts: { priceCents: 95000, discountCents: 0, amountDueCents: 95000 },
    paymentStatus: 'PENDING',
    payment: null,
    submittedAt: null,
    ...overrides,
  };
}

/** Everything filled in: general information, a ranked First Year choice and the answers; ready to submit. */
export function aCompleteApplication(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return anApplicationDetail({
    generalInformationSaved: true,
    pathId: pathIds.firstYear,
    requestedSections: [
      { id: applicationSectionIds.data, ranking: 1, groupingId: groupingIds.strands, title: 'Data Conversations' },
      { id: applicationSectionIds.cycles, ranking: 2, groupingId: groupingIds.strands, title: 'Coaching Cycles' },
    ],
    answers: [
      { questionId: questionIds.why, value: ['To grow as a coach.'] },
      { questionId: questionIds.grades, value: ['K-2', '3-5'] },
    ],
    progress: { generalInformation: true, affiliation: true, sectionChosen: true, section: true, questionnaire: true },
    ...overrides,
  });
}

/** The same application after it was submitted: locked. */
export function aSubmittedApplication(overrides: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return aCompleteApplication({
    status: 'SUBMITTED',
    editable: false,
    paymentOption: { id: paymentOptionIds.card, label: 'Credit Card', method: 'CARD' },
    submittedAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  });
}

export function anApplicantAffiliation(overrides: Partial<Affiliation> = {}): Affiliation {
  return {
    membershipId: '00000000-0000-4000-8000-0000000ac001',
    organizationId: '00000000-0000-4000-8000-0000000ac101',
    organizationName: 'Washington Middle School',
    districtName: 'Capital District',
    role: 'MEMBER',
    positionId: '00000000-0000-4000-8000-000000000201',
    positionLabel: 'Teacher',
    gradeIds: ['00000000-0000-4000-8000-000000000101'],
    grades: ['K'],
    ...overrides,
  };
}

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/** The calls a wizard page makes, answered with `detail` and one affiliation; `overrides` replace or add calls. */
export function wizardRoutes(
  detail: ApplicationDetail,
  overrides: Record<string, Handler> = {},
): Record<string, Handler> {
  return {
    'GET /api/me': () => jsonResponse(200, aUser()),
    'GET /api/lookups': () => jsonResponse(200, someLookups()),
    'GET /api/affiliations': () => jsonResponse(200, { items: [anApplicantAffiliation()] }),
    [`GET /api/event-applications/${detail.id}`]: () => jsonResponse(200, detail),
    ...overrides,
  };
}

export const segmentsPath = `PUT /api/event-applications/${applicationId}/segments`;

export function wizardPath(step: WizardStep, id = applicationId): string {
  return `/members/events/applications/${id}/manage/${step}`;
}
