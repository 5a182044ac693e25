import { describe, expect, it } from 'vitest';
import {
  effectiveAmount,
  effectiveGrades,
  emptySelections,
  freeSeatsBySection,
  gradesOverridden,
  groupingsBelowMinimum,
  groupsBelowMinimum,
  instituteBalance,
  isOverridden,
  isPackageRequestEditable,
  isVirtualSection,
  minimumDaysMessage,
  nextPackageStep,
  packageMessages,
  participantCount,
  normalizePackageStatus,
  optionList,
  packageActions,
  packageRequestActionLinks,
  packageStepList,
  packageStepRedirect,
  packageTotals,
  pdSessionTravel,
  sameDistribution,
  spotsRemaining,
  staffActionAllowed,
  type PackageSelections,
  type PricedPackage,
  selectionProblems,
} from './rules.ts';

describe('participantCount', () => {
  it.each([
    [0, '0 participants'],
    [1, '1 participant'],
    [2, '2 participants'],
  ])('%i reads "%s"', (count, text) => expect(participantCount(count)).toBe(text));
});

describe('optionList (min, max, interval; zero only when allowed)', () => {
  it.each([
    ['1 to 5 by 1', { min: 1, max: 5, interval: 1, allowZeroSelection: false }, [1, 2, 3, 4, 5]],
    ['2 to 10 by 2 with zero', { min: 2, max: 10, interval: 2, allowZeroSelection: true }, [0, 2, 4, 6, 8, 10]],
    ['max not on the interval stops below it', { min: 1, max: 6, interval: 2, allowZeroSelection: false }, [1, 3, 5]],
    [
      'min 0 without zero allowed starts at the next step',
      { min: 0, max: 3, interval: 1, allowZeroSelection: false },
      [1, 2, 3],
    ],
    ['min equal to max', { min: 4, max: 4, interval: 1, allowZeroSelection: false }, [4]],
    ['min above max offers nothing but zero', { min: 5, max: 4, interval: 1, allowZeroSelection: true }, [0]],
    ['interval 0 counts as 1', { min: 1, max: 3, interval: 0, allowZeroSelection: false }, [1, 2, 3]],
    [
      'custom selections replace the range',
      { min: 1, max: 10, interval: 1, allowZeroSelection: false, customSelections: [6, 3, 3] },
      [3, 6],
    ],
    [
      'custom selections with zero',
      { min: 1, max: 10, interval: 1, allowZeroSelection: true, customSelections: [2] },
      [0, 2],
    ],
  ])('%s', (_, range, expected) => {
    expect(optionList(range)).toEqual(expected);
  });
});

describe('statuses and actions (§4)', () => {
  it.each([
    ['NOT_STARTED', ['CHOOSE_PACKAGE']],
    ['STARTED', ['CONTINUE_APPLICATION']],
    ['CHANGES_REQUESTED', ['CONTINUE_APPLICATION']],
    ['REOPENED', ['CONTINUE_APPLICATION']],
    ['SUBMITTED', ['REVIEW_APPLICATION']],
    ['REJECTED', ['REVIEW_APPLICATION']],
    ['WITHDRAWN', ['REVIEW_APPLICATION']],
    ['ACCEPTED', ['ALLOCATE_TICKETS', 'ASSIGN_STAFF', 'REVIEW_PACKAGE']],
  ] as const)('%s offers %j', (status, actions) => {
    expect(packageActions(status)).toEqual(actions);
  });

  const id = '0b5f2c1e-9d7a-4c1b-8f3e-2a6d5c4b3a21';
  const request = `/members/manage-services/package-request/${id}`;
  it.each([
    ['NOT_STARTED', []],
    ['STARTED', [['Continue Application', `${request}/staff-options`]]],
    ['CHANGES_REQUESTED', [['Continue Application', `${request}/staff-options`]]],
    ['REOPENED', [['Continue Application', `${request}/staff-options`]]],
    ['SUBMITTED', [['Review Application', `${request}/review`]]],
    ['REJECTED', [['Review Application', `${request}/review`]]],
    ['WITHDRAWN', [['Review Application', `${request}/review`]]],
    [
      'ACCEPTED',
      [
        ['Allocate Tickets', `${request}/assign-tickets`],
        ['Assign Staff', `${request}/assign-staff`],
        ['Review Package', `${request}/review`],
      ],
    ],
  ] as const)('a %s request links %j', (status, links) => {
    expect(packageRequestActionLinks(status, id).map(({ label, path }) => [label, path])).toEqual(links);
  });

  it.each([
    ['STARTED', true],
    ['CHANGES_REQUESTED', true],
    ['REOPENED', true],
    ['SUBMITTED', false],
    ['ACCEPTED', false],
    ['REJECTED', false],
    ['WITHDRAWN', false],
  ] as const)('%s editable: %s', (status, editable) => {
    expect(isPackageRequestEditable(status)).toBe(editable);
  });

  it('reads the old spelling CHANGES_REGUESTED as CHANGES_REQUESTED, and nothing else unknown', () => {
    expect(normalizePackageStatus('CHANGES_REGUESTED')).toBe('CHANGES_REQUESTED');
    expect(normalizePackageStatus('SUBMITTED')).toBe('SUBMITTED');
    expect(normalizePackageStatus('NOT_STARTED')).toBeNull();
  });

  it.each([
    ['accept', 'SUBMITTED', true],
    ['accept', 'STARTED', false],
    ['reject', 'SUBMITTED', true],
    ['requestChanges', 'SUBMITTED', true],
    ['requestChanges', 'ACCEPTED', false],
    ['reopen', 'ACCEPTED', true],
    ['reopen', 'REJECTED', true],
    ['reopen', 'SUBMITTED', false],
  ] as const)('staff %s from %s: %s', (action, status, allowed) => {
    expect(staffActionAllowed(action, status)).toBe(allowed);
  });
});

describe('steps', () => {
  const every = { pdSessionGroupings: [1], events: [1], groups: [1], institutes: [1] };
  it('lists only the steps the package has, review always', () => {
    expect(packageStepList(every)).toEqual([
      'staff-options',
      'event-selection',
      'group-selection',
      'institute-selection',
      'review',
    ]);
    expect(packageStepList({ ...every, events: [], institutes: [] })).toEqual([
      'staff-options',
      'group-selection',
      'review',
    ]);
    expect(packageStepList({ pdSessionGroupings: [], events: [], groups: [], institutes: [] })).toEqual(['review']);
  });

  it('Save & Continue opens the next step of the list', () => {
    const steps = packageStepList({ ...every, events: [] });
    expect(nextPackageStep(steps, 'staff-options')).toBe('group-selection');
    expect(nextPackageStep(steps, 'institute-selection')).toBe('review');
    expect(nextPackageStep(steps, 'review')).toBe('review');
  });

  it.each([
    ['SUBMITTED', 'staff-options', 'review'],
    ['SUBMITTED', 'review', null],
    ['ACCEPTED', 'group-selection', 'review'],
    ['STARTED', 'staff-options', null],
    ['STARTED', 'event-selection', 'staff-options'],
    ['REOPENED', 'nonsense', 'staff-options'],
  ] as const)('%s on %s redirects to %s', (status, step, target) => {
    expect(packageStepRedirect(status, ['staff-options', 'review'], step)).toBe(target);
  });
});

describe('step rules (§4, §5)', () => {
  it.each([
    [10, 0, { remaining: 10, highlighted: false, overallocated: false }],
    [10, 4, { remaining: 6, highlighted: false, overallocated: false }],
    [10, 5, { remaining: 5, highlighted: true, overallocated: false }],
    [10, 10, { remaining: 0, highlighted: true, overallocated: false }],
    [10, 11, { remaining: -1, highlighted: true, overallocated: true }],
  ])('spots remaining of %i with %i chosen', (max, chosen, expected) => {
    expect(spotsRemaining(max, chosen)).toEqual(expected);
  });

  it.each([
    [5, 6, -1, 'red'],
    [5, 5, 0, 'green'],
    [5, 4, 1, 'yellow'],
    [0, 0, 0, 'green'],
  ] as const)('institute balance %i requested, %i distributed', (requested, distributed, remaining, colour) => {
    expect(instituteBalance(requested, distributed)).toEqual({ remaining, colour });
  });

  it('an override replaces the requested amount only once its date is set', () => {
    expect(effectiveAmount(3, null, 7)).toBe(3);
    expect(effectiveAmount(3, '2026-11-01', 7)).toBe(7);
    expect(effectiveAmount(3, '2026-11-01', 0)).toBe(0);
    expect(effectiveAmount(3, '2026-11-01', null)).toBe(3);
  });

  it('groupings below minDays, at the boundary', () => {
    const pkg = {
      pdSessionGroupings: [{ id: 'g', title: 'Coaching', minDays: 4, pdSessions: [{ id: 'a' }, { id: 'b' }] }],
    } as unknown as PricedPackage;
    expect(
      groupingsBelowMinimum(
        pkg,
        new Map([
          ['a', 2],
          ['b', 1],
        ]),
      ),
    ).toEqual(['Coaching']);
    expect(
      groupingsBelowMinimum(
        pkg,
        new Map([
          ['a', 2],
          ['b', 2],
        ]),
      ),
    ).toEqual([]);
    expect(minimumDaysMessage('Coaching')).toBe('The minimum amount of days for Coaching has not been reached...');
  });

  it('group minimum: participants × attendeeCost against minimumAmount, requiredForPurchase only', () => {
    const group = {
      id: 'g',
      name: 'Leaders',
      requiredForPurchase: true,
      minimumAmount: 30_000,
      attendeeCost: 10_000,
      sections: [{ id: 's1' }, { id: 's2' }],
    };
    const pkg = {
      groups: [group, { ...group, name: 'Optional', requiredForPurchase: false, sections: [] }],
    } as unknown as PricedPackage;
    expect(groupsBelowMinimum(pkg, new Map([['s1', 2]]))).toEqual(['Leaders']);
    expect(
      groupsBelowMinimum(
        pkg,
        new Map([
          ['s1', 2],
          ['s2', 1],
        ]),
      ),
    ).toEqual([]);
  });

  it('virtual sections by title', () => {
    expect(isVirtualSection('Virtual cohort')).toBe(true);
    expect(isVirtualSection('On site')).toBe(false);
  });
});

describe('prices (§9)', () => {
  const offer = { enableFreeSeatOffer: true, paidSeatsRequiredForOffer: 10, freeSeatsInOffer: 2 };
  it.each([
    ['no offer', { ...offer, enableFreeSeatOffer: false }, [8, 6], [0, 0]],
    ['at the threshold nothing is free', offer, [6, 4], [0, 0]],
    ['one past the threshold: one free, from the last section', offer, [6, 5], [0, 1]],
    ['two past: two free', offer, [6, 6], [0, 2]],
    ['far past: capped at freeSeatsInOffer', offer, [10, 10], [0, 2]],
    ['a small last section gives what it has, then the one before', offer, [11, 1], [1, 1]],
    ['empty trailing sections are skipped', offer, [12, 0], [2, 0]],
  ])('free seats: %s', (_, group, counts, expected) => {
    expect(freeSeatsBySection(group, counts)).toEqual(expected);
  });

  it.each([
    ['REMOTE is free whatever the type', 'REMOTE', 3, 'FIXED_COST', { low: 0, high: 0 }],
    ['fixed per day is certain', 'ON_SITE', 3, 'FIXED_COST', { low: 30_000, high: 30_000 }],
    ['actual cost is an estimate', 'ON_SITE', 3, 'ACTUAL_COST', { low: 0, high: 30_000 }],
    ['zero days', 'ON_SITE', 0, 'FIXED_COST', { low: 0, high: 0 }],
  ] as const)('travel: %s', (_, setting, days, type, expected) => {
    expect(pdSessionTravel(setting, days, { type, amountPerDay: 10_000 })).toEqual(expected);
  });

  const pkg: PricedPackage = {
    minimumAmount: 500_000,
    travelCost: { type: 'ACTUAL_COST', amountPerDay: 20_000 },
    pdSessionGroupings: [
      {
        id: 'grp',
        title: 'Coaching',
        minDays: 2,
        pdSessions: [
          { id: 'onsite', name: 'On-site coaching', setting: 'ON_SITE', dayRate: 100_000 },
          { id: 'remote', name: 'Remote coaching', setting: 'REMOTE', dayRate: 50_000 },
        ],
      },
    ],
    events: [{ id: 'ev', name: 'Conference', price: 25_000 }],
    groups: [
      {
        id: 'g',
        name: 'Leaders',
        requiredForPurchase: true,
        minimumAmount: 100_000,
        attendeeCost: 10_000,
        maxAttendees: 20,
        ...offer,
        sections: [
          { id: 's1', title: 'Cohort A' },
          { id: 's2', title: 'Virtual cohort' },
        ],
      },
    ],
    institutes: [{ id: 'inst', name: 'Coaching Institute', participantCost: 80_000 }],
  };
  const selections: PackageSelections = {
    pdSessions: [
      { pdSessionId: 'onsite', requestedDays: 2, overrideDate: null, overrideAmount: null, createdByInitiator: true },
      { pdSessionId: 'remote', requestedDays: 1, overrideDate: null, overrideAmount: null, createdByInitiator: true },
    ],
    events: [{ packageEventId: 'ev', requestedParticipants: 4, overrideDate: null, overrideAmount: null }],
    groupSections: [
      { groupSectionId: 's1', requestedParticipants: 8, overrideDate: null, overrideParticipants: null },
      { groupSectionId: 's2', requestedParticipants: 4, overrideDate: null, overrideParticipants: null },
    ],
    institutes: [
      {
        packageInstituteId: 'inst',
        requestedParticipants: 2,
        overrideDate: null,
        overrideAmount: null,
        createdByInitiator: true,
        grades: [],
      },
    ],
  };

  it('adds every part; actual travel makes the range', () => {
    const totals = packageTotals(pkg, selections);
    expect(totals.packageCosts).toEqual({ pdSessions: 250_000, events: 100_000, groups: 100_000, institutes: 160_000 });
    expect(totals.groups[0]).toMatchObject({
      participants: 12,
      freeSeats: 2,
      cost: 100_000,
      sections: [{ freeSeats: 0 }, { freeSeats: 2 }],
    });
    expect(totals.pdSessionTotals).toEqual({ cost: 250_000, travelLow: 0, travelHigh: 40_000 });
    expect(totals.total).toEqual({ low: 610_000, high: 650_000 });
    expect(totals).toMatchObject({ belowMinimum: false, groupsBelowMinimum: [], canSubmit: true });
  });

  it('fixed travel counts in both ends', () => {
    const totals = packageTotals({ ...pkg, travelCost: { type: 'FIXED_COST', amountPerDay: 20_000 } }, selections);
    expect(totals.total).toEqual({ low: 650_000, high: 650_000 });
  });

  it('package minimum against the low end, at the boundary', () => {
    expect(packageTotals({ ...pkg, minimumAmount: 610_000 }, selections).belowMinimum).toBe(false);
    const short = packageTotals({ ...pkg, minimumAmount: 610_001 }, selections);
    expect(short).toMatchObject({ belowMinimum: true, canSubmit: false });
  });

  it('an unmet group minimum stops submission', () => {
    const totals = packageTotals({ ...pkg, minimumAmount: 0 }, { ...selections, groupSections: [] });
    expect(totals).toMatchObject({ groupsBelowMinimum: ['Leaders'], canSubmit: false });
  });

  it('overrides replace the requested amounts in every price', () => {
    const overridden: PackageSelections = {
      ...selections,
      events: [{ packageEventId: 'ev', requestedParticipants: 4, overrideDate: '2026-11-01', overrideAmount: 1 }],
    };
    expect(packageTotals(pkg, overridden).packageCosts.events).toBe(25_000);
  });

  it('an empty request costs nothing and is below any minimum', () => {
    const totals = packageTotals(pkg, emptySelections);
    expect(totals.total).toEqual({ low: 0, high: 0 });
    expect(totals.belowMinimum).toBe(true);
  });
});

describe("selectionProblems (a wizard step's amounts, item by item)", () => {
  const evenUpToFour = (amount: number) => [0, 2, 4].includes(amount);
  const offered = new Map([
    ['a', evenUpToFour],
    ['b', evenUpToFour],
  ]);
  const overridden = { overrideDate: '2026-01-05', amount: 3 };
  const own = { overrideDate: null, amount: 2 };
  const { unknownItem, overriddenLocked, notAnOption } = packageMessages;
  it.each([
    { case: 'offered amounts', saved: {}, sent: { a: 2, b: 4 }, problems: {} },
    { case: 'an item left out counts as 0', saved: {}, sent: { a: 2 }, problems: {} },
    { case: 'an amount not offered', saved: {}, sent: { a: 3 }, problems: { a: notAnOption } },
    {
      case: 'an item the package does not offer, listed first',
      saved: {},
      sent: { a: 3, z: 1 },
      problems: { z: unknownItem, a: notAnOption },
    },
    { case: "an overridden item left out keeps staff's amount", saved: { a: overridden }, sent: {}, problems: {} },
    { case: 'an overridden item sent unchanged', saved: { a: overridden }, sent: { a: 3 }, problems: {} },
    { case: 'an overridden item changed', saved: { a: overridden }, sent: { a: 2 }, problems: { a: overriddenLocked } },
    { case: "the member's own saved amount may change", saved: { a: own }, sent: { a: 4 }, problems: {} },
  ])('$case', ({ saved, sent, problems }) => {
    const found = selectionProblems({
      offered,
      saved: new Map(Object.entries(saved)),
      sent: new Map(Object.entries(sent)),
    });
    expect(Object.fromEntries(found)).toEqual(problems);
    expect([...found.keys()]).toEqual(Object.keys(problems));
  });

  it('isOverridden: only a selection staff dated', () => {
    expect([
      isOverridden(undefined),
      isOverridden({ overrideDate: null }),
      isOverridden({ overrideDate: '2026-01-05' }),
    ]).toEqual([false, false, true]);
  });
});

describe("an institute's grade distribution overridden by staff", () => {
  const grade = (gradeId: string, participants: number, overrideParticipants: number | null = null) => ({
    gradeId,
    participants,
    overrideParticipants,
  });

  it.each([
    ['no selection', undefined, false],
    ['no grades', { grades: [] }, false],
    ["the member's grades only", { grades: [grade('k', 2), grade('1', 3)] }, false],
    ['one grade of staff, even 0', { grades: [grade('k', 2, 0), grade('1', 3)] }, true],
  ])('gradesOverridden: %s', (_, selection, expected) => {
    expect(gradesOverridden(selection)).toBe(expected);
  });

  it.each([
    ["the member's counts", [grade('k', 2), grade('1', 3)], { k: 2, '1': 3 }],
    [
      "staff's replace the member's, 0 included",
      [grade('k', 2, 0), grade('1', 3, 5), grade('2', 0, 1)],
      { '1': 5, '2': 1 },
    ],
    ['grades with none are left out', [grade('k', 0), grade('1', 0, 0)], {}],
  ])('effectiveGrades: %s', (_, grades, expected) => {
    expect(Object.fromEntries(effectiveGrades(grades))).toEqual(expected);
  });

  const inForce = new Map([
    ['k', 2],
    ['1', 3],
  ]);
  it.each([
    [
      'the same grades in another order',
      [
        { gradeId: '1', participants: 3 },
        { gradeId: 'k', participants: 2 },
      ],
      true,
    ],
    [
      'the same plus a grade of 0',
      [
        { gradeId: 'k', participants: 2 },
        { gradeId: '1', participants: 3 },
        { gradeId: '2', participants: 0 },
      ],
      true,
    ],
    [
      'one count changed',
      [
        { gradeId: 'k', participants: 1 },
        { gradeId: '1', participants: 3 },
      ],
      false,
    ],
    ['a grade missing', [{ gradeId: 'k', participants: 2 }], false],
    [
      'a grade added',
      [
        { gradeId: 'k', participants: 2 },
        { gradeId: '1', participants: 3 },
        { gradeId: '2', participants: 1 },
      ],
      false,
    ],
    [
      'one grade sent twice',
      [
        { gradeId: 'k', participants: 2 },
        { gradeId: 'k', participants: 2 },
      ],
      false,
    ],
  ])('sameDistribution: %s', (_, sent, expected) => {
    expect(sameDistribution(inForce, sent)).toBe(expected);
  });
});
