import { describe, expect, it } from 'vitest';
import {
  askedOccasions,
  certificateReleased,
  checkAnswers,
  defaultEvaluationForm,
  evaluationForm,
  evaluationLinkExpiresOn,
  evaluationLinkOpen,
  evaluationLinkToken,
  evaluationMessages,
  occasionOfMarkDay,
  summarizeResponses,
  type Answers,
  type EvaluationForm,
} from './evaluations.ts';

const form: EvaluationForm = [
  { id: 'rate', kind: 'RATING', prompt: 'Rate', required: true },
  { id: 'agree', kind: 'AGREEMENT', prompt: 'Agree?', required: false },
  { id: 'one', kind: 'SINGLE_CHOICE', prompt: 'One', required: false, options: ['A', 'B'] },
  { id: 'many', kind: 'MULTIPLE_CHOICE', prompt: 'Many', required: false, options: ['X', 'Y', 'Z'] },
  { id: 'text', kind: 'FREE_TEXT', prompt: 'Text', required: true },
];

describe('evaluationForm', () => {
  it('takes the default template', () => {
    expect(evaluationForm.safeParse(defaultEvaluationForm).success).toBe(true);
  });
  it.each([
    ['no question', []],
    ['two questions with one id', [form[0], form[0]]],
    ['a choice with one option', [{ id: 'c', kind: 'SINGLE_CHOICE', prompt: 'C', required: true, options: ['A'] }]],
    [
      'a choice with a repeated option',
      [{ id: 'c', kind: 'MULTIPLE_CHOICE', prompt: 'C', required: true, options: ['A', 'A'] }],
    ],
    ['a blank prompt', [{ id: 'c', kind: 'RATING', prompt: '  ', required: true }]],
    ['an id with capitals', [{ id: 'Rate', kind: 'RATING', prompt: 'R', required: true }]],
  ])('refuses %s', (_name, questions) => {
    expect(evaluationForm.safeParse(questions).success).toBe(false);
  });
});

describe('checkAnswers', () => {
  const complete: Answers = { rate: 4, text: 'More phonics' };
  it.each<[string, Answers, boolean, Record<string, string> | null]>([
    ['the required ones answered', complete, true, null],
    ['every kind answered', { ...complete, agree: 1, one: 'B', many: ['X', 'Z'] }, true, null],
    ['a required one missing', { rate: 4 }, true, { text: evaluationMessages.required }],
    ['required text blank', { rate: 4, text: '   ' }, true, { text: evaluationMessages.required }],
    ['a draft with required ones missing', { agree: 2 }, false, null],
    ['a rating of 0', { ...complete, rate: 0 }, true, { rate: evaluationMessages.notOnScale }],
    ['a rating of 6', { ...complete, rate: 6 }, true, { rate: evaluationMessages.notOnScale }],
    ['a rating of 2.5', { ...complete, rate: 2.5 }, true, { rate: evaluationMessages.notOnScale }],
    ['a rating as text', { ...complete, rate: '4' }, true, { rate: evaluationMessages.notOnScale }],
    ['agreement of 5', { ...complete, agree: 5 }, true, null],
    ['a choice not offered', { ...complete, one: 'C' }, true, { one: evaluationMessages.notAnOption }],
    ['a single choice as a list', { ...complete, one: ['A'] }, true, { one: evaluationMessages.notAnOption }],
    ['a multiple choice repeated', { ...complete, many: ['X', 'X'] }, true, { many: evaluationMessages.notAnOption }],
    ['a multiple choice not offered', { ...complete, many: ['W'] }, true, { many: evaluationMessages.notAnOption }],
    ['text at the limit', { ...complete, text: 'a'.repeat(2000) }, true, null],
    ['text past the limit', { ...complete, text: 'a'.repeat(2001) }, true, { text: evaluationMessages.tooLong }],
    ['text as a number', { ...complete, text: 3 }, true, { text: evaluationMessages.tooLong }],
  ])('%s', (_name, given, isComplete, errors) => {
    const result = checkAnswers(form, given, isComplete);
    if (errors === null) expect(result.ok).toBe(true);
    else expect(result).toEqual({ ok: false, errors, unknown: false });
  });

  it('refuses a question the form does not have', () => {
    expect(checkAnswers(form, { ...complete, other: 1 }, true)).toEqual({ ok: false, errors: {}, unknown: true });
  });

  it('keeps trimmed text and drops blank answers', () => {
    expect(checkAnswers(form, { rate: 3, text: '  Plan  ', many: [], one: '' }, true)).toEqual({
      ok: true,
      answers: { rate: 3, text: 'Plan' },
    });
  });
});

describe('askedOccasions', () => {
  const days = ['2026-10-02', '2026-10-01'];
  it.each([
    ['EACH_DAY', days, '2026-10-03', '2026-10-03', ['2026-10-01', '2026-10-02']],
    ['EACH_DAY', days, '2026-10-03', '2026-10-01', ['2026-10-01']],
    ['EACH_DAY', [], '2026-10-03', '2026-10-03', []],
    ['END', days, '2026-10-03', '2026-10-02', []],
    ['END', days, '2026-10-03', '2026-10-03', ['END']],
    ['END', [], '2026-10-03', '2026-10-04', []],
  ] as const)('%s, attended %j, last day %s, today %s → %j', (askWhen, attendedDates, lastDay, today, asked) => {
    expect(askedOccasions({ askWhen, attendedDates, lastDay, today })).toEqual(asked);
  });
});

describe('occasionOfMarkDay', () => {
  it.each([
    ['EACH_DAY', '2026-10-01', '2026-10-03', '2026-10-01'],
    ['END', '2026-10-01', '2026-10-03', null],
    ['END', '2026-10-03', '2026-10-03', 'END'],
  ] as const)('%s on %s (last day %s) → %s', (askWhen, date, lastDay, expected) => {
    expect(occasionOfMarkDay(askWhen, date, lastDay)).toBe(expected);
  });
});

describe('evaluation links', () => {
  it.each([
    ['2026-11-22', '2027-01-21'],
    ['2026-12-31', '2027-03-01'],
    ['2027-12-31', '2028-02-29'],
  ])('a link signed on %s opens the form until %s', (signedOn, expiresOn) => {
    expect(evaluationLinkExpiresOn(signedOn)).toBe(expiresOn);
  });

  it.each([
    ['2027-01-20', true],
    ['2027-01-21', true],
    ['2027-01-22', false],
  ])('a link running to 2027-01-21 opens on %s: %s', (today, open) => {
    expect(evaluationLinkOpen('2027-01-21', today)).toBe(open);
  });

  it.each([
    ['a.b.c-1_2', true],
    ['', false],
    ['has space', false],
    ['slash/inside', false],
    ['x'.repeat(201), false],
  ])('takes %j as a token to check: %s', (token, taken) => {
    expect(evaluationLinkToken.safeParse(token).success).toBe(taken);
  });
});

describe('certificateReleased', () => {
  const each = { askWhen: 'EACH_DAY', requiredForCertificate: true } as const;
  const end = { askWhen: 'END', requiredForCertificate: true } as const;
  it.each([
    ['no evaluation', null, ['2026-10-01'], [], true],
    ['an evaluation not required', { ...end, requiredForCertificate: false }, ['2026-10-01'], [], true],
    ['at the end, not answered', end, ['2026-10-01'], [], false],
    ['at the end, answered', end, ['2026-10-01'], ['END'], true],
    ['each day, one of two answered', each, ['2026-10-01', '2026-10-02'], ['2026-10-01'], false],
    ['each day, both answered', each, ['2026-10-01', '2026-10-02'], ['2026-10-02', '2026-10-01'], true],
    ['each day, no day attended', each, [], [], false],
  ] as const)('%s → %s', (_name, evaluation, attendedDates, submittedOccasions, released) => {
    expect(certificateReleased({ evaluation, attendedDates, submittedOccasions })).toBe(released);
  });
});

describe('summarizeResponses', () => {
  it('counts the rate, the distributions, the averages and the texts', () => {
    const summary = summarizeResponses(
      form,
      [
        { rate: 5, agree: 4, one: 'A', many: ['X', 'Y'], text: 'Phonics' },
        { rate: 3, one: 'A', many: ['X'], text: 'Centres' },
      ],
      4,
    );
    expect(summary).toMatchObject({ responses: 2, asked: 4, responseRate: 50, average: 4 });
    const [rate, agree, one, many, text] = summary.questions;
    expect(rate).toMatchObject({ answered: 2, average: 4 });
    expect(rate?.distribution.map((row) => row.count)).toEqual([0, 0, 1, 0, 1]);
    expect(rate?.distribution[4]).toEqual({ label: '5 Excellent', count: 1, percent: 50 });
    expect(agree).toMatchObject({ answered: 1, average: 4 });
    expect(one?.distribution).toEqual([
      { label: 'A', count: 2, percent: 100 },
      { label: 'B', count: 0, percent: 0 },
    ]);
    expect(many?.distribution.map((row) => row.percent)).toEqual([100, 50, 0]);
    expect(text).toMatchObject({ answered: 2, average: null, texts: ['Phonics', 'Centres'], distribution: [] });
  });

  it.each([
    [0, 0, null],
    [3, 0, 0],
    [3, 1, 33],
    [3, 3, 100],
  ])('%i asked, %i answered → rate %j', (asked, count, rate) => {
    const responses = Array.from({ length: count }, () => ({ rate: 1, text: 'x' }));
    expect(summarizeResponses(form, responses, asked).responseRate).toBe(rate);
  });

  it('has no average without a scale answer', () => {
    expect(summarizeResponses(form, [], 2).average).toBeNull();
  });
});
