import { z } from 'zod';

/**
 * The grade bands an event is meant for (decision 0140): the usual bands of US K-12 professional
 * development, and school leaders and coaches, who attend for every grade. An event with no band is
 * for everyone and counts under each one.
 */
export const gradeBands = ['PK-2', '3-5', '6-8', '9-12', 'LEADERS'] as const;
export type GradeBand = (typeof gradeBands)[number];

export const gradeBandLabels: Record<GradeBand, string> = {
  'PK-2': 'Grades PreK–2',
  '3-5': 'Grades 3–5',
  '6-8': 'Grades 6–8',
  '9-12': 'Grades 9–12',
  LEADERS: 'Leaders and coaches',
};

export const gradeBandMessages = {
  unknown: `Choose grade bands from ${gradeBands.join(', ')}`,
} as const;

export const gradeBand = z.enum(gradeBands, gradeBandMessages.unknown);

/** The bands staff set on an event: any of the known ones, none meaning every grade. */
export const eventGradeBands = z.array(gradeBand).max(gradeBands.length, 'Each grade band once');

/** The bands as stored and shown: each once, in the list's order (youngest first), whatever order they were chosen in. */
export function orderedGradeBands(bands: readonly GradeBand[]): GradeBand[] {
  return gradeBands.filter((band) => bands.includes(band));
}

/** A band from the address, or undefined when it names none (left out rather than refused). */
export function parseGradeBand(value: string | null | undefined): GradeBand | undefined {
  return gradeBands.find((band) => band === value);
}

/** Whether an event with these bands shows under the chosen one: it names that band, or names none (for everyone). */
export function matchesGradeBand(eventBands: readonly GradeBand[], chosen: GradeBand | undefined): boolean {
  return chosen === undefined || eventBands.length === 0 || eventBands.includes(chosen);
}

/** The bands in words, for the staff console and the catalogue: 'Every grade' when there are none. */
export function gradeBandsText(bands: readonly GradeBand[]): string {
  return bands.length === 0
    ? 'Every grade'
    : orderedGradeBands(bands)
        .map((band) => gradeBandLabels[band])
        .join(', ');
}
