import type { CartItemReply, CartReply } from '@portal/domain/commerce/cart.ts';
import type {
  CatalogueEvent,
  CatalogueEventDetail,
  CataloguePage,
  ConferenceSection,
} from '@portal/domain/events/catalogue.ts';
import type { EventPaymentPage, EventPaymentReply, EventPaymentRow } from '@portal/domain/commerce/payments.ts';

/** Fixtures of the commerce API (catalogue, cart, event payments), in the shapes of packages/domain. */

export const conferenceDayId = '00000000-0000-4000-8000-0000000e0001';
export const seriesEventId = '00000000-0000-4000-8000-0000000e0002';
export const ticketTypeId = '00000000-0000-4000-8000-0000000f0001';
export const eventPaymentId = '00000000-0000-4000-8000-0000000a0001';
export const sectionIds = {
  writing: '00000000-0000-4000-8000-0000000c0001',
  reading: '00000000-0000-4000-8000-0000000c0002',
  data: '00000000-0000-4000-8000-0000000c0003',
  lunch: '00000000-0000-4000-8000-0000000c0004',
};

export function aCatalogueEvent(overrides: Partial<CatalogueEvent> = {}): CatalogueEvent {
  return {
    id: conferenceDayId,
    name: 'Fall Leadership Conference Day',
    kind: 'CONFERENCE_DAY',
    startDate: '2026-10-14',
    endDate: '2026-10-14',
    locationName: 'Albany Convention Center',
    gradeBands: [],
    priceFromCents: 14900,
    remaining: 83,
    acceptsApplications: false,
    onSale: true,
    ...overrides,
  };
}

export function aCataloguePage(items: CatalogueEvent[] = [aCatalogueEvent()], total = items.length): CataloguePage {
  return { items, page: 1, pageSize: 10, total };
}

function aSection(overrides: Partial<ConferenceSection>): ConferenceSection {
  return {
    id: sectionIds.writing,
    title: 'Coaching Writing',
    dates: ['2026-10-14'],
    locationName: 'Room 101',
    audienceType: ['Coaches', 'Principals'],
    description: 'Coaching conversations about writing.',
    isFree: false,
    maxTickets: 40,
    remaining: 40,
    ...overrides,
  };
}

export function aConferenceDay(overrides: Partial<CatalogueEventDetail> = {}): CatalogueEventDetail {
  return {
    ...aCatalogueEvent(),
    description: 'A day of workshops for school leaders.',
    daysBeforePurchaseClose: 14,
    purchaseOpen: true,
    cancellationPolicy:
      'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.',
    ticketTypes: [{ id: ticketTypeId, name: 'Conference day', priceCents: 14900 }],
    paths: [
      {
        id: '00000000-0000-4000-8000-0000000d0001',
        name: 'first-year',
        groupings: [
          {
            id: '00000000-0000-4000-8000-0000000b0001',
            name: 'Morning',
            sections: [
              aSection({}),
              aSection({ id: sectionIds.data, title: 'Data-Driven Instruction', maxTickets: 3, remaining: 3 }),
            ],
          },
          {
            id: '00000000-0000-4000-8000-0000000b0002',
            name: 'Afternoon',
            sections: [
              aSection({ id: sectionIds.reading, title: 'Coaching Reading', remaining: 0 }),
              aSection({
                id: sectionIds.lunch,
                title: 'Networking Lunch',
                isFree: true,
                maxTickets: null,
                remaining: null,
                audienceType: [],
              }),
            ],
          },
        ],
      },
    ],
    ...overrides,
  };
}

export function aSeriesEvent(overrides: Partial<CatalogueEventDetail> = {}): CatalogueEventDetail {
  return {
    ...aCatalogueEvent({
      id: seriesEventId,
      name: 'Reading Workshop Series',
      kind: 'SERIES',
      startDate: '2026-09-21',
      endDate: '2026-11-30',
      priceFromCents: 8900,
      remaining: 60,
    }),
    description: 'Four evening workshops.',
    daysBeforePurchaseClose: 3,
    purchaseOpen: true,
    cancellationPolicy:
      'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.',
    ticketTypes: [{ id: ticketTypeId, name: 'Series pass', priceCents: 8900 }],
    paths: [],
    ...overrides,
  };
}

export function aCartItem(overrides: Partial<CartItemReply> = {}): CartItemReply {
  return {
    id: 'item-1',
    eventId: conferenceDayId,
    sectionId: sectionIds.writing,
    title: 'Fall Leadership Conference Day — Coaching Writing',
    numberOfTickets: 2,
    ticketType: { id: ticketTypeId, name: 'Conference day', price: 14900 },
    subtotal: 29800,
    remaining: 40,
    cancellationPolicy:
      'Cancellation: tickets cannot be cancelled online; you can request a cancellation, which staff review.',
    display: true,
    unavailableReason: null,
    ...overrides,
  };
}

export function aCart(overrides: Partial<CartReply> = {}): CartReply {
  const items = overrides.items ?? [aCartItem()];
  const subtotal = items.reduce((sum, item) => sum + item.subtotal, 0);
  return { items, couponUse: null, subtotal, discount: 0, total: subtotal, ...overrides };
}

export function anEventPayment(overrides: Partial<EventPaymentReply> = {}): EventPaymentReply {
  return {
    id: eventPaymentId,
    status: 'PENDING',
    method: 'CARD',
    provider: 'demo',
    organizationId: null,
    organizationName: null,
    items: [
      {
        id: 'payment-item-1',
        eventId: conferenceDayId,
        sectionId: sectionIds.writing,
        title: 'Fall Leadership Conference Day — Coaching Writing',
        numberOfTickets: 2,
        price: 14900,
        subtotal: 29800,
        eventName: 'Fall Leadership Conference Day',
        startDate: '2026-10-14',
        endDate: '2026-10-14',
      },
    ],
    legacyApplication: null,
    couponUse: null,
    subtotal: 29800,
    discount: 0,
    total: 29800,
    purchaseOrders: [],
    refundReason: null,
    holdExpiresAt: '2026-09-01T12:30:00.000Z',
    createdAt: '2026-09-01T12:00:00.000Z',
    paidAt: null,
    receiptNumber: null,
    ...overrides,
  };
}

export function anEventPaymentRow(overrides: Partial<EventPaymentRow> = {}): EventPaymentRow {
  return {
    id: eventPaymentId,
    status: 'PAID',
    method: 'CARD',
    organizationName: 'Lincoln Elementary School',
    buyerName: 'Tara Thompson',
    events: [
      { id: conferenceDayId, name: 'Fall Leadership Conference Day', startDate: '2026-10-14', endDate: '2026-10-14' },
    ],
    numberOfTickets: 2,
    allocatedTickets: 1,
    total: 29800,
    purchaseOrders: [],
    createdAt: '2026-09-01T12:00:00.000Z',
    applicationId: null,
    registrationRequestId: null,
    attendeesNamed: null,
    canAllocate: true,
    receiptNumber: null,
    refundedCents: 0,
    mayCancel: false,
    creditNotes: [],
    invoice: null,
    mayWithdraw: false,
    ...overrides,
  };
}

export function anEventPaymentPage(
  items: EventPaymentRow[] = [anEventPaymentRow()],
  total = items.length,
): EventPaymentPage {
  return { items, page: 1, pageSize: 20, total };
}
