import type {
  ApplicationSelectionLevel,
  EventKind,
  EventPaymentMethod,
  PurchaseOrderStatus,
  PurchaseOrderType,
} from '@portal/domain/commerce/enums.ts';

export const eventKindLabels: Record<EventKind, string> = {
  SERIES: 'Series',
  CONFERENCE_DAY: 'Conference day',
  INSTITUTE: 'Institute',
};

export const purchaseOrderStatusLabels: Record<PurchaseOrderStatus, string> = {
  SUBMITTED: 'Submitted',
  APPROVED: 'Approved',
  VOIDED: 'Voided',
};

export const purchaseOrderTypeLabels: Record<PurchaseOrderType, string> = {
  CONFERENCE_DAY: 'Conference day',
  EVENT_APPLICATION: 'Event application',
  EVENT: 'Event',
  PACKAGE: 'Package',
};

export const selectionLevelLabels: Record<ApplicationSelectionLevel, string> = {
  GROUPINGS: 'Groupings',
  SECTIONS: 'Sections',
};

/** Which kinds of event are built of paths > groupings > sections (a series sells the event itself). */
export function hasSections(kind: EventKind): boolean {
  return kind === 'CONFERENCE_DAY' || kind === 'INSTITUTE';
}

const localDate = new Intl.DateTimeFormat('en-US', { month: '2-digit', day: '2-digit', year: 'numeric' });

/** A moment (ISO date-time) as the calendar day it was here: MM/DD/YYYY. */
export function formatMomentDate(iso: string): string {
  return localDate.format(new Date(iso));
}

/** "40" of "12 / 40", or "Unlimited" when there is no limit. */
export function capacityLabel(maxTickets: number | null): string {
  return maxTickets === null ? 'Unlimited' : String(maxTickets);
}

export const couponTypeLabels: Record<'FIXED' | 'PERCENTAGE', string> = {
  FIXED: 'Fixed amount',
  PERCENTAGE: 'Percentage',
};

export const eventPaymentMethodLabels: Record<EventPaymentMethod, string> = {
  CARD: 'Card',
  PURCHASE_ORDER: 'Purchase order',
};
