import { describe, expect, it } from 'vitest';
import {
  allowanceLeft,
  districtAllowanceInput,
  districtFundEntryInput,
  districtSpendDecision,
  entryAmountIsValid,
  mayWithdrawFundRequest,
  type DistrictSpendDecision,
  type DistrictSpendFacts,
} from './district-funds.ts';

const facts = (overrides: Partial<DistrictSpendFacts>): DistrictSpendFacts => ({
  eligible: true,
  allowanceCents: 50_000,
  spentCents: 0,
  balanceCents: 100_000,
  totalCents: 10_000,
  ...overrides,
});

describe('districtSpendDecision', () => {
  const cases: [string, Partial<DistrictSpendFacts>, DistrictSpendDecision][] = [
    ['a school without an allowance', { eligible: false }, 'notEligible'],
    ['not eligible wins over a short balance', { eligible: false, balanceCents: 0 }, 'notEligible'],
    ['within the allowance and the balance', {}, 'payNow'],
    ['exactly the allowance left', { spentCents: 40_000, totalCents: 10_000 }, 'payNow'],
    ['exactly the balance', { balanceCents: 10_000 }, 'payNow'],
    ['one cent past the allowance left', { spentCents: 40_001 }, 'needsApproval'],
    ['an allowance of zero', { allowanceCents: 0 }, 'needsApproval'],
    ['past the balance, within the allowance', { balanceCents: 9_999 }, 'balanceShort'],
    ['past both', { balanceCents: 5_000, allowanceCents: 1_000 }, 'balanceShort'],
    ['spent more than the allowance (it was lowered)', { spentCents: 60_000 }, 'needsApproval'],
  ];
  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(districtSpendDecision(facts(overrides))).toBe(expected);
  });
});

describe('allowanceLeft', () => {
  it.each([
    [50_000, 0, 50_000],
    [50_000, 49_000, 1_000],
    [50_000, 60_000, 0],
    [0, 0, 0],
  ])('limit %i spent %i leaves %i', (limit, spent, left) => {
    expect(allowanceLeft(limit, spent)).toBe(left);
  });
});

describe('entryAmountIsValid', () => {
  it.each([
    ['DEPOSIT', 100, true],
    ['DEPOSIT', -100, false],
    ['DEPOSIT', 0, false],
    ['REFUND', 100, true],
    ['REFUND', -1, false],
    ['SPEND', -100, true],
    ['SPEND', 100, false],
    ['ADJUSTMENT', -100, true],
    ['ADJUSTMENT', 100, true],
    ['ADJUSTMENT', 0, false],
    ['DEPOSIT', 1.5, false],
  ] as const)('%s of %d: %s', (kind, amount, valid) => {
    expect(entryAmountIsValid(kind, amount)).toBe(valid);
  });
});

describe('inputs', () => {
  it('takes a deposit with its reference and refuses one of nothing or without why', () => {
    expect(
      districtFundEntryInput.safeParse({ kind: 'DEPOSIT', amountCents: 100, reference: 'PO 1', reason: 'Title II' })
        .success,
    ).toBe(true);
    const negative = districtFundEntryInput.safeParse({
      kind: 'DEPOSIT',
      amountCents: -1,
      reference: 'X',
      reason: 'Y',
    });
    expect(negative.error?.issues[0]?.path).toEqual(['amountCents']);
    expect(
      districtFundEntryInput.safeParse({ kind: 'ADJUSTMENT', amountCents: -1, reference: 'X', reason: ' ' }).success,
    ).toBe(false);
  });
  it('takes an allowance of zero or more whole cents', () => {
    expect(districtAllowanceInput.safeParse({ limitCents: 0 }).success).toBe(true);
    expect(districtAllowanceInput.safeParse({ limitCents: -1 }).success).toBe(false);
    expect(districtAllowanceInput.safeParse({ limitCents: 1.5 }).success).toBe(false);
    expect(districtAllowanceInput.safeParse({ limitCents: 2 ** 31 }).success).toBe(false);
  });
});

describe('mayWithdrawFundRequest', () => {
  it.each([
    [true, 'AWAITING_APPROVAL', false, true],
    [false, 'AWAITING_APPROVAL', false, false],
    [true, 'AWAITING_APPROVAL', true, false],
    [true, 'PAID', false, false],
    [true, 'CANCELLED', false, false],
    [true, 'PENDING', false, false],
    [true, 'PO_SUBMITTED', false, false],
  ] as const)('buyer %s, %s, impersonated %s: %s', (isBuyer, status, impersonated, may) =>
    expect(mayWithdrawFundRequest({ isBuyer, status, impersonated })).toBe(may),
  );
});
