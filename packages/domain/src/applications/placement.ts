/**
 * Placing accepted applicants into the sections they ranked (events.md §5: rankings unique within a
 * grouping). Serial dictatorship: applicants are taken in one priority order and each gets, in every
 * grouping, their highest-ranked section that still has room. Nobody gains by ranking dishonestly,
 * and nobody is placed below a section they ranked higher while it has room for them. Places already
 * published stay where they are unless staff move them by hand; hand moves are applied before the run,
 * within capacity. Pure and deterministic: the same input (and lottery seed) gives the same placement.
 */

export const placementPriorities = ['SUBMISSION', 'LOTTERY', 'MANUAL'] as const;
export type PlacementPriority = (typeof placementPriorities)[number];
export const placementPriorityLabels: Record<PlacementPriority, string> = {
  SUBMISSION: 'Submission time (first come)',
  LOTTERY: 'Lottery',
  MANUAL: 'Order set by hand',
};

export type PriorityRule =
  { kind: 'SUBMISSION' } | { kind: 'LOTTERY'; seed: number } | { kind: 'MANUAL'; order: readonly string[] };

/** A section and the seats it has left now (its counters, published places included); null: no limit. */
export interface PlacementSection {
  id: string;
  groupingId: string;
  remaining: number | null;
}

/** A grouping's own limit over its sections together, seats left now; null: no limit. */
export interface PlacementGrouping {
  id: string;
  remaining: number | null;
}

export interface PublishedPlace {
  groupingId: string;
  sectionId: string;
  rank: number | null;
}

export interface PlacementApplicant {
  id: string;
  /** ISO instant; ties are broken by id. */
  submittedAt: string;
  /** The groupings of the applicant's path: the only ones they can be placed in (Advanced path eligibility). */
  groupingIds: readonly string[];
  choices: readonly { sectionId: string; ranking: number }[];
  placed: readonly PublishedPlace[];
}

export interface HandMove {
  applicantId: string;
  sectionId: string;
  reason: string;
}

export interface PlacementInput {
  groupings: readonly PlacementGrouping[];
  sections: readonly PlacementSection[];
  applicants: readonly PlacementApplicant[];
  priority: PriorityRule;
  moves: readonly HandMove[];
}

export type PlaceSource = 'PUBLISHED' | 'HAND' | 'RUN';

export interface Place {
  applicantId: string;
  groupingId: string;
  sectionId: string;
  /** The ranking the applicant gave the section; null when staff placed them in a section they did not rank. */
  rank: number | null;
  source: PlaceSource;
  /** Staff's reason, for a hand move. */
  reason: string | null;
}

export type UnplacedReason = 'RANKED_FULL' | 'NOTHING_RANKED';

export interface Unplaced {
  applicantId: string;
  groupingId: string;
  reason: UnplacedReason;
}

export interface RefusedMove {
  move: HandMove;
  message: string;
}

export interface SectionFill {
  sectionId: string;
  /** Seats the placement takes (positive) or gives back (a published place moved away, negative). */
  change: number;
  /** Seats left afterwards; null: no limit. */
  remaining: number | null;
}

export interface PlacementResult {
  /** Applicant ids in priority order. */
  order: string[];
  places: Place[];
  unplaced: Unplaced[];
  refusedMoves: RefusedMove[];
  fill: SectionFill[];
  /** How many places (published, hand and run) are each applicant's 1st, 2nd, … choice: index 0 is the 1st. */
  byRank: number[];
}

export const placementMessages = {
  unplacedReasons: {
    RANKED_FULL: 'Every section they ranked is full',
    NOTHING_RANKED: 'They ranked no section in this grouping',
  } satisfies Record<UnplacedReason, string>,
  unknownApplicant: 'This applicant is not among the accepted applicants to place.',
  unknownSection: 'Choose a section of this event.',
  notTheirPath: "This section is not on the applicant's path.",
  full: 'This section has no room left.',
  /** After a full section's name among the Move dialog's choices. */
  fullOption: 'Full',
  reasonRequired: 'Give a reason for moving this person by hand.',
  movedTwice: 'Move each person at most once in each grouping.',
  rankLabel: (rank: number | null) => (rank === null ? 'Not ranked' : `${ordinal(rank)} choice`),
  previewChanged:
    'The places changed since the preview (a seat was sold or someone was placed): look at the new preview.',
  nothingToPublish: 'There is nobody new to place.',
  notRanked: 'This event has no path with ranked section selection.',
  published: (count: number) => `${count} ${count === 1 ? 'place' : 'places'} published`,
  yourSection: (titles: readonly string[]) => `Your section: ${titles.join(', ')}`,
  notPlacedYet: 'Not placed yet',
} as const;

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The largest seed a lottery takes: seeds are unsigned 32-bit integers, short enough to read out. */
export const maxLotterySeed = 0xffff_ffff;

/** mulberry32: a small, well-mixed 32-bit generator; the same seed always draws the same numbers. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function bySubmission(a: PlacementApplicant, b: PlacementApplicant): number {
  if (a.submittedAt !== b.submittedAt) return a.submittedAt < b.submittedAt ? -1 : 1;
  return byId(a, b);
}

/**
 * The priority order. A lottery shuffles the applicants sorted by id (Fisher–Yates with the seeded
 * generator), so the draw depends on the seed and the set of applicants only, never on the order they
 * were read in. A hand-set order puts the ids it names first, in its order; the rest follow by
 * submission time.
 */
export function priorityOrder(applicants: readonly PlacementApplicant[], rule: PriorityRule): string[] {
  if (rule.kind === 'LOTTERY') {
    const ids = [...applicants].sort(byId).map((applicant) => applicant.id);
    const random = seededRandom(rule.seed);
    for (let i = ids.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
    }
    return ids;
  }
  const bySubmissionTime = [...applicants].sort(bySubmission).map((applicant) => applicant.id);
  if (rule.kind === 'SUBMISSION') return bySubmissionTime;
  const known = new Set(bySubmissionTime);
  const named = [...new Set(rule.order)].filter((id) => known.has(id));
  const first = new Set(named);
  return [...named, ...bySubmissionTime.filter((id) => !first.has(id))];
}

/** Seats left in sections and groupings while the placement runs. */
class Seats {
  private readonly section = new Map<string, number | null>();
  private readonly grouping = new Map<string, number | null>();
  readonly groupingOf = new Map<string, string>();
  private readonly change = new Map<string, number>();

  constructor(input: PlacementInput) {
    for (const grouping of input.groupings) this.grouping.set(grouping.id, grouping.remaining);
    for (const section of input.sections) {
      this.section.set(section.id, section.remaining);
      this.groupingOf.set(section.id, section.groupingId);
    }
  }

  hasRoom(sectionId: string): boolean {
    const left = this.section.get(sectionId);
    const groupingLeft = this.grouping.get(this.groupingOf.get(sectionId) ?? '');
    return left !== undefined && (left === null || left > 0) && (groupingLeft ?? null) !== 0;
  }

  private add(sectionId: string, seats: number): void {
    const left = this.section.get(sectionId);
    if (left !== undefined && left !== null) this.section.set(sectionId, left - seats);
    const groupingId = this.groupingOf.get(sectionId) ?? '';
    const groupingLeft = this.grouping.get(groupingId);
    if (groupingLeft !== undefined && groupingLeft !== null) this.grouping.set(groupingId, groupingLeft - seats);
    this.change.set(sectionId, (this.change.get(sectionId) ?? 0) + seats);
  }

  take(sectionId: string): void {
    this.add(sectionId, 1);
  }

  give(sectionId: string): void {
    this.add(sectionId, -1);
  }

  fill(sections: readonly PlacementSection[]): SectionFill[] {
    return sections.map((section) => ({
      sectionId: section.id,
      change: this.change.get(section.id) ?? 0,
      remaining: this.section.get(section.id) ?? null,
    }));
  }
}

function moveProblem(
  move: HandMove,
  applicant: PlacementApplicant | undefined,
  seats: Seats,
  moved: Set<string>,
): string | null {
  if (!applicant) return placementMessages.unknownApplicant;
  const groupingId = seats.groupingOf.get(move.sectionId);
  if (!groupingId) return placementMessages.unknownSection;
  if (!applicant.groupingIds.includes(groupingId)) return placementMessages.notTheirPath;
  if (move.reason.trim() === '') return placementMessages.reasonRequired;
  if (moved.has(`${applicant.id}:${groupingId}`)) return placementMessages.movedTwice;
  return null;
}

/** Runs the placement (see the module's comment). */
export function placeApplicants(input: PlacementInput): PlacementResult {
  const seats = new Seats(input);
  const applicants = new Map(input.applicants.map((applicant) => [applicant.id, applicant]));
  const placed = new Map<string, Place>();
  const key = (applicantId: string, groupingId: string) => `${applicantId}:${groupingId}`;
  for (const applicant of input.applicants) {
    for (const place of applicant.placed) {
      placed.set(key(applicant.id, place.groupingId), {
        applicantId: applicant.id,
        ...place,
        source: 'PUBLISHED',
        reason: null,
      });
    }
  }

  const refusedMoves: RefusedMove[] = [];
  const moved = new Set<string>();
  for (const move of input.moves) {
    const applicant = applicants.get(move.applicantId);
    const problem = moveProblem(move, applicant, seats, moved);
    if (problem || !applicant) {
      refusedMoves.push({ move, message: problem ?? placementMessages.unknownApplicant });
      continue;
    }
    const groupingId = seats.groupingOf.get(move.sectionId) ?? '';
    const current = placed.get(key(applicant.id, groupingId));
    moved.add(key(applicant.id, groupingId));
    if (current?.sectionId === move.sectionId) continue;
    // The seat they hold is theirs to leave: a move within a full grouping swaps it for the new one.
    if (current) seats.give(current.sectionId);
    if (!seats.hasRoom(move.sectionId)) {
      if (current) seats.take(current.sectionId);
      refusedMoves.push({ move, message: placementMessages.full });
      continue;
    }
    seats.take(move.sectionId);
    const rank = applicant.choices.find((choice) => choice.sectionId === move.sectionId)?.ranking ?? null;
    placed.set(key(applicant.id, groupingId), {
      applicantId: applicant.id,
      groupingId,
      sectionId: move.sectionId,
      rank,
      source: 'HAND',
      reason: move.reason.trim(),
    });
  }

  const order = priorityOrder(input.applicants, input.priority);
  const unplaced: Unplaced[] = [];
  for (const applicantId of order) {
    const applicant = applicants.get(applicantId);
    if (!applicant) continue;
    const ranked =
      applicant.choices.length > 1 ? [...applicant.choices].sort((a, b) => a.ranking - b.ranking) : applicant.choices;
    for (const groupingId of applicant.groupingIds) {
      if (placed.has(key(applicantId, groupingId))) continue;
      let rankedHere = false;
      let choice: (typeof ranked)[number] | undefined;
      for (const candidate of ranked) {
        if (seats.groupingOf.get(candidate.sectionId) !== groupingId) continue;
        rankedHere = true;
        if (seats.hasRoom(candidate.sectionId)) {
          choice = candidate;
          break;
        }
      }
      if (!choice) {
        unplaced.push({ applicantId, groupingId, reason: rankedHere ? 'RANKED_FULL' : 'NOTHING_RANKED' });
        continue;
      }
      seats.take(choice.sectionId);
      placed.set(key(applicantId, groupingId), {
        applicantId,
        groupingId,
        sectionId: choice.sectionId,
        rank: choice.ranking,
        source: 'RUN',
        reason: null,
      });
    }
  }

  const places = [...placed.values()];
  const byRank: number[] = [];
  for (const place of places) {
    if (place.rank === null) continue;
    while (byRank.length < place.rank) byRank.push(0);
    byRank[place.rank - 1] = (byRank[place.rank - 1] ?? 0) + 1;
  }
  return { order, places, unplaced, refusedMoves, fill: seats.fill(input.sections), byRank };
}

/** Places that publishing would write: hand moves and the run's, not those already published. */
export function newPlaces(result: PlacementResult): Place[] {
  return result.places.filter((place) => place.source !== 'PUBLISHED');
}

/**
 * A short fingerprint of what publishing would write (new places, in a stable order): the preview
 * shows it and publishing checks it, so what is saved is exactly what staff looked at.
 */
export function placementFingerprint(result: PlacementResult): string {
  const text = newPlaces(result)
    .map((place) => `${place.applicantId}>${place.sectionId}`)
    .sort()
    .join('|');
  // FNV-1a over the text: enough to tell two placements apart, not a secret.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${newPlaces(result).length}-${hash.toString(16).padStart(8, '0')}`;
}
