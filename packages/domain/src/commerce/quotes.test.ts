import { describe, expect, it } from 'vitest';
import {
  parseQuoteNumber,
  purchaseOrderDiffersFromQuote,
  quoteFileName,
  quoteNumberField,
  quoteNumberLabel,
  quoteUseRefusal,
  quoteValidUntil,
} from './quotes.ts';

describe('quoteNumberLabel', () => {
  it.each([
    [1, 'Q-000001'],
    [42, 'Q-000042'],
    [1_000_000, 'Q-1000000'],
  ])('%i → %s', (number, label) => {
    expect(quoteNumberLabel(number)).toBe(label);
    expect(quoteFileName(number)).toBe(`quote-${label}.pdf`);
  });
});

describe('parseQuoteNumber', () => {
  it.each([
    ['Q-000042', 42],
    ['q-42', 42],
    [' Q42 ', 42],
    ['42', 42],
    ['Q-000000', null],
    ['R-000042', null],
    ['Q-', null],
    ['', null],
    ['Q-1234567890', null],
  ])('%j → %s', (typed, number) => {
    expect(parseQuoteNumber(typed)).toBe(number);
  });
});

describe('quoteNumberField', () => {
  it.each([
    [undefined, true],
    ['', true],
    ['Q-000001', true],
    ['PO-17', false],
  ])('%j valid: %s', (typed, valid) => {
    expect(quoteNumberField.safeParse(typed).success).toBe(valid);
  });
});

describe('quoteValidUntil', () => {
  it('adds whole days to the moment it was made', () => {
    expect(quoteValidUntil(new Date('2026-12-01T10:00:00Z'), 30).toISOString()).toBe('2026-12-31T10:00:00.000Z');
  });
});

describe('quoteUseRefusal', () => {
  const now = new Date('2026-12-02T12:00:00Z');
  const quote = { organizationId: 'org-a', validUntil: new Date('2026-12-10T00:00:00Z') };
  it.each([
    ['usable', quote, 'org-a', null],
    ['unknown', undefined, 'org-a', 'unknownNumber'],
    ['another organization', quote, 'org-b', 'otherOrganization'],
    ['expired', { ...quote, validUntil: new Date('2026-12-01T00:00:00Z') }, 'org-a', 'expired'],
    ['ends this very moment', { ...quote, validUntil: now }, 'org-a', 'expired'],
  ] as const)('%s', (_name, found, organizationId, refusal) => {
    expect(quoteUseRefusal(found, organizationId, now)).toBe(refusal);
  });
});

describe('purchaseOrderDiffersFromQuote', () => {
  it.each([
    [10_000, 10_000, false],
    [9_999, 10_000, true],
    [12_000, 10_000, true],
  ])('%i against %i → %s', (po, quote, differs) => {
    expect(purchaseOrderDiffersFromQuote(po, quote)).toBe(differs);
  });
});
