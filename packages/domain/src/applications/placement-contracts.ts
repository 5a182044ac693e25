import { z } from 'zod';
import { pathLevels } from './rules.ts';
import { maxLotterySeed, placementMessages, placementPriorities } from './placement.ts';

/** The staff console's Placement of an event (admin-placement): what it reads, previews and publishes. */

const capacity = z.number().int().nullable();

export const placementSection = z.object({
  id: z.string(),
  title: z.string(),
  maxTickets: capacity,
  /** Seats held by tickets (sold or held at checkout), places not counted. */
  ticketSeats: z.number().int(),
  /** Published places in the section. */
  placed: z.number().int(),
});

export const placementGrouping = z.object({
  id: z.string(),
  name: z.string(),
  pathName: z.string(),
  pathLevel: z.enum(pathLevels),
  maxTickets: capacity,
  sections: z.array(placementSection),
});

export const placementBoard = z.object({
  event: z.object({ id: z.string(), name: z.string() }),
  groupings: z.array(placementGrouping),
  accepted: z.number().int(),
  /** Accepted applicants with a place in every grouping of their path. */
  placed: z.number().int(),
});
export type PlacementBoard = z.infer<typeof placementBoard>;

const personPlace = z.object({
  groupingId: z.string(),
  sectionId: z.string(),
  sectionTitle: z.string(),
  rank: z.number().int().nullable(),
  handReason: z.string().nullable(),
});

export const placementApplicant = z.object({
  applicationId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  submittedAt: z.string().nullable(),
  pathName: z.string(),
  choices: z.array(z.object({ sectionId: z.string(), sectionTitle: z.string(), ranking: z.number().int() })),
  places: z.array(personPlace),
});
export type PlacementApplicant = z.infer<typeof placementApplicant>;

export const placementApplicantQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  search: z.string().trim().max(100).optional(),
});
export const placementApplicantPage = z.object({
  items: z.array(placementApplicant),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PlacementApplicantPage = z.infer<typeof placementApplicantPage>;

const seedMessage = 'Enter a seed from 0 to 4294967295';

export const placementRunInput = z
  .object({
    priority: z.enum(placementPriorities),
    seed: z.number().int(seedMessage).min(0, seedMessage).max(maxLotterySeed, seedMessage).nullable().default(null),
    /** MANUAL: application ids first in this order; the rest follow by submission time. */
    order: z.array(z.uuid('Not an application id')).max(10_000).default([]),
    moves: z
      .array(
        z.object({
          applicationId: z.uuid('Not an application id'),
          sectionId: z.uuid('Not a section id'),
          reason: z.string().trim().min(1, placementMessages.reasonRequired).max(500),
        }),
      )
      .max(1_000)
      .default([]),
  })
  .refine((input) => input.priority !== 'LOTTERY' || input.seed !== null, { message: seedMessage, path: ['seed'] });
export type PlacementRunInput = z.input<typeof placementRunInput>;

export const placementPreviewInput = placementRunInput.and(
  z.object({
    page: z.number().int().min(1).default(1),
    pageSize: z.number().int().min(1).max(100).default(25),
  }),
);

export const placementPublishInput = placementRunInput.and(
  z.object({ fingerprint: z.string().min(1).max(40), page: z.undefined().optional() }),
);
export type PlacementPublishInput = z.input<typeof placementPublishInput>;

const person = z.object({ applicationId: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() });

export const placementOutcome = person.extend({
  groupingId: z.string(),
  sectionId: z.string(),
  sectionTitle: z.string(),
  rank: z.number().int().nullable(),
  source: z.enum(['PUBLISHED', 'HAND', 'RUN']),
  reason: z.string().nullable(),
});

export const placementPreview = z.object({
  seed: z.number().int().nullable(),
  /** index 0: how many got their 1st choice, and so on. */
  byRank: z.array(z.number().int()),
  newPlaces: z.number().int(),
  fill: z.array(z.object({ sectionId: z.string(), change: z.number().int(), remaining: capacity })),
  unplaced: z.array(person.extend({ groupingId: z.string(), groupingName: z.string(), reason: z.string() })),
  refusedMoves: z.array(z.object({ applicationId: z.string(), sectionId: z.string(), message: z.string() })),
  /** One page of places, in priority order. */
  places: z.object({
    items: z.array(placementOutcome),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  }),
  /** Checked by publishing: what is saved is what this preview showed. */
  fingerprint: z.string(),
});
export type PlacementPreview = z.infer<typeof placementPreview>;

export const placementPublished = z.object({ published: z.number().int(), message: z.string() });
export type PlacementPublished = z.infer<typeof placementPublished>;
