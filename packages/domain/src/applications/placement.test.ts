import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  newPlaces,
  ordinal,
  placeApplicants,
  placementFingerprint,
  placementMessages,
  priorityOrder,
  seededRandom,
  type PlacementApplicant,
  type PlacementInput,
  type PlacementResult,
} from './placement.ts';

const g = 'grouping-1';
const section = (id: string, remaining: number | null, groupingId = g) => ({ id, groupingId, remaining });
const applicant = (
  id: string,
  submittedAt: string,
  choices: string[],
  extra: Partial<PlacementApplicant> = {},
): PlacementApplicant => ({
  id,
  submittedAt,
  groupingIds: [g],
  choices: choices.map((sectionId, index) => ({ sectionId, ranking: index + 1 })),
  placed: [],
  ...extra,
});
const base = (overrides: Partial<PlacementInput>): PlacementInput => ({
  groupings: [{ id: g, remaining: null }],
  sections: [section('A', 1), section('B', 1), section('C', 5)],
  applicants: [],
  priority: { kind: 'SUBMISSION' },
  moves: [],
  ...overrides,
});
const placeOf = (result: PlacementResult, applicantId: string) =>
  result.places.find((place) => place.applicantId === applicantId);

describe('placeApplicants (serial dictatorship)', () => {
  const first = applicant('p1', '2026-01-01T09:00:00Z', ['A', 'B']);
  const second = applicant('p2', '2026-01-01T10:00:00Z', ['A', 'B']);
  const third = applicant('p3', '2026-01-01T11:00:00Z', ['A', 'B']);

  it.each([
    {
      name: 'first come gets the first choice, the next their second, the third nothing',
      input: base({ applicants: [third, second, first] }),
      expected: { p1: ['A', 1], p2: ['B', 2], p3: undefined },
    },
    {
      name: 'a hand-set order puts the named first',
      input: base({ applicants: [first, second, third], priority: { kind: 'MANUAL', order: ['p3', 'p2'] } }),
      expected: { p3: ['A', 1], p2: ['B', 2], p1: undefined },
    },
    {
      name: 'a section without a limit takes everyone',
      input: base({ sections: [section('A', null), section('B', 0)], applicants: [first, second, third] }),
      expected: { p1: ['A', 1], p2: ['A', 1], p3: ['A', 1] },
    },
    {
      name: "the grouping's own limit counts over its sections",
      input: base({
        groupings: [{ id: g, remaining: 1 }],
        sections: [section('A', 5), section('B', 5)],
        applicants: [first, second],
      }),
      expected: { p1: ['A', 1], p2: undefined },
    },
  ])('$name', ({ input, expected }) => {
    const result = placeApplicants(input);
    for (const [id, want] of Object.entries(expected)) {
      const place = placeOf(result, id);
      expect(place ? [place.sectionId, place.rank] : undefined).toEqual(want);
    }
  });

  it('says why someone is unplaced', () => {
    const nothing = applicant('p4', '2026-01-01T12:00:00Z', []);
    const result = placeApplicants(base({ applicants: [first, second, third, nothing] }));
    expect(result.unplaced).toEqual([
      { applicantId: 'p3', groupingId: g, reason: 'RANKED_FULL' },
      { applicantId: 'p4', groupingId: g, reason: 'NOTHING_RANKED' },
    ]);
    expect(placementMessages.unplacedReasons.RANKED_FULL).toBe('Every section they ranked is full');
  });

  it('counts 1st and 2nd choices and the fill of each section', () => {
    const result = placeApplicants(base({ applicants: [first, second, third] }));
    expect(result.byRank).toEqual([1, 1]);
    expect(result.fill).toEqual([
      { sectionId: 'A', change: 1, remaining: 0 },
      { sectionId: 'B', change: 1, remaining: 0 },
      { sectionId: 'C', change: 0, remaining: 5 },
    ]);
  });

  it('places in every grouping of the path', () => {
    const other = 'grouping-2';
    const both = applicant('p1', '2026-01-01T09:00:00Z', [], {
      groupingIds: [g, other],
      choices: [
        { sectionId: 'A', ranking: 1 },
        { sectionId: 'X', ranking: 1 },
        { sectionId: 'Y', ranking: 2 },
      ],
    });
    const result = placeApplicants(
      base({
        groupings: [
          { id: g, remaining: null },
          { id: other, remaining: null },
        ],
        sections: [section('A', 1), section('X', 0, other), section('Y', 1, other)],
        applicants: [both],
      }),
    );
    expect(result.places.map((place) => [place.groupingId, place.sectionId, place.rank])).toEqual([
      [g, 'A', 1],
      [other, 'Y', 2],
    ]);
  });

  it('never moves a published place, and places the rest around it', () => {
    const publishedSecond = { ...second, placed: [{ groupingId: g, sectionId: 'B', rank: 2 }] };
    // B's seat is already counted in its counters: 0 left.
    const result = placeApplicants(
      base({ sections: [section('A', 1), section('B', 0)], applicants: [first, publishedSecond, third] }),
    );
    expect(placeOf(result, 'p2')).toMatchObject({ sectionId: 'B', source: 'PUBLISHED' });
    expect(newPlaces(result).map((place) => [place.applicantId, place.sectionId])).toEqual([['p1', 'A']]);
  });

  describe('hand moves', () => {
    it('take a seat before the run, with the reason, and the run places the rest', () => {
      const result = placeApplicants(
        base({
          applicants: [first, second, third],
          moves: [{ applicantId: 'p3', sectionId: 'A', reason: ' Mentor ' }],
        }),
      );
      expect(placeOf(result, 'p3')).toMatchObject({ sectionId: 'A', rank: 1, source: 'HAND', reason: 'Mentor' });
      expect(placeOf(result, 'p1')).toMatchObject({ sectionId: 'B', rank: 2 });
      expect(placeOf(result, 'p2')).toBeUndefined();
    });

    it('may place someone in a section they did not rank (rank null)', () => {
      const result = placeApplicants(
        base({ applicants: [first], moves: [{ applicantId: 'p1', sectionId: 'C', reason: 'Asked by phone' }] }),
      );
      expect(placeOf(result, 'p1')).toMatchObject({ sectionId: 'C', rank: null });
      expect(placementMessages.rankLabel(null)).toBe('Not ranked');
    });

    it('move a published place and free its seat for the run', () => {
      const publishedFirst = { ...first, placed: [{ groupingId: g, sectionId: 'A', rank: 1 }] };
      const result = placeApplicants(
        base({
          sections: [section('A', 0), section('B', 1), section('C', 5)],
          applicants: [publishedFirst, second],
          moves: [{ applicantId: 'p1', sectionId: 'C', reason: 'Swap' }],
        }),
      );
      expect(placeOf(result, 'p1')).toMatchObject({ sectionId: 'C', source: 'HAND' });
      expect(placeOf(result, 'p2')).toMatchObject({ sectionId: 'A', rank: 1, source: 'RUN' });
      expect(result.fill.find((fill) => fill.sectionId === 'A')).toEqual({ sectionId: 'A', change: 0, remaining: 0 });
    });

    it.each([
      { move: { applicantId: 'nobody', sectionId: 'A', reason: 'x' }, message: placementMessages.unknownApplicant },
      { move: { applicantId: 'p1', sectionId: 'Z', reason: 'x' }, message: placementMessages.unknownSection },
      { move: { applicantId: 'p1', sectionId: 'O', reason: 'x' }, message: placementMessages.notTheirPath },
      { move: { applicantId: 'p1', sectionId: 'A', reason: '  ' }, message: placementMessages.reasonRequired },
      { move: { applicantId: 'p1', sectionId: 'F', reason: 'x' }, message: placementMessages.full },
    ])('refuse $message', ({ move, message }) => {
      const result = placeApplicants(
        base({
          groupings: [
            { id: g, remaining: null },
            { id: 'advanced', remaining: null },
          ],
          sections: [section('A', 1), section('F', 0), section('O', 3, 'advanced')],
          applicants: [first],
          moves: [move],
        }),
      );
      expect(result.refusedMoves).toEqual([{ move, message }]);
    });

    it('refuse a second move of the same person in a grouping', () => {
      const result = placeApplicants(
        base({
          applicants: [first],
          moves: [
            { applicantId: 'p1', sectionId: 'A', reason: 'x' },
            { applicantId: 'p1', sectionId: 'C', reason: 'y' },
          ],
        }),
      );
      expect(result.refusedMoves.map((refused) => refused.message)).toEqual([placementMessages.movedTwice]);
      expect(placeOf(result, 'p1')?.sectionId).toBe('A');
    });
  });
});

describe('priorityOrder', () => {
  const people = ['d', 'b', 'a', 'c'].map((id, i) => applicant(id, `2026-01-0${4 - i}T00:00:00Z`, []));

  it('by submission time, ties by id', () => {
    const tied = [applicant('z', '2026-01-01T00:00:00Z', []), applicant('y', '2026-01-01T00:00:00Z', [])];
    expect(priorityOrder(people, { kind: 'SUBMISSION' })).toEqual(['c', 'a', 'b', 'd']);
    expect(priorityOrder(tied, { kind: 'SUBMISSION' })).toEqual(['y', 'z']);
  });

  it('a hand-set order ignores unknown and repeated ids, and the rest follow by submission', () => {
    expect(priorityOrder(people, { kind: 'MANUAL', order: ['b', 'x', 'b', 'd'] })).toEqual(['b', 'd', 'c', 'a']);
  });

  it('a lottery depends on the seed and the set of people, not on the order they come in', () => {
    const draw = priorityOrder(people, { kind: 'LOTTERY', seed: 42 });
    expect(priorityOrder([...people].reverse(), { kind: 'LOTTERY', seed: 42 })).toEqual(draw);
    expect([...draw].sort()).toEqual(['a', 'b', 'c', 'd']);
  });

  it('the generator draws the same numbers from the same seed, in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const drawn = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(drawn);
    expect(drawn.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(seededRandom(8)()).not.toBe(drawn[0]);
  });
});

describe('ordinal', () => {
  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [112, '112th'],
  ])('%i is %s', (n, text) => expect(ordinal(n)).toBe(text));
});

/** Random events: 1 to 3 groupings of 1 to 4 sections, applicants ranking some sections of each, some already placed. */
const placementInputs = fc
  .record({
    groupings: fc.array(
      fc.record({
        remaining: fc.option(fc.nat(8), { nil: null }),
        sections: fc.array(fc.option(fc.nat(4), { nil: null }), { minLength: 1, maxLength: 4 }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    applicants: fc.array(
      fc.record({
        submittedAt: fc.integer({ min: 0, max: 50 }),
        picks: fc.array(fc.array(fc.nat(3), { maxLength: 4 }), { maxLength: 3 }),
        published: fc.array(fc.nat(3), { maxLength: 3 }),
      }),
      { maxLength: 25 },
    ),
    seed: fc.nat(),
  })
  .map(({ groupings, applicants, seed }): PlacementInput => {
    const sections = groupings.flatMap((grouping, gi) =>
      grouping.sections.map((remaining, si) => ({ id: `s${gi}-${si}`, groupingId: `g${gi}`, remaining })),
    );
    const inGrouping = (gi: number) => sections.filter((candidate) => candidate.groupingId === `g${gi}`);
    return {
      groupings: groupings.map((grouping, gi) => ({ id: `g${gi}`, remaining: grouping.remaining })),
      sections,
      applicants: applicants.map((person, pi) => ({
        id: `p${String(pi).padStart(2, '0')}`,
        submittedAt: `2026-01-01T00:00:${String(person.submittedAt).padStart(2, '0')}Z`,
        groupingIds: groupings.map((_, gi) => `g${gi}`),
        choices: groupings.flatMap((_, gi) => {
          const offered = inGrouping(gi);
          const picked = [...new Set((person.picks[gi] ?? []).map((n) => offered[n % offered.length]?.id ?? ''))];
          return picked.map((sectionId, rank) => ({ sectionId, ranking: rank + 1 }));
        }),
        // A published place is only kept where its seat is counted: the property below checks the run, not the data.
        placed: person.published.slice(0, 1).flatMap((n) => {
          const offered = inGrouping(0);
          const chosen = offered[n % offered.length];
          return chosen && chosen.remaining === null ? [{ groupingId: 'g0', sectionId: chosen.id, rank: null }] : [];
        }),
      })),
      priority: { kind: 'LOTTERY', seed },
      moves: [],
    };
  });

describe('placement properties (fast-check)', () => {
  it('never places more people in a section or grouping than it has room for', () => {
    fc.assert(
      fc.property(placementInputs, (input) => {
        const result = placeApplicants(input);
        for (const fill of result.fill) {
          const capacity = input.sections.find((candidate) => candidate.id === fill.sectionId)?.remaining;
          if (capacity === null || capacity === undefined) continue;
          expect(fill.change).toBeLessThanOrEqual(capacity);
          expect(fill.remaining).toBeGreaterThanOrEqual(0);
        }
        for (const grouping of input.groupings) {
          if (grouping.remaining === null) continue;
          const taken = newPlaces(result).filter((place) => place.groupingId === grouping.id).length;
          expect(taken).toBeLessThanOrEqual(grouping.remaining);
        }
      }),
    );
  });

  it('places nobody below a section they ranked higher that has room or holds someone later in priority', () => {
    fc.assert(
      fc.property(placementInputs, (input) => {
        const result = placeApplicants(input);
        const position = new Map(result.order.map((id, index) => [id, index]));
        const remaining = new Map(result.fill.map((fill) => [fill.sectionId, fill.remaining]));
        const groupingRemaining = new Map(
          input.groupings.map((grouping) => [
            grouping.id,
            grouping.remaining === null
              ? null
              : grouping.remaining - newPlaces(result).filter((place) => place.groupingId === grouping.id).length,
          ]),
        );
        const hasRoom = (sectionId: string, groupingId: string) =>
          remaining.get(sectionId) !== 0 && groupingRemaining.get(groupingId) !== 0;
        for (const person of input.applicants) {
          for (const groupingId of person.groupingIds) {
            const place = result.places.find((p) => p.applicantId === person.id && p.groupingId === groupingId);
            if (place?.source === 'PUBLISHED') continue;
            const got = place?.rank ?? Number.POSITIVE_INFINITY;
            const better = person.choices.filter(
              (choice) =>
                choice.ranking < got &&
                input.sections.find((candidate) => candidate.id === choice.sectionId)?.groupingId === groupingId,
            );
            for (const choice of better) {
              expect(hasRoom(choice.sectionId, groupingId)).toBe(false);
              for (const occupant of result.places) {
                if (occupant.sectionId !== choice.sectionId || occupant.source !== 'RUN') continue;
                expect(position.get(occupant.applicantId)).toBeLessThan(position.get(person.id) ?? -1);
              }
            }
          }
        }
      }),
    );
  });

  it('gives the same placement for the same seed, whatever order the applicants come in', () => {
    fc.assert(
      fc.property(placementInputs, (input) => {
        const once = placeApplicants(input);
        const again = placeApplicants({ ...input, applicants: [...input.applicants].reverse() });
        const sorted = (result: PlacementResult) =>
          result.places.map((p) => `${p.applicantId}>${p.sectionId}`).sort((a, b) => (a < b ? -1 : 1));
        expect(again.order).toEqual(once.order);
        expect(sorted(again)).toEqual(sorted(once));
        expect(placementFingerprint(again)).toBe(placementFingerprint(once));
      }),
    );
  });

  it('never moves a published place, and gives each person at most one place per grouping', () => {
    fc.assert(
      fc.property(placementInputs, (input) => {
        const result = placeApplicants(input);
        for (const person of input.applicants) {
          for (const published of person.placed) {
            expect(
              result.places.find((p) => p.applicantId === person.id && p.groupingId === published.groupingId),
            ).toMatchObject({ sectionId: published.sectionId, source: 'PUBLISHED' });
          }
        }
        const keys = result.places.map((p) => `${p.applicantId}:${p.groupingId}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it('places again only those not placed yet: publishing the first run and running again adds nothing new', () => {
    fc.assert(
      fc.property(placementInputs, (input) => {
        const first = placeApplicants(input);
        const remaining = new Map(first.fill.map((fill) => [fill.sectionId, fill.remaining]));
        const taken = (groupingId: string) =>
          newPlaces(first).filter((place) => place.groupingId === groupingId).length;
        const republished: PlacementInput = {
          ...input,
          groupings: input.groupings.map((grouping) => ({
            ...grouping,
            remaining: grouping.remaining === null ? null : grouping.remaining - taken(grouping.id),
          })),
          sections: input.sections.map((s) => ({ ...s, remaining: remaining.get(s.id) ?? null })),
          applicants: input.applicants.map((person) => ({
            ...person,
            placed: first.places
              .filter((place) => place.applicantId === person.id)
              .map(({ groupingId, sectionId, rank }) => ({ groupingId, sectionId, rank })),
          })),
          priority: { kind: 'LOTTERY', seed: (input.priority.kind === 'LOTTERY' ? input.priority.seed : 0) + 1 },
        };
        const second = placeApplicants(republished);
        expect(newPlaces(second)).toEqual([]);
      }),
    );
  });
});
