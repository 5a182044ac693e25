import { describe, expect, it } from 'vitest';
import { eventPaymentStatuses } from './enums.ts';
import {
  cardOnReceipt,
  receiptFileName,
  receiptNumberLabel,
  receiptPaymentMethodLine,
  receiptStatusLine,
  type ReceiptPaymentMethod,
} from './receipts.ts';

describe('receiptNumberLabel', () => {
  it.each([
    [1, 'R-000001'],
    [42, 'R-000042'],
    [999_999, 'R-999999'],
    [1_000_000, 'R-1000000'],
  ])('%i → %s', (number, label) => {
    expect(receiptNumberLabel(number)).toBe(label);
    expect(receiptFileName(number)).toBe(`receipt-${label}.pdf`);
  });
});

describe('receiptPaymentMethodLine', () => {
  const card: ReceiptPaymentMethod = {
    method: 'CARD',
    cardBrand: null,
    cardLast4: null,
    purchaseOrderNumber: null,
  };
  it.each([
    ['a card with brand and last four', { ...card, cardBrand: 'visa', cardLast4: '4242' }, 'Visa card ending in 4242'],
    ['a card with last four only', { ...card, cardLast4: '0005' }, 'Card ending in 0005'],
    ['a card the provider said nothing of', card, 'Card'],
    ['a purchase order', { ...card, method: 'PURCHASE_ORDER', purchaseOrderNumber: 'PO-77' }, 'Purchase order PO-77'],
    ['a purchase order without number', { ...card, method: 'PURCHASE_ORDER' }, 'Purchase order'],
  ] as const)('%s', (_, paid, line) => {
    expect(receiptPaymentMethodLine(paid)).toBe(line);
  });
});

describe('receiptStatusLine', () => {
  const said = { REFUND_NEEDED: /refund needed/, CANCELLED: /cancelled/ } as const;
  it.each(eventPaymentStatuses)('%s', (status) => {
    const line = receiptStatusLine(status);
    if (status === 'REFUND_NEEDED' || status === 'CANCELLED') expect(line).toMatch(said[status]);
    else expect(line).toBeNull();
  });
});

describe('cardOnReceipt', () => {
  it.each([
    ['visa', '4242', { brand: 'visa', last4: '4242' }],
    ['American Express', '0005', { brand: 'American Express', last4: '0005' }],
    ['visa', '424', null],
    ['visa', '42424', null],
    ['', '4242', null],
    ['<script>', '4242', null],
    [4, '4242', null],
    ['visa', 4242, null],
  ])('%s %s', (brand, last4, expected) => {
    expect(cardOnReceipt(brand, last4)).toEqual(expected);
  });
});
