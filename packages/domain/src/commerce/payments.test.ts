import { describe, expect, it } from 'vitest';
import { eventPaymentStatuses, refundReasons, type EventPaymentStatus } from './enums.ts';
import {
  cashnetReturn,
  checkoutInput,
  eventPaymentStatusLabels,
  hasTicketsToAllocate,
  isOpenPayment,
  isVoidedOrCancelled,
  openingTerms,
  paymentMessages,
  refundReasonLabels,
} from './payments.ts';

describe('isVoidedOrCancelled', () => {
  it.each([
    ['a paid payment without purchase orders', 'PAID', [], false],
    ['a cancelled payment', 'CANCELLED', [], true],
    ['a submitted purchase order', 'PO_SUBMITTED', ['SUBMITTED'], false],
    ['an approved purchase order', 'PAID', ['APPROVED'], false],
    ['one voided purchase order', 'PO_SUBMITTED', ['VOIDED'], true],
    ['a voided one beside an approved one', 'PAID', ['APPROVED', 'VOIDED'], true],
    ['an expired payment', 'EXPIRED', [], false],
    ['a payment waiting for a refund', 'REFUND_NEEDED', [], false],
  ] as const)('%s', (_, status, orders, expected) => {
    expect(isVoidedOrCancelled({ status, purchaseOrders: orders.map((s) => ({ status: s })) })).toBe(expected);
  });
});

describe('isOpenPayment', () => {
  const open: Record<EventPaymentStatus, boolean> = {
    PENDING: true,
    AWAITING_PO: true,
    PO_SUBMITTED: true,
    AWAITING_APPROVAL: true,
    PAID: false,
    CANCELLED: false,
    EXPIRED: false,
    REFUND_NEEDED: false,
  };
  it.each(eventPaymentStatuses.map((status) => [status, open[status]] as const))('%s → %s', (status, expected) => {
    expect(isOpenPayment(status)).toBe(expected);
  });

  it('labels every status as the spec words them', () => {
    expect(eventPaymentStatusLabels).toMatchObject({
      PENDING: 'Payment Incomplete',
      AWAITING_PO: 'Awaiting Purchase Order',
      PO_SUBMITTED: 'Purchase order submitted',
      PAID: 'Paid',
    });
    expect(eventPaymentStatusLabels.REFUND_NEEDED).toBe('Refund needed');
  });

  it('explains every refund reason to staff', () => {
    for (const reason of refundReasons) expect(refundReasonLabels[reason]).toMatch(/\.$/);
  });
});

describe('paymentMessages.soldOut', () => {
  it.each([
    [0, 'Coaching Writing is sold out.'],
    [1, 'Only 1 ticket is left for Coaching Writing.'],
    [2, 'Only 2 tickets are left for Coaching Writing.'],
  ])('%i left', (remaining, message) => {
    expect(paymentMessages.soldOut('Coaching Writing', remaining)).toBe(message);
  });
});

describe('contracts', () => {
  it('takes a card or purchase-order checkout, with an optional organization', () => {
    expect(checkoutInput.safeParse({ method: 'CARD' }).success).toBe(true);
    expect(checkoutInput.safeParse({ method: 'PURCHASE_ORDER', organizationId: null }).success).toBe(true);
    expect(checkoutInput.safeParse({ method: 'CASH' }).success).toBe(false);
    expect(checkoutInput.safeParse({ method: 'CARD', organizationId: 'x' }).success).toBe(false);
  });

  it('needs every CashNet return parameter, ref3val1 being a payment id', () => {
    const valid = { batchno: '1', tx: '2', custcode: '3', ref3val1: '4b1c1a5e-2f0a-4c1e-9a57-0f3e2b7d9c11' };
    expect(cashnetReturn.safeParse(valid).success).toBe(true);
    expect(cashnetReturn.safeParse({ ...valid, tx: ' ' }).success).toBe(false);
    expect(cashnetReturn.safeParse({ ...valid, ref3val1: '42' }).success).toBe(false);
  });
});

describe('how a new payment starts', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it.each([
    ['nothing to pay, card', 'CARD', 0, 'PAID', null],
    ['nothing to pay, purchase order', 'PURCHASE_ORDER', 0, 'PAID', null],
    ['card: a 30-minute hold', 'CARD', 100, 'PENDING', '2026-11-23T12:30:00.000Z'],
    ['purchase order: the configured 7-day hold', 'PURCHASE_ORDER', 100, 'AWAITING_PO', '2026-11-30T12:00:00.000Z'],
  ] as const)('%s', (_, method, total, status, holdUntil) => {
    const terms = openingTerms(method, total, now, 7);
    expect(terms.status).toBe(status);
    expect(terms.holdExpiresAt?.toISOString() ?? null).toBe(holdUntil);
    expect(terms.paidAt).toBe(status === 'PAID' ? now : null);
  });
});

describe('hasTicketsToAllocate', () => {
  const line = (numberOfTickets: number) => ({ numberOfTickets });
  const legacy = { id: 'legacy-1', eventName: 'Summer Institute 2026' };
  it.each([
    ['a cart payment of one ticket', null, [line(1)], true],
    ['a cart payment of several lines', null, [line(0), line(3)], true],
    ['a payment whose lines hold no tickets', null, [line(0)], false],
    ['a payment with no lines', null, [], false],
    ["a previous-system application's balance (no lines)", legacy, [], false],
  ])('%s', (_, legacyApplication, items, expected) => {
    expect(hasTicketsToAllocate({ legacyApplication, items })).toBe(expected);
  });
});
