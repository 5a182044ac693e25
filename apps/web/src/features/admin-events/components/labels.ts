import type { ApplicationSelectionLevel, EventKind } from '@portal/domain/commerce/enums.ts';

export const eventKindLabels: Record<EventKind, string> = {
  SERIES: 'Series',
  CONFERENCE_DAY: 'Conference day',
  INSTITUTE: 'Institute',
};

export const selectionLevelLabels: Record<ApplicationSelectionLevel, string> = {
  GROUPINGS: 'Groupings',
  SECTIONS: 'Sections',
};

/** Which kinds of event are built of paths > groupings > sections (a series sells the event itself). */
export function hasSections(kind: EventKind): boolean {
  return kind === 'CONFERENCE_DAY' || kind === 'INSTITUTE';
}

/** "40" of "12 / 40", or "Unlimited" when there is no limit. */
export function capacityLabel(maxTickets: number | null): string {
  return maxTickets === null ? 'Unlimited' : String(maxTickets);
}

export const couponTypeLabels: Record<'FIXED' | 'PERCENTAGE', string> = {
  FIXED: 'Fixed amount',
  PERCENTAGE: 'Percentage',
};
