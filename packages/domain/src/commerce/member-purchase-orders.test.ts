import { describe, expect, it } from 'vitest';
import type { Coupon } from './pricing.ts';
import { purchaseOrderMessages } from './purchase-orders.ts';
import {
  applicantAddRefusal,
  institutePurchaseOrderFields,
  institutePurchaseOrderTotals,
  maxPurchaseOrderApplicants,
  memberPurchaseOrderMessages,
  packagePurchaseOrderFields,
  typedTotalCents,
  validateInstitutePurchaseOrderForm,
  validatePackagePurchaseOrderForm,
  type InstitutePurchaseOrderFormValues,
} from './member-purchase-orders.ts';

const percent = (discountPercentage: number): Coupon => ({
  code: 'P',
  type: 'PERCENTAGE',
  discountAmount: null,
  discountPercentage,
});
const fixed = (discountAmount: number): Coupon => ({
  code: 'F',
  type: 'FIXED',
  discountAmount,
  discountPercentage: null,
});

describe('institutePurchaseOrderTotals', () => {
  it.each([
    { why: 'no applicants', price: 95_000, applicants: 0, coupon: null, total: 0, shares: [] },
    { why: 'one applicant, no coupon', price: 95_000, applicants: 1, coupon: null, total: 95_000, shares: [95_000] },
    {
      why: 'two applicants, 10 % off the order',
      price: 95_000,
      applicants: 2,
      coupon: percent(10),
      total: 171_000,
      shares: [85_500, 85_500],
    },
    {
      why: 'a fixed coupon taken off the order once',
      price: 10_000,
      applicants: 3,
      coupon: fixed(2_500),
      total: 27_500,
      shares: [9_167, 9_167, 9_166],
    },
    {
      why: 'cents that do not divide go to the first applicants',
      price: 100,
      applicants: 3,
      coupon: fixed(1),
      total: 299,
      shares: [100, 100, 99],
    },
    {
      why: 'a coupon worth more than the order leaves nothing to pay',
      price: 1_000,
      applicants: 2,
      coupon: fixed(5_000),
      total: 0,
      shares: [0, 0],
    },
    { why: '100 % off', price: 95_000, applicants: 2, coupon: percent(100), total: 0, shares: [0, 0] },
  ])('$why', ({ price, applicants, coupon, total, shares }) => {
    const totals = institutePurchaseOrderTotals(price, applicants, coupon);
    expect(totals.total).toBe(total);
    expect(totals.shares).toEqual(shares);
    expect(totals.shares.reduce((sum, share) => sum + share, 0)).toBe(total);
  });
});

describe('applicantAddRefusal', () => {
  it.each([
    {
      why: 'none left to add',
      email: 'a@school.test',
      added: [],
      available: 0,
      refusal: memberPurchaseOrderMessages.noAvailableApplicants,
    },
    {
      why: 'all already added',
      email: 'b@school.test',
      added: ['a@school.test'],
      available: -1,
      refusal: memberPurchaseOrderMessages.noAvailableApplicants,
    },
    { why: 'not an email', email: 'nobody', added: [], available: 2, refusal: purchaseOrderMessages.emailInvalid },
    {
      why: 'added already, in another case',
      email: ' A@School.test ',
      added: ['a@school.test'],
      available: 1,
      refusal: memberPurchaseOrderMessages.applicantAlreadyAdded,
    },
    {
      why: 'a new applicant while some are left',
      email: 'b@school.test',
      added: ['a@school.test'],
      available: 1,
      refusal: null,
    },
  ])('$why', ({ email, added, available, refusal }) => {
    expect(applicantAddRefusal(email, added, available)).toBe(refusal);
  });
});

const fields = {
  instituteId: '7a3a1f0e-1b2c-4d5e-8f90-123456789abc',
  organizationId: '8b3a1f0e-1b2c-4d5e-8f90-123456789abc',
  filename: 'po',
  contactEmail: 'pat@district.test',
  contactName: 'Pat',
  contactPhone: '5551234567',
  number: 'PO-1',
  total: '171000',
};

describe('institutePurchaseOrderFields', () => {
  it.each([
    {
      why: 'emails trimmed and lowercased',
      applicants: JSON.stringify([' A@School.test ']),
      result: ['a@school.test'],
    },
    { why: 'an empty list', applicants: '[]', error: memberPurchaseOrderMessages.applicantsRequired },
    { why: 'not JSON', applicants: 'a@school.test', error: memberPurchaseOrderMessages.applicantsRequired },
    {
      why: 'the same applicant twice',
      applicants: JSON.stringify(['a@school.test', 'A@school.test']),
      error: memberPurchaseOrderMessages.applicantsDuplicated,
    },
    {
      why: 'one too many',
      applicants: JSON.stringify(Array.from({ length: maxPurchaseOrderApplicants + 1 }, (_, i) => `a${i}@school.test`)),
      error: memberPurchaseOrderMessages.tooManyApplicants,
    },
    { why: 'a bad email', applicants: JSON.stringify(['nobody']), error: purchaseOrderMessages.emailInvalid },
  ])('$why', ({ applicants, result, error }) => {
    const parsed = institutePurchaseOrderFields.safeParse({ ...fields, applicants });
    if (result) expect(parsed.data?.applicants).toEqual(result);
    else expect(parsed.error?.issues[0]?.message).toBe(error);
  });

  it('takes type EVENT only', () => {
    expect(
      institutePurchaseOrderFields.safeParse({ ...fields, applicants: '["a@school.test"]', type: 'PACKAGE' }).success,
    ).toBe(false);
    expect(
      institutePurchaseOrderFields.safeParse({ ...fields, applicants: '["a@school.test"]', type: 'EVENT' }).success,
    ).toBe(true);
  });
});

describe('packagePurchaseOrderFields', () => {
  it.each([
    { why: 'a contract and a total', input: { contractId: fields.instituteId, total: '1250000' }, error: null },
    { why: 'no contract', input: { contractId: '', total: '1' }, error: memberPurchaseOrderMessages.packageRequired },
    {
      why: 'no total',
      input: { contractId: fields.instituteId, total: '' },
      error: memberPurchaseOrderMessages.packageTotalRequired,
    },
    {
      why: 'a fraction of a cent',
      input: { contractId: fields.instituteId, total: '1.5' },
      error: memberPurchaseOrderMessages.packageTotalRequired,
    },
  ])('$why', ({ input, error }) => {
    const parsed = packagePurchaseOrderFields.safeParse({ ...fields, ...input });
    expect(parsed.error?.issues[0]?.message ?? null).toBe(error);
  });
});

const formValues = (overrides: Partial<InstitutePurchaseOrderFormValues> = {}): InstitutePurchaseOrderFormValues => ({
  file: new File(['%PDF-'], 'po.pdf', { type: 'application/pdf' }),
  filename: 'po.pdf',
  contactEmail: 'pat@district.test',
  contactName: 'Pat',
  contactPhone: '(555) 123-4567',
  number: 'PO-1',
  organizationId: 'org',
  total: '1,710.00',
  instituteId: 'institute',
  couponCode: '',
  applicants: ['a@school.test'],
  ...overrides,
});

describe('the forms as typed', () => {
  it('an institute purchase order needs an institute and an applicant besides the common fields', () => {
    expect(validateInstitutePurchaseOrderForm(formValues())).toEqual({});
    expect(validateInstitutePurchaseOrderForm(formValues({ instituteId: null, applicants: [], total: 'abc' }))).toEqual(
      {
        instituteId: memberPurchaseOrderMessages.instituteRequired,
        applicants: memberPurchaseOrderMessages.applicantsRequired,
        total: purchaseOrderMessages.totalRequired,
      },
    );
  });

  it("a package purchase order needs a package, and says 'Total required'", () => {
    const {
      instituteId: _instituteId,
      couponCode: _couponCode,
      applicants: _applicants,
      ...common
    } = formValues({ total: '' });
    expect(validatePackagePurchaseOrderForm({ ...common, contractId: null })).toEqual({
      contractId: memberPurchaseOrderMessages.packageRequired,
      total: memberPurchaseOrderMessages.packageTotalRequired,
    });
  });

  it.each([
    ['1,710.00', '171000'],
    ['$12.5', '1250'],
    ['12.345', ''],
    ['', ''],
  ])('the total %s is sent as %s cents', (typed, sent) => {
    expect(typedTotalCents(typed)).toBe(sent);
  });
});
