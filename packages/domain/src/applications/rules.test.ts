import { describe, expect, it } from 'vitest';
import {
  applicationDecisions,
  answerProblem,
  applicationActions,
  applicationMessages,
  applicationPaymentStatus,
  decide,
  effectiveSelection,
  isAdvancedEligible,
  isEditable,
  isStepReachable,
  isSubmitted,
  legacyApplicationView,
  legacyPaymentHelp,
  legacyPayTerms,
  legacyMessages,
  acceptsPaymentChanges,
  maxRanking,
  missingForSubmit,
  missingPrerequisites,
  nextStep,
  normalizeAnswer,
  paymentDueText,
  previousStep,
  questionnaireComplete,
  selectionMessages,
  selectionBegun,
  selectionProblem,
  selectionRefusal,
  showsPaymentStatusLine,
  withdrawalMessages,
  withdrawalRefusal,
  stepBlockers,
  wizardSteps,
  type ApplicationActionFacts,
  type ApplicationProgress,
  type Question,
  type SelectablePath,
  type WizardStep,
} from './rules.ts';

describe('step reachability (events.md §2)', () => {
  const facts = ['generalInformation', 'affiliation', 'sectionChosen', 'section', 'questionnaire'] as const;
  // Every combination of the five prerequisites.
  const combinations: ApplicationProgress[] = Array.from({ length: 32 }, (_, bits) => ({
    generalInformation: Boolean(bits & 1),
    affiliation: Boolean(bits & 2),
    sectionChosen: Boolean(bits & 4),
    section: Boolean(bits & 8),
    questionnaire: Boolean(bits & 16),
  }));
  const expected = (step: WizardStep, p: ApplicationProgress): boolean =>
    ({
      'general-information': true,
      'affiliations-and-attendance': true,
      sections: p.generalInformation,
      questionnaire: p.generalInformation && p.sectionChosen,
      'review-and-submit': p.generalInformation && p.affiliation && p.sectionChosen && p.questionnaire,
    })[step];

  for (const progress of combinations) {
    const name = facts.filter((f) => progress[f]).join('+') || 'nothing';
    it.each(wizardSteps.map((step) => [step]))(`with ${name}: %s`, (step) => {
      expect(isStepReachable(step, progress)).toBe(expected(step, progress));
      expect(stepBlockers(step, progress).length === 0).toBe(expected(step, progress));
    });
  }

  const none: ApplicationProgress = {
    generalInformation: false,
    affiliation: false,
    sectionChosen: false,
    section: false,
    questionnaire: false,
  };

  it.each([
    ['sections', none, [applicationMessages.generalInformationMissing]],
    ['questionnaire', { ...none, generalInformation: true }, [applicationMessages.sectionMissing]],
    ['questionnaire', { ...none, sectionChosen: true }, [applicationMessages.generalInformationMissing]],
    ['questionnaire', { ...none, generalInformation: true, sectionChosen: true }, []],
    [
      'review-and-submit',
      { ...none, generalInformation: true, sectionChosen: true },
      [applicationMessages.affiliationMissing, applicationMessages.questionnaireMissing],
    ],
  ] as const)('%s is blocked by what is missing, in step order (%#)', (step, progress, messages) => {
    expect(stepBlockers(step, progress)).toEqual(messages);
  });

  it('names the missing prerequisites by progress field, for the server', () => {
    expect(missingPrerequisites('questionnaire', none)).toEqual([
      { field: 'generalInformation', message: applicationMessages.generalInformationMissing },
      { field: 'sectionChosen', message: applicationMessages.sectionMissing },
    ]);
    expect(missingPrerequisites('submit', { ...none, sectionChosen: true })).toEqual([
      { field: 'generalInformation', message: applicationMessages.generalInformationMissing },
      { field: 'affiliation', message: applicationMessages.affiliationMissing },
      { field: 'section', message: applicationMessages.sectionMissing },
      { field: 'questionnaire', message: applicationMessages.questionnaireMissing },
    ]);
  });

  it('names what is missing for submit, in step order: a begun selection is not enough', () => {
    expect(
      missingForSubmit({
        generalInformation: false,
        affiliation: true,
        sectionChosen: true,
        section: false,
        questionnaire: false,
      }),
    ).toEqual([
      applicationMessages.generalInformationMissing,
      applicationMessages.sectionMissing,
      applicationMessages.questionnaireMissing,
    ]);
    expect(
      missingForSubmit({
        generalInformation: true,
        affiliation: true,
        sectionChosen: true,
        section: true,
        questionnaire: true,
      }),
    ).toEqual([]);
  });

  it.each([
    ['general-information', null, 'affiliations-and-attendance'],
    ['sections', 'affiliations-and-attendance', 'questionnaire'],
    ['questionnaire', 'sections', 'review-and-submit'],
    ['review-and-submit', 'questionnaire', null],
  ] as const)('around %s: previous %s, next %s', (step, previous, next) => {
    expect(previousStep(step)).toBe(previous);
    expect(nextStep(step)).toBe(next);
  });
});

describe('statuses', () => {
  it.each([
    [null, false, null],
    ['STARTED', false, true],
    ['SUBMITTED', true, false],
    ['CHANGES_REQUESTED', true, true],
    ['ACCEPTED', true, false],
    ['REJECTED', true, false],
    ['VOIDED', true, false],
  ] as const)('%s: submitted %s, editable %s', (status, submitted, editable) => {
    expect(isSubmitted(status)).toBe(submitted);
    if (status) expect(isEditable(status)).toBe(editable);
  });

  it.each([
    ['SUBMITTED', 'ACCEPT', 'ACCEPTED'],
    ['SUBMITTED', 'REJECT', 'REJECTED'],
    ['SUBMITTED', 'REQUEST_CHANGES', 'CHANGES_REQUESTED'],
    ['SUBMITTED', 'VOID', 'VOIDED'],
    ['STARTED', 'ACCEPT', null],
    ['CHANGES_REQUESTED', 'ACCEPT', null],
    ['ACCEPTED', 'REJECT', null],
    ['ACCEPTED', 'VOID', 'VOIDED'],
    ['REJECTED', 'VOID', 'VOIDED'],
    ['VOIDED', 'VOID', null],
  ] as const)('%s + %s → %s', (status, decision, result) => {
    expect(decide(status, decision)).toBe(result);
  });
});

describe('payment status and labels (§4)', () => {
  it.each([
    ['no payment, card option', null, 'Credit Card', 'PENDING'],
    ['no payment, purchase order option', null, 'Purchase Order', 'AWAITING_PO'],
    ['no payment, no option', null, null, 'PENDING'],
    ['expired hold falls back to the default', { status: 'EXPIRED', totalCents: 100 }, 'Purchase Order', 'AWAITING_PO'],
    ['pending card payment', { status: 'PENDING', totalCents: 100 }, 'Purchase Order', 'PENDING'],
    ['purchase order uploaded', { status: 'PO_SUBMITTED', totalCents: 100 }, 'Purchase Order', 'PO_SUBMITTED'],
    ['paid', { status: 'PAID', totalCents: 100 }, 'Credit Card', 'PAID'],
    ['paid in full by a coupon', { status: 'PAID', totalCents: 0 }, 'Credit Card', 'COMPLIMENTARY'],
    ['cancelled', { status: 'CANCELLED', totalCents: 100 }, 'Credit Card', 'CANCELLED'],
    ['a late card payment to refund', { status: 'REFUND_NEEDED', totalCents: 100 }, 'Credit Card', 'REFUND_NEEDED'],
  ] as const)('%s', (_, payment, label, expected) => {
    expect(applicationPaymentStatus(payment, label)).toBe(expected);
  });

  it('hides the status line only for an incomplete payment', () => {
    expect(showsPaymentStatusLine('PENDING')).toBe(false);
    expect(showsPaymentStatusLine('AWAITING_PO')).toBe(true);
    expect(showsPaymentStatusLine('PAID')).toBe(true);
  });

  it.each([
    [1, 'Payment due in 1 day'],
    [0, 'Payment due in 0 days'],
    [2, 'Payment due in 2 days'],
    [30, 'Payment due in 30 days'],
  ])('%i days: %s', (days, text) => {
    expect(paymentDueText(days)).toBe(text);
  });
});

describe('list buttons by state (§2)', () => {
  const base: ApplicationActionFacts = {
    status: 'ACCEPTED',
    paymentStatus: 'PENDING',
    paymentMethod: 'CARD',
    amountDueCents: 95000,
    registrationRequestId: null,
  };
  const labels = (facts: Partial<ApplicationActionFacts>) =>
    applicationActions({ ...base, ...facts }).map((a) => a.label);

  it.each([
    ['started', { status: 'STARTED' }, ['Complete Application']],
    ['changes requested', { status: 'CHANGES_REQUESTED' }, ['Complete Application']],
    ['submitted', { status: 'SUBMITTED' }, ['Review Application']],
    ['accepted, card', {}, ['Change payment method', 'Pay by Credit Card', 'Resources']],
    [
      'accepted, purchase order',
      { paymentStatus: 'AWAITING_PO', paymentMethod: 'PURCHASE_ORDER' },
      ['Change payment method', 'Pay by Purchase Order', 'Resources'],
    ],
    ['accepted, nothing left to pay', { amountDueCents: 0 }, ['Change payment method', 'Pay', 'Resources']],
    [
      'accepted, declined card',
      { paymentStatus: 'CANCELLED' },
      ['Change payment method', 'Pay by Credit Card', 'Resources'],
    ],
    [
      'accepted, a late card payment being refunded',
      { paymentStatus: 'REFUND_NEEDED' },
      ['Change payment method', 'Pay by Credit Card', 'Resources'],
    ],
    ['accepted, no option chosen', { paymentMethod: null }, ['Change payment method', 'Resources']],
    [
      'accepted, purchase order under review',
      { paymentStatus: 'PO_SUBMITTED', paymentMethod: 'PURCHASE_ORDER' },
      ['Resources'],
    ],
    ['accepted and paid', { paymentStatus: 'PAID' }, ['Resources']],
    ['rejected', { status: 'REJECTED' }, []],
    ['voided', { status: 'VOIDED' }, []],
    [
      'with a registration request',
      { paymentStatus: 'PAID', registrationRequestId: 'r1' },
      ['Resources', 'Manage Registration'],
    ],
  ] as const)('%s', (_, facts, expected) => {
    expect(labels(facts as Partial<ApplicationActionFacts>)).toEqual(expected);
  });
});

describe('section selection (§5)', () => {
  const grouping = (id: string, ...sectionIds: string[]) => ({ id, sectionIds });
  const path = (overrides: Partial<SelectablePath>): SelectablePath => ({
    level: 'FIRST_YEAR',
    applicationSelectionLevel: 'SECTIONS',
    requireRankedSelection: false,
    rankedSelectionAmount: 1,
    groupings: [grouping('g1', 'a', 'b', 'c'), grouping('g2', 'd', 'e', 'f')],
    ...overrides,
  });
  const s = (sectionId: string, ranking: number | null = null) => ({ sectionId, ranking });
  const sections = (...chosen: ReturnType<typeof s>[]) => ({ groupingIds: [], sections: chosen });

  describe('ranked, amount 2: ranks 1..2 only, unique in a grouping, 2 × groupings to be complete', () => {
    const ranked = path({ requireRankedSelection: true, rankedSelectionAmount: 2 });
    it.each([
      ['complete at amount × groupings', [s('a', 1), s('b', 2), s('d', 1), s('e', 2)], null, null],
      ['one short', [s('a', 1), s('b', 2), s('d', 1)], null, selectionMessages.rankedAmount(2)],
      ['nothing chosen', [], null, selectionMessages.rankedAmount(2)],
      ['one chosen', [s('a', 1)], null, selectionMessages.rankedAmount(2)],
      ['rank 2 (the limit) is accepted', [s('a', 2)], null, selectionMessages.rankedAmount(2)],
      [
        'rank 3 (the limit + 1) is refused',
        [s('a', 1), s('b', 3), s('d', 1), s('e', 2)],
        selectionMessages.rankingRange(2),
        selectionMessages.rankingRange(2),
      ],
      ['rank 7 is refused', [s('a', 7)], selectionMessages.rankingRange(2), selectionMessages.rankingRange(2)],
      ['rank 0 is refused', [s('a', 0)], selectionMessages.rankingRange(2), selectionMessages.rankingRange(2)],
      [
        'a third section in a grouping cannot be ranked',
        [s('a', 1), s('b', 2), s('c', 3)],
        selectionMessages.rankingRange(2),
        selectionMessages.rankingRange(2),
      ],
      [
        'duplicate ranking in a grouping',
        [s('a', 1), s('b', 1), s('d', 1), s('e', 2)],
        selectionMessages.rankingUnique,
        selectionMessages.rankingUnique,
      ],
      ['the same ranking in different groupings is fine', [s('a', 1), s('b', 2), s('d', 2), s('e', 1)], null, null],
      [
        'an unranked choice',
        [s('a', 1), s('b', null), s('d', 1), s('e', 2)],
        selectionMessages.rankingMissing,
        selectionMessages.rankingMissing,
      ],
      ['a section of another path', [s('a', 1), s('x', 2)], selectionMessages.unknown, selectionMessages.unknown],
      ['a section chosen twice', [s('a', 1), s('a', 2)], selectionMessages.unknown, selectionMessages.unknown],
    ])('%s', (_, chosen, refusal, problem) => {
      expect(selectionRefusal(ranked, sections(...chosen))).toBe(refusal);
      expect(selectionProblem(ranked, sections(...chosen))).toBe(problem);
    });

    it('refuses groupings on a ranked path (it ranks sections)', () => {
      expect(selectionRefusal(ranked, { groupingIds: ['g1'], sections: [] })).toBe(selectionMessages.groupingsNotAsked);
    });

    it('says "section" for an amount of one', () => {
      expect(selectionMessages.rankedAmount(1)).toBe('Rank 1 section in each grouping');
    });
  });

  describe('advanced ranked: every section of a grouping may be ranked, the top N count', () => {
    const advanced = path({ level: 'ADVANCED', requireRankedSelection: true, rankedSelectionAmount: 1 });
    it('keeps the best-ranked section of each grouping', () => {
      expect(effectiveSelection(advanced, [s('b', 2), s('a', 1), s('c', 3), s('e', 1)])).toEqual([
        s('a', 1),
        s('e', 1),
      ]);
    });
    it.each([
      ['ranking more than N is complete', [s('a', 1), s('b', 2), s('d', 2), s('e', 1)], null],
      ['ranks up to the grouping size (3) are accepted', [s('a', 3), s('d', 1)], null],
      ['rank 4 in a grouping of 3 is refused', [s('a', 4), s('d', 1)], selectionMessages.rankingRange(3)],
      ['a grouping left out is not', [s('a', 1), s('b', 2)], selectionMessages.rankedAmount(1)],
    ])('%s', (_, chosen, expected) => {
      expect(selectionProblem(advanced, sections(...chosen))).toBe(expected);
    });
    it('first-year ranked selections are kept as chosen', () => {
      const firstYear = path({ requireRankedSelection: true, rankedSelectionAmount: 2 });
      expect(effectiveSelection(firstYear, [s('a', 1), s('b', 2)])).toHaveLength(2);
    });
    it.each([
      ['first year', 'FIRST_YEAR', 2, 5, 2],
      ['advanced, more sections than the amount', 'ADVANCED', 2, 5, 5],
      ['advanced, fewer sections than the amount', 'ADVANCED', 2, 1, 2],
    ] as const)('the highest rank offered: %s', (_, level, amount, count, max) => {
      expect(maxRanking({ level, rankedSelectionAmount: amount }, count)).toBe(max);
    });
  });

  describe('unranked', () => {
    it.each([
      ['GROUPINGS: exactly one', 'GROUPINGS', ['g1'], [], null, null],
      ['GROUPINGS: none', 'GROUPINGS', [], [], null, selectionMessages.oneGrouping],
      ['GROUPINGS: two', 'GROUPINGS', ['g1', 'g2'], [], selectionMessages.oneGrouping, selectionMessages.oneGrouping],
      ['GROUPINGS: one of another path', 'GROUPINGS', ['gx'], [], selectionMessages.unknown, selectionMessages.unknown],
      [
        'GROUPINGS: sections as well',
        'GROUPINGS',
        ['g1'],
        [s('a')],
        selectionMessages.sectionsNotAsked,
        selectionMessages.sectionsNotAsked,
      ],
      ['SECTIONS: one in each grouping', 'SECTIONS', [], [s('a'), s('d')], null, null],
      ['SECTIONS: one grouping left out', 'SECTIONS', [], [s('a')], null, selectionMessages.sectionInEachGrouping],
      ['SECTIONS: none', 'SECTIONS', [], [], null, selectionMessages.atLeastOneSection],
      [
        'SECTIONS: two in a grouping',
        'SECTIONS',
        [],
        [s('a'), s('b'), s('d')],
        selectionMessages.oneSectionPerGrouping,
        selectionMessages.oneSectionPerGrouping,
      ],
      [
        'SECTIONS: a ranking where none is asked',
        'SECTIONS',
        [],
        [s('a', 1), s('d')],
        selectionMessages.rankingNotAsked,
        selectionMessages.rankingNotAsked,
      ],
      [
        'SECTIONS: a grouping instead',
        'SECTIONS',
        ['g1'],
        [],
        selectionMessages.groupingsNotAsked,
        selectionMessages.groupingsNotAsked,
      ],
    ] as const)('%s', (_, level, groupingIds, chosen, refusal, problem) => {
      const unranked = path({ applicationSelectionLevel: level });
      expect(selectionRefusal(unranked, { groupingIds, sections: chosen })).toBe(refusal);
      expect(selectionProblem(unranked, { groupingIds, sections: chosen })).toBe(problem);
    });

    it('SECTIONS on a path of one grouping: one section completes it', () => {
      expect(selectionProblem(path({ groupings: [grouping('g1', 'a', 'b')] }), sections(s('b')))).toBeNull();
    });
  });

  describe('begun (what opens the questionnaire)', () => {
    it.each([
      ['nothing chosen', path({}), sections(), false],
      ['one section of two groupings', path({}), sections(s('a')), true],
      ['one grouping', path({ applicationSelectionLevel: 'GROUPINGS' }), { groupingIds: ['g1'], sections: [] }, true],
      [
        'a ranked path without groupings is complete as it is',
        path({ requireRankedSelection: true, groupings: [] }),
        sections(),
        true,
      ],
    ] as const)('%s', (_, selectable, selection, begun) => {
      expect(selectionBegun(selectable, selection)).toBe(begun);
    });
  });
});

describe('advanced eligibility (§9)', () => {
  const target = { eventType: 'Institute', eventSubtype: 'Coaching Writing' };
  const today = '2026-11-23';
  const past = (endDate: string, eventSubtype = 'Coaching Writing', eventType = 'Institute') => ({
    endDate,
    eventType,
    eventSubtype,
  });

  it.each([
    ['ended yesterday', [past('2026-11-22')], true],
    ['ended today (not past yet)', [past('2026-11-23')], false],
    ['10 years less a day ago', [past('2016-11-24')], true],
    ['exactly 10 years ago', [past('2016-11-23')], false],
    ['10 years and a day ago', [past('2016-11-22')], false],
    ['Coaching Reading matches Coaching Writing', [past('2024-06-30', 'Coaching Reading')], true],
    ['subtypes match regardless of case', [past('2024-06-30', 'coaching writing')], true],
    ['another subtype does not match', [past('2024-06-30', 'Literacy')], false],
    ['another type does not match', [past('2024-06-30', 'Coaching Writing', 'Conference')], false],
    ['no past events', [], false],
    ['one old and one recent', [past('2001-01-01'), past('2025-01-01')], true],
  ])('%s', (_, events, expected) => {
    expect(isAdvancedEligible(target, events, today)).toBe(expected);
  });

  it('an event without a type has no advanced match', () => {
    expect(isAdvancedEligible({ eventType: null, eventSubtype: null }, [past('2025-01-01')], today)).toBe(false);
  });

  it('counts ten years back from 29 February as 28 February', () => {
    expect(isAdvancedEligible(target, [past('2018-02-28')], '2028-02-29')).toBe(false);
    expect(isAdvancedEligible(target, [past('2018-03-01')], '2028-02-29')).toBe(true);
  });
});

describe('questionnaire (§5)', () => {
  const question = (overrides: Partial<Question>): Question => ({
    id: 'q',
    type: 'TEXT',
    options: [],
    required: true,
    ...overrides,
  });
  const checkbox = question({ type: 'CHECKBOX', options: ['K-2', '3-5'] });

  it.each([
    ['required text answered', question({}), ['  yes  '], null],
    ['required text blank', question({}), ['   '], applicationMessages.questionRequired],
    ['required text missing', question({}), [], applicationMessages.questionRequired],
    ['optional text blank', question({ required: false }), [''], null],
    ['checkbox with one option', checkbox, ['K-2'], null],
    ['checkbox with two options', checkbox, ['K-2', '3-5'], null],
    ['checkbox with none ticked', checkbox, [], applicationMessages.questionRequired],
    ['checkbox with an unknown option', checkbox, ['9-12'], applicationMessages.optionUnknown],
    [
      'select with an unknown option',
      question({ type: 'SELECT', options: ['a'] }),
      ['b'],
      applicationMessages.optionUnknown,
    ],
    [
      'radio with two answers',
      question({ type: 'RADIO', options: ['a', 'b'] }),
      ['a', 'b'],
      applicationMessages.optionUnknown,
    ],
  ] as const)('%s', (_, q, values, expected) => {
    expect(answerProblem(q, values)).toBe(expected);
  });

  it('trims answers and drops empty ones', () => {
    expect(normalizeAnswer([' a ', '', '  ', 'b'])).toEqual(['a', 'b']);
  });

  it('is complete only when every required question is answered', () => {
    const questions = [
      question({ id: 'why' }),
      { ...checkbox, id: 'grades' },
      question({ id: 'else', required: false }),
    ];
    expect(
      questionnaireComplete(
        questions,
        new Map([
          ['why', ['Because']],
          ['grades', ['K-2']],
        ]),
      ),
    ).toBe(true);
    expect(questionnaireComplete(questions, new Map([['why', ['Because']]]))).toBe(false);
    expect(questionnaireComplete([], new Map())).toBe(true);
  });
});

describe('legacy applications (ids of the previous system, §9)', () => {
  it.each([
    // status 1 and 4 with payment status 1: the payment type decides the button
    [1, 1, 1, 'Accepted', 'Payment Incomplete', ['Pay by Credit Card']],
    [4, 1, 4, 'Accepted', 'Payment Incomplete', ['Pay by Credit Card']],
    [1, 1, 3, 'Accepted', 'Awaiting Purchase Order', ['Pay by Purchase Order']],
    [4, 1, 5, 'Accepted', 'Awaiting Purchase Order', ['Pay by Purchase Order']],
    [1, 1, 2, 'Accepted', 'Payment Incomplete', []],
    [1, 1, null, 'Accepted', 'Payment Incomplete', []],
    // the neighbours of 1 and 4 show no pay button
    [2, 1, 1, 'Submitted', 'Payment Incomplete', []],
    [3, 1, 3, 'Rejected', 'Awaiting Purchase Order', []],
    [5, 1, 1, 'Voided', 'Payment Incomplete', []],
    [0, 1, 1, 'Unknown', 'Payment Incomplete', []],
    // any other payment status: nothing to pay
    [1, 2, 1, 'Accepted', 'Paid', ['Resources']],
    [4, 8, 3, 'Accepted', 'Paid', ['Resources']],
    [1, 4, 3, 'Accepted', 'Purchase order submitted', []],
    [1, 0, 1, 'Accepted', null, []],
    [1, null, 1, 'Accepted', null, []],
    [3, 7, 1, 'Rejected', 'Cancelled', []],
    [6, null, null, 'Application Started', null, []],
    [7, null, null, 'Changes Requested', null, []],
    [99, 99, 99, 'Unknown', null, []],
  ] as const)(
    'status %s, payment status %s, payment type %s',
    (statusId, paymentStatusId, paymentTypeId, statusLabel, paymentLabel, actions) => {
      const view = legacyApplicationView(statusId, paymentStatusId, paymentTypeId);
      expect(view.statusLabel).toBe(statusLabel);
      expect(view.paymentLabel).toBe(paymentLabel);
      expect(view.actions.map((a) => a.label)).toEqual(actions);
    },
  );

  it.each([
    // no payment here yet: the imported status stands, the balance is what the button takes
    [1, 1, 1, 45_000, null, 'Payment Incomplete', ['Pay by Credit Card'], 45_000],
    [4, 1, 5, 60_000, null, 'Awaiting Purchase Order', ['Pay by Purchase Order'], 60_000],
    // no balance imported (or none left): the button shows, off, with legacyPaymentHelp
    [1, 1, 1, null, null, 'Payment Incomplete', ['Pay by Credit Card'], null],
    [1, 1, 1, 0, null, 'Payment Incomplete', ['Pay by Credit Card'], null],
    // a payment made here decides the status while it counts
    [1, 1, 1, 45_000, 'PENDING', 'Payment Incomplete', ['Pay by Credit Card'], 45_000],
    [1, 1, 1, 45_000, 'CANCELLED', 'Cancelled', ['Pay by Credit Card'], 45_000],
    [1, 1, 1, 45_000, 'REFUND_NEEDED', 'Refund needed', ['Pay by Credit Card'], 45_000],
    [1, 1, 1, 45_000, 'EXPIRED', 'Payment Incomplete', ['Pay by Credit Card'], 45_000],
    [1, 1, 1, 45_000, 'PAID', 'Paid', ['Resources'], null],
    [4, 1, 5, 60_000, 'AWAITING_PO', 'Awaiting Purchase Order', ['Pay by Purchase Order'], 60_000],
    [4, 1, 5, 60_000, 'PO_SUBMITTED', 'Purchase order submitted', [], null],
    [4, 1, 5, 60_000, 'PAID', 'Paid', ['Resources'], null],
    // a payment here never changes what the import settled
    [1, 2, 1, 45_000, 'CANCELLED', 'Paid', ['Resources'], null],
    [2, 1, 1, 45_000, null, 'Payment Incomplete', [], null],
  ] as const)(
    'status %s, payment status %s, type %s, balance %s, payment here %s',
    (statusId, paymentStatusId, paymentTypeId, balanceCents, paymentStatus, paymentLabel, actions, amountDue) => {
      const payment = paymentStatus ? { status: paymentStatus, totalCents: balanceCents ?? 0 } : null;
      const view = legacyApplicationView(statusId, paymentStatusId, paymentTypeId, { balanceCents, payment });
      expect(view.paymentLabel).toBe(paymentLabel);
      expect(view.actions.map((a) => a.label)).toEqual(actions);
      expect(view.amountDueCents).toBe(amountDue);
    },
  );

  it('says what a legacy pay button takes, or why it takes nothing', () => {
    const noPayment = { balanceCents: 45_000, payment: null };
    expect(legacyPayTerms(legacyApplicationView(1, 1, 1, noPayment))).toEqual({
      payable: true,
      method: 'CARD',
      amountCents: 45_000,
    });
    expect(legacyPayTerms(legacyApplicationView(4, 1, 5, noPayment))).toMatchObject({ method: 'PURCHASE_ORDER' });
    expect(legacyPayTerms(legacyApplicationView(1, 1, 1, { balanceCents: null, payment: null }))).toEqual({
      payable: false,
      refusal: legacyPaymentHelp,
    });
    expect(legacyPayTerms(legacyApplicationView(1, 2, 1, noPayment))).toEqual({
      payable: false,
      refusal: legacyMessages.notPayable,
    });
    expect(legacyPayTerms(legacyApplicationView(2, 1, 1, noPayment))).toMatchObject({ payable: false });
    expect(legacyPayTerms(legacyApplicationView(1, 1, 2, noPayment))).toMatchObject({ payable: false });
  });

  it.each([
    [1, 'CARD'],
    [4, 'CARD'],
    [3, 'PURCHASE_ORDER'],
    [5, 'PURCHASE_ORDER'],
    [2, null],
    [6, null],
  ] as const)('payment type %i is paid by %s', (paymentTypeId, method) => {
    expect(legacyApplicationView(1, 1, paymentTypeId).paymentMethod).toBe(method);
  });
});

describe('acceptsPaymentChanges (§2: coupon and payment method only once accepted, while awaiting payment)', () => {
  it.each([
    ['ACCEPTED', 'PENDING', true],
    ['ACCEPTED', 'AWAITING_PO', true],
    ['ACCEPTED', 'CANCELLED', true],
    ['ACCEPTED', 'REFUND_NEEDED', true],
    ['ACCEPTED', 'PO_SUBMITTED', false],
    ['ACCEPTED', 'PAID', false],
    ['ACCEPTED', 'COMPLIMENTARY', false],
    ['SUBMITTED', 'PENDING', false],
    ['STARTED', 'AWAITING_PO', false],
    ['CHANGES_REQUESTED', 'PENDING', false],
    ['REJECTED', 'PENDING', false],
    ['VOIDED', 'PENDING', false],
  ] as const)('%s with payment %s: %s', (status, paymentStatus, accepts) => {
    expect(acceptsPaymentChanges(status, paymentStatus)).toBe(accepts);
  });
});

describe('withdrawalRefusal (the applicant steps back until money is paid or under review)', () => {
  it.each([
    ['STARTED', 'PENDING', null],
    ['SUBMITTED', 'PENDING', null],
    ['CHANGES_REQUESTED', 'AWAITING_PO', null],
    ['ACCEPTED', 'PENDING', null],
    ['ACCEPTED', 'AWAITING_PO', null],
    ['ACCEPTED', 'CANCELLED', null],
    ['ACCEPTED', 'REFUND_NEEDED', null],
    ['ACCEPTED', 'PO_SUBMITTED', withdrawalMessages.paid],
    ['ACCEPTED', 'PAID', withdrawalMessages.paid],
    ['ACCEPTED', 'COMPLIMENTARY', withdrawalMessages.paid],
    ['ACCEPTED', 'INVOICED', withdrawalMessages.paid],
    ['REJECTED', 'PENDING', withdrawalMessages.closed],
    ['VOIDED', 'CANCELLED', withdrawalMessages.closed],
    ['WITHDRAWN', 'PENDING', withdrawalMessages.closed],
  ] as const)('%s with payment %s: %s', (status, paymentStatus, refusal) => {
    expect(withdrawalRefusal(status, paymentStatus)).toBe(refusal);
  });

  it('leaves a withdrawn application closed to staff decisions too', () => {
    for (const decision of applicationDecisions) expect(decide('WITHDRAWN', decision)).toBeNull();
  });
});
