import type { CouponPage, CouponRow, StaffEventDetail, StaffEventPage } from '@portal/domain/events/admin-contracts.ts';

/** Test data of the staff console's event and coupon screens: what the API answers, as the contracts shape it. */

export const eventId = '00000000-0000-4000-8000-0000000e0001';

export function anEventPage(items: StaffEventPage['items']): StaffEventPage {
  return { items, page: 1, pageSize: 20, total: items.length };
}

export const eventRows: StaffEventPage['items'] = [
  {
    id: eventId,
    name: 'Fall Leadership Conference Day',
    kind: 'CONFERENCE_DAY',
    startDate: '2026-10-15',
    endDate: '2026-10-15',
    published: true,
    ticketsTaken: 12,
    maxTickets: null,
  },
  {
    id: 'event-2',
    name: 'Reading Workshop Series',
    kind: 'SERIES',
    startDate: '2026-09-01',
    endDate: '2026-09-03',
    published: false,
    ticketsTaken: 0,
    maxTickets: 60,
  },
];

export function anEvent(overrides: Partial<StaffEventDetail> = {}): StaffEventDetail {
  return {
    id: eventId,
    name: 'Fall Leadership Conference Day',
    kind: 'CONFERENCE_DAY',
    eventType: null,
    eventSubtype: null,
    description: 'A day of sessions for school leaders.',
    locationName: 'Albany Convention Center',
    gradeBands: [],
    startDate: '2026-10-15',
    endDate: '2026-10-15',
    daysBeforePurchaseClose: 14,
    maxTickets: null,
    ticketsTaken: 12,
    published: true,
    quotesHoldSeats: false,
    ticketTypes: [{ id: 'tt-1', name: 'Conference day', priceCents: 14900 }],
    paths: [
      {
        id: 'path-1',
        name: 'first-year',
        level: 'FIRST_YEAR',
        applicationSelectionLevel: 'SECTIONS',
        requireRankedSelection: false,
        rankedSelectionAmount: 1,
        position: 0,
        groupings: [
          {
            id: 'grouping-1',
            name: 'Morning',
            maxTickets: null,
            position: 0,
            sections: [
              {
                id: 'section-1',
                title: 'Coaching Writing',
                dates: ['2026-10-15'],
                locationName: 'Room 101',
                audienceType: ['Teachers', 'Coaches'],
                description: '',
                isFree: false,
                maxTickets: 40,
                position: 0,
                ticketsTaken: 12,
              },
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

export function aCoupon(overrides: Partial<CouponRow> = {}): CouponRow {
  return {
    id: 'coupon-1',
    code: 'WELCOME10',
    type: 'PERCENTAGE',
    discountAmount: null,
    discountPercentage: 10,
    validFrom: null,
    validUntil: null,
    maxUses: null,
    timesUsed: 3,
    eventId: null,
    eventName: null,
    active: true,
    ...overrides,
  };
}

export function aCouponPage(items: CouponRow[]): CouponPage {
  return { items, page: 1, pageSize: 20, total: items.length };
}
