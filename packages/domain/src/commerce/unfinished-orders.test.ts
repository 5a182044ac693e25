import { describe, expect, it } from 'vitest';
import type { EventPaymentMethod, EventPaymentStatus } from './enums.ts';
import {
  actionsOfUnfinishedOrder,
  unfinishedOrderFacts,
  unfinishedOrderRefusal,
  type UnfinishedOrderAction,
  type UnfinishedOrderOrigin,
  type UnfinishedOrderRefusal,
  type UnfinishedOrderRow,
} from './unfinished-orders.ts';

const order = (
  status: EventPaymentStatus,
  method: EventPaymentMethod,
  origin: UnfinishedOrderOrigin = 'cart',
  isBuyer = true,
) => ({ status, method, origin, isBuyer });

describe('what an unfinished order offers', () => {
  it.each([
    ['a card order not completed', order('PENDING', 'CARD'), ['discard', 'payNow']],
    [
      'a purchase-order checkout without its purchase order',
      order('AWAITING_PO', 'PURCHASE_ORDER'),
      ['discard', 'uploadPurchaseOrder'],
    ],
    ["an application's card payment not completed", order('PENDING', 'CARD', 'application'), ['payNow']],
    [
      "an application's purchase order not uploaded",
      order('AWAITING_PO', 'PURCHASE_ORDER', 'application'),
      ['uploadPurchaseOrder'],
    ],
    ["a registration request's payment (its own page)", order('PENDING', 'CARD', 'registration'), []],
    ['a purchase order already uploaded', order('PO_SUBMITTED', 'PURCHASE_ORDER'), []],
    ['a paid order', order('PAID', 'CARD'), []],
    ['a cancelled order', order('CANCELLED', 'PURCHASE_ORDER'), []],
    ['an expired hold', order('EXPIRED', 'CARD'), []],
    ['a payment to refund', order('REFUND_NEEDED', 'CARD'), []],
    ["someone else's order (an organization's manager sees it)", order('PENDING', 'CARD', 'cart', false), []],
  ] as const)('%s', (_, facts, actions) => {
    expect(actionsOfUnfinishedOrder(facts)).toEqual(actions);
  });
});

describe('why the server refuses an action', () => {
  it.each<[string, ReturnType<typeof order>, UnfinishedOrderAction, UnfinishedOrderRefusal | null]>([
    ['discard of a purchase-order checkout', order('AWAITING_PO', 'PURCHASE_ORDER'), 'discard', null],
    ['discard of a card order', order('PENDING', 'CARD'), 'discard', null],
    ["discard of someone else's order", order('PENDING', 'CARD', 'cart', false), 'discard', 'notBuyer'],
    ['discard of a paid order', order('PAID', 'CARD'), 'discard', 'paid'],
    [
      'discard after the purchase order was uploaded',
      order('PO_SUBMITTED', 'PURCHASE_ORDER'),
      'discard',
      'purchaseOrderSent',
    ],
    ['discard of an expired hold', order('EXPIRED', 'PURCHASE_ORDER'), 'discard', 'ended'],
    ['discard of a cancelled order', order('CANCELLED', 'PURCHASE_ORDER'), 'discard', 'ended'],
    [
      "discard of an application's payment",
      order('AWAITING_PO', 'PURCHASE_ORDER', 'application'),
      'discard',
      'notFromCart',
    ],
    ["pay now of a request's payment", order('PENDING', 'CARD', 'registration'), 'payNow', 'notFromCart'],
    ['pay now of a card order', order('PENDING', 'CARD'), 'payNow', null],
    ["pay now of an application's card payment", order('PENDING', 'CARD', 'application'), 'payNow', null],
    ['pay now of a purchase-order checkout', order('AWAITING_PO', 'PURCHASE_ORDER'), 'payNow', 'notCard'],
    ['pay now of a paid order', order('PAID', 'CARD'), 'payNow', 'paid'],
    ['upload for a card order', order('PENDING', 'CARD'), 'uploadPurchaseOrder', 'notPurchaseOrder'],
  ])('%s', (_, facts, action, refusal) => {
    expect(unfinishedOrderRefusal(facts, action)).toBe(refusal);
  });
});

describe('the facts of a listed row', () => {
  const row: UnfinishedOrderRow = {
    id: 'p',
    status: 'PENDING',
    method: 'CARD',
    isBuyer: true,
    applicationId: null,
    registrationRequestId: null,
    organizationName: null,
    lines: [],
    numberOfTickets: 1,
    total: 100,
    couponCode: null,
    purchaseOrders: [],
    holdExpiresAt: null,
    createdAt: '2026-11-23T12:00:00Z',
  };
  it.each([
    ['a cart order', {}, 'cart'],
    ["an application's payment", { applicationId: 'a' }, 'application'],
    ["a request's payment", { registrationRequestId: 'r' }, 'registration'],
  ] as const)('%s', (_, fields, origin) => {
    expect(unfinishedOrderFacts({ ...row, ...fields })).toEqual({
      status: 'PENDING',
      method: 'CARD',
      isBuyer: true,
      origin,
    });
  });
});
