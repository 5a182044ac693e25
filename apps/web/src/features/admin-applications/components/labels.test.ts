import { describe, expect, it } from 'vitest';
import { paymentOptionText } from './labels.ts';

describe('paymentOptionText', () => {
  it.each([
    ['a label that is the method, in other capitals', { label: 'Credit Card', method: 'CARD' }, 'Credit Card'],
    ['a label that is the method, spaced', { label: ' Purchase Order ', method: 'PURCHASE_ORDER' }, ' Purchase Order '],
    ['a label of its own', { label: 'Pay by invoice', method: 'PURCHASE_ORDER' }, 'Pay by invoice (Purchase order)'],
    [
      'a label naming more than the method',
      { label: 'Credit card (deposit)', method: 'CARD' },
      'Credit card (deposit) (Credit card)',
    ],
  ] as const)('%s', (_, option, expected) => {
    expect(paymentOptionText(option)).toBe(expected);
  });
});
