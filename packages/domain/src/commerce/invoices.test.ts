import { describe, expect, it } from 'vitest';
import { formatCents } from '../money.ts';
import {
  ageingBucket,
  allocateCredit,
  balanceWords,
  dueReminderOccasion,
  invoiceDueOn,
  invoiceNumberLabel,
  invoiceStatus,
  parseReminderDays,
  paymentTermsLabel,
  splitInvoicePayment,
  statementLines,
} from './invoices.ts';

describe('invoice numbers and terms', () => {
  it.each([
    [1, 'I-000001'],
    [42, 'I-000042'],
    [1_234_567, 'I-1234567'],
  ])('%i is written %s', (number, label) => expect(invoiceNumberLabel(number)).toBe(label));

  it.each([
    ['2026-11-22', 30, '2026-12-22'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2028-02-15', 15, '2028-03-01'],
    ['2026-11-22', 0, '2026-11-22'],
  ])('issued %s with %i days is due %s', (issuedOn, days, dueOn) => expect(invoiceDueOn(issuedOn, days)).toBe(dueOn));

  it.each([
    [30, 'Net 30'],
    [0, 'Due on receipt'],
  ])('%i days read %s', (days, label) => expect(paymentTermsLabel(days)).toBe(label));
});

describe('ageingBucket', () => {
  it.each([
    ['2026-12-22', '2026-12-01', 'CURRENT'],
    ['2026-12-22', '2026-12-22', 'CURRENT'],
    ['2026-12-22', '2026-12-23', 'DAYS_1_30'],
    ['2026-12-22', '2027-01-21', 'DAYS_1_30'],
    ['2026-12-22', '2027-01-22', 'DAYS_31_60'],
    ['2026-12-22', '2027-02-20', 'DAYS_31_60'],
    ['2026-12-22', '2027-02-21', 'DAYS_61_90'],
    ['2026-12-22', '2027-03-22', 'DAYS_61_90'],
    ['2026-12-22', '2027-03-23', 'OVER_90'],
  ] as const)('due %s, on %s: %s', (dueOn, today, bucket) => expect(ageingBucket(dueOn, today)).toBe(bucket));
});

describe('splitInvoicePayment', () => {
  it.each([
    [44_700, 20_000, 20_000, 0],
    [44_700, 44_700, 44_700, 0],
    [44_700, 50_000, 44_700, 5_300],
    [0, 1_000, 0, 1_000],
  ])('owed %i, paid %i: %i pays it, %i is credit', (open, amount, appliedCents, creditCents) =>
    expect(splitInvoicePayment(open, amount)).toEqual({ appliedCents, creditCents }),
  );
});

describe('allocateCredit', () => {
  const a = { paymentId: 'a', remainingCents: 3_000 };
  const b = { paymentId: 'b', remainingCents: 5_000 };
  it.each([
    ['no credit', [], 10_000, []],
    ['all of one credit, less than the total', [a], 10_000, [{ paymentId: 'a', amountCents: 3_000 }]],
    ['part of one credit, never past the total', [a], 2_000, [{ paymentId: 'a', amountCents: 2_000 }]],
    ['exactly the total', [a], 3_000, [{ paymentId: 'a', amountCents: 3_000 }]],
    [
      'the oldest first, then part of the next',
      [a, b],
      4_000,
      [
        { paymentId: 'a', amountCents: 3_000 },
        { paymentId: 'b', amountCents: 1_000 },
      ],
    ],
    ['none of the next once the oldest covers it', [a, b], 1_000, [{ paymentId: 'a', amountCents: 1_000 }]],
    [
      'both whole, the rest still owed',
      [a, b],
      9_000,
      [
        { paymentId: 'a', amountCents: 3_000 },
        { paymentId: 'b', amountCents: 5_000 },
      ],
    ],
    [
      'a used-up credit skipped',
      [{ paymentId: 'a', remainingCents: 0 }, b],
      1_000,
      [{ paymentId: 'b', amountCents: 1_000 }],
    ],
    ['nothing for an invoice of nothing', [a], 0, []],
  ] as const)('%s', (_case, credits, total, taken) => expect(allocateCredit(credits, total)).toEqual(taken));
});

describe('invoiceStatus', () => {
  it.each([
    [0, '2026-12-22', '2027-01-30', 'PAID'],
    [100, '2026-12-22', '2026-12-22', 'OPEN'],
    [100, '2026-12-22', '2026-12-23', 'OVERDUE'],
  ] as const)('owed %i, due %s, on %s: %s', (open, dueOn, today, status) =>
    expect(invoiceStatus(open, dueOn, today)).toBe(status),
  );
});

describe('reminders of overdue invoices', () => {
  it.each([
    ['2026-12-22', '2026-12-28', null],
    ['2026-12-22', '2026-12-29', 7],
    ['2026-12-22', '2027-01-20', 7],
    ['2026-12-22', '2027-01-21', 30],
    ['2026-12-22', '2027-06-01', 30],
  ] as const)('due %s, on %s: occasion %s', (dueOn, today, occasion) =>
    expect(dueReminderOccasion(dueOn, today, [7, 30])).toBe(occasion),
  );

  it.each([
    ['7,30', [7, 30]],
    ['30, 7, 7', [7, 30]],
    ['14', [14]],
    ['0,7', null],
    ['seven', null],
    ['', null],
    ['7,,30', null],
  ])('INVOICE_REMINDER_DAYS=%j reads %j', (text, days) => expect(parseReminderDays(text)).toEqual(days));
});

describe('the statement', () => {
  it('lists invoices and payments by date with the running balance; an overpayment leaves it in credit', () => {
    const lines = statementLines(
      [
        { number: 2, issuedOn: '2026-12-01', dueOn: '2026-12-31', totalCents: 10_000, purchaseOrderNumber: 'PO-2' },
        { number: 1, issuedOn: '2026-11-22', dueOn: '2026-12-22', totalCents: 44_700, purchaseOrderNumber: 'PO-1' },
      ],
      [
        {
          invoiceNumber: 1,
          method: 'CHECK',
          reference: '1042',
          receivedOn: '2026-12-01',
          amountCents: 50_000,
          creditCents: 5_300,
        },
      ],
      [],
      formatCents,
    );
    expect(lines.map((line) => [line.date, line.kind, line.balanceCents])).toEqual([
      ['2026-11-22', 'INVOICE', 44_700],
      ['2026-12-01', 'INVOICE', 54_700],
      ['2026-12-01', 'PAYMENT', 4_700],
    ]);
    expect(lines[2]?.description).toBe('Check 1042 for I-000001, $53.00 of it credit on account');
  });

  it('shows credit applied to a later invoice as a line that leaves the balance as it was', () => {
    const lines = statementLines(
      [
        { number: 1, issuedOn: '2026-11-22', dueOn: '2026-12-22', totalCents: 44_700, purchaseOrderNumber: 'PO-1' },
        { number: 2, issuedOn: '2026-12-03', dueOn: '2027-01-02', totalCents: 10_000, purchaseOrderNumber: 'PO-2' },
      ],
      [
        {
          invoiceNumber: 1,
          method: 'CHECK',
          reference: '1042',
          receivedOn: '2026-12-01',
          amountCents: 50_000,
          creditCents: 5_300,
        },
      ],
      [{ invoiceNumber: 2, sourceInvoiceNumber: 1, appliedOn: '2026-12-03', amountCents: 5_300 }],
      formatCents,
    );
    expect(lines.map((line) => [line.date, line.kind, line.balanceCents])).toEqual([
      ['2026-11-22', 'INVOICE', 44_700],
      ['2026-12-01', 'PAYMENT', -5_300],
      ['2026-12-03', 'INVOICE', 4_700],
      ['2026-12-03', 'CREDIT', 4_700],
    ]);
    expect(lines[3]?.description).toBe('Credit from I-000001 applied to I-000002: $53.00');
  });

  it.each([
    [100, 'Balance due: $1.00'],
    [0, 'Balance: nothing is owed'],
    [-530, 'Credit on account: $5.30'],
  ])('a balance of %i reads %s', (cents, words) => expect(balanceWords(cents, formatCents)).toBe(words));
});
