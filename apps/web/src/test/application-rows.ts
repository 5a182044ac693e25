import type {
  ApplicationPage,
  ApplicationRow,
  LegacyApplicationPage,
  LegacyApplicationRow,
} from '@portal/domain/applications/contracts.ts';
import type { EventPaymentReply } from '@portal/domain/commerce/payments.ts';
import { anEventPayment } from './commerce.ts';

/** Fixtures of 'My Event Applications' (GET /api/event-applications and the legacy list), in the shapes of packages/domain. */

export const rowIds = {
  started: '00000000-0000-4000-8000-0000000ea101',
  submitted: '00000000-0000-4000-8000-0000000ea102',
  accepted: '00000000-0000-4000-8000-0000000ea103',
  legacy: '00000000-0000-4000-8000-0000000ea201',
};
export const rowInstituteId = '00000000-0000-4000-8000-0000000e0110';
export const rowPaymentOptions = {
  card: { id: '00000000-0000-4000-8000-0000000ab101', label: 'Credit Card', method: 'CARD' as const },
  purchaseOrder: {
    id: '00000000-0000-4000-8000-0000000ab102',
    label: 'Purchase Order',
    method: 'PURCHASE_ORDER' as const,
  },
};
export const applicationPaymentId = '00000000-0000-4000-8000-0000000a0101';

/** A STARTED application to the Coaching Institute: nothing to pay yet. */
export function anApplicationRow(overrides: Partial<ApplicationRow> = {}): ApplicationRow {
  return {
    id: rowIds.started,
    status: 'STARTED',
    isSimplified: false,
    event: {
      id: rowInstituteId,
      name: 'Coaching Institute',
      startDate: '2026-07-13',
      endDate: '2026-07-17',
      locationName: 'Albany Convention Center',
    },
    paymentOption: null,
    paymentOptions: [rowPaymentOptions.card, rowPaymentOptions.purchaseOrder],
    dueDays: 30,
    coupon: null,
    amounts: { priceCents: 95000, discountCents: 0, amountDueCents: 95000 },
    paymentStatus: 'PENDING',
    payment: null,
    registrationRequestId: null,
    placedSections: [],
    submittedAt: null,
    createdAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  };
}

/** Accepted, paying by card, nothing paid yet ('Payment Incomplete'). */
export function anAcceptedRow(overrides: Partial<ApplicationRow> = {}): ApplicationRow {
  return anApplicationRow({
    id: rowIds.accepted,
    status: 'ACCEPTED',
    paymentOption: rowPaymentOptions.card,
    submittedAt: '2026-05-02T12:00:00.000Z',
    ...overrides,
  });
}

export function anApplicationPage(
  items: ApplicationRow[] = [anApplicationRow()],
  total = items.length,
): ApplicationPage {
  return { items, page: 1, pageSize: 10, total };
}

/** 'Summer Reading Institute 2019': accepted (1) and paid (2) by card (1) in the previous system. */
export function aLegacyRow(overrides: Partial<LegacyApplicationRow> = {}): LegacyApplicationRow {
  return {
    id: rowIds.legacy,
    eventId: '00000000-0000-4000-8000-0000000e0120',
    eventName: 'Summer Reading Institute 2019',
    startDate: '2019-07-08',
    endDate: '2019-07-12',
    statusId: 1,
    paymentStatusId: 2,
    paymentTypeId: 1,
    balanceCents: null,
    payment: null,
    ...overrides,
  };
}

export function aLegacyPage(items: LegacyApplicationRow[] = [], total = items.length): LegacyApplicationPage {
  return { items, page: 1, pageSize: 10, total };
}

/** The event payment an accepted application's Pay made: one seat of the institute's tuition, awaiting its purchase order. */
export function anApplicationPayment(overrides: Partial<EventPaymentReply> = {}): EventPaymentReply {
  return anEventPayment({
    id: applicationPaymentId,
    status: 'AWAITING_PO',
    method: 'PURCHASE_ORDER',
    provider: null,
    items: [
      {
        id: 'payment-item-application',
        eventId: rowInstituteId,
        sectionId: null,
        title: 'Coaching Institute — Institute tuition',
        numberOfTickets: 1,
        price: 95000,
        subtotal: 95000,
        eventName: 'Coaching Institute',
        startDate: '2026-07-13',
        endDate: '2026-07-17',
      },
    ],
    subtotal: 95000,
    total: 95000,
    holdExpiresAt: '2026-10-01T12:00:00.000Z',
    ...overrides,
  });
}
