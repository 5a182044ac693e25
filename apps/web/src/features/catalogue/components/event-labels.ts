import type { EventKind } from '@portal/domain/commerce/enums.ts';
import type { CatalogueFormat, CatalogueKindFilter } from '@portal/domain/events/catalogue.ts';

export const eventKindLabels: Record<EventKind, string> = {
  SERIES: 'Series',
  CONFERENCE_DAY: 'Conference day',
  INSTITUTE: 'Institute',
};

/** The catalogue's Kind filter: the event kinds, and events that take applications. */
export const kindFilterLabels: Record<CatalogueKindFilter, string> = {
  CONFERENCE_DAY: 'Conference day',
  SERIES: 'Series',
  INSTITUTE: 'Institute',
  APPLICATIONS: 'Takes applications',
};

export const formatLabels: Record<CatalogueFormat, string> = {
  ONLINE: 'Online',
  IN_PERSON: 'In person',
};

/** Path names are stored as slugs ("first-year"); events.md calls the levels First Year and Advanced. */
export function pathLabel(name: string): string {
  return name
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** "12 seats left", "1 seat left", or null when the capacity is unlimited. */
export function seatsLeft(remaining: number | null): string | null {
  if (remaining === null) return null;
  return `${remaining} ${remaining === 1 ? 'seat' : 'seats'} left`;
}

/** Texts of the catalogue about applications (events.md leaves them to us). */
export const eventTexts = {
  takesApplications:
    'This event takes applications. Apply, choose your sections and answer a few questions; once your application is accepted you pay for your place.',
  myApplications: 'My Event Applications',
  applicationsOpen: 'Applications open',
} as const;
