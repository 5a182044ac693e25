import { describe, expect, it } from 'vitest';
import { audienceLabel, eventMessageInput, eventMessageTexts, messageRecipientsInput } from './event-messages.ts';

const sectionId = '6f1f0c1e-8a4b-4c53-9a55-3f0b9d2a1c11';

describe('messageRecipientsInput', () => {
  it.each([
    [{ audience: 'HOLDERS' }, null],
    [{ audience: 'APPLICANTS', applicationStatus: 'ACCEPTED' }, null],
    [{ audience: 'APPLICANTS' }, eventMessageTexts.statusRequired],
    [{ audience: 'APPLICANTS', applicationStatus: 'VOIDED' }, 'invalid'],
    [{ audience: 'SECTION', sectionId }, null],
    [{ audience: 'SECTION', sectionId: null }, eventMessageTexts.sectionRequired],
    [{ audience: 'SECTION', sectionId: 'not-a-uuid' }, eventMessageTexts.sectionRequired],
    [{ audience: 'EVERYONE' }, 'invalid'],
  ])('%j → %s', (input, problem) => {
    const result = messageRecipientsInput.safeParse(input);
    if (problem === null) expect(result.success).toBe(true);
    else if (problem === 'invalid') expect(result.success).toBe(false);
    else expect(result.error?.issues.map((issue) => issue.message)).toEqual([problem]);
  });
});

describe('eventMessageInput', () => {
  const valid = { audience: 'HOLDERS', subject: 'Parking', body: 'Use the north lot.' };

  it.each([
    [{}, null],
    [{ subject: '   ' }, eventMessageTexts.subjectRequired],
    [{ subject: 'x'.repeat(200) }, null],
    [{ subject: 'x'.repeat(201) }, eventMessageTexts.subjectTooLong],
    [{ body: '' }, eventMessageTexts.bodyRequired],
    [{ body: 'x'.repeat(10_000) }, null],
    [{ body: 'x'.repeat(10_001) }, eventMessageTexts.bodyTooLong],
  ])('%j → %s', (change, problem) => {
    const result = eventMessageInput.safeParse({ ...valid, ...change });
    if (problem === null) expect(result.success).toBe(true);
    else expect(result.error?.issues.map((issue) => issue.message)).toEqual([problem]);
  });
});

describe('audienceLabel', () => {
  it.each([
    [['HOLDERS', null, null], 'Ticket holders'],
    [['APPLICANTS', 'ACCEPTED', null], 'Applicants: Accepted'],
    [['SECTION', null, 'Morning Writing'], 'Section: Morning Writing'],
  ] as const)('%j → %s', ([audience, status, section], label) => {
    expect(audienceLabel(audience, status, section)).toBe(label);
  });
});
