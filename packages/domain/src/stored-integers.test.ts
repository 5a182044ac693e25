import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { questionInput } from './applications/contracts.ts';
import {
  couponInput,
  groupingInput,
  pathInput,
  sectionInput,
  staffEventInput,
  ticketTypeInput,
} from './events/admin-contracts.ts';
import { int4Max } from './stored-integers.ts';

/** Each integer input stored in an int4 column takes int4Max and refuses one more (a 500 at the database before). */
const event = {
  name: 'Spring Series',
  kind: 'SERIES',
  eventType: null,
  eventSubtype: null,
  description: '',
  gradeBands: [],
  locationName: null,
  startDate: '2027-03-01',
  endDate: '2027-03-01',
  daysBeforePurchaseClose: 0,
  maxTickets: null,
  published: false,
};
const path = {
  name: 'First Year',
  applicationSelectionLevel: 'SECTIONS',
  requireRankedSelection: false,
  rankedSelectionAmount: 1,
  position: 0,
};
const section = {
  title: 'Coaching',
  dates: [],
  locationName: null,
  audienceType: [],
  description: '',
  isFree: false,
  maxTickets: null,
};
const coupon = {
  code: 'SAVE',
  type: 'FIXED',
  discountAmount: 100,
  discountPercentage: null,
  validFrom: null,
  validUntil: null,
  maxUses: null,
  eventId: null,
  active: true,
};
const question = { type: 'TEXT', label: 'Why?', options: [], required: false };

const cases: [string, z.ZodType, Record<string, unknown>, string][] = [
  ['event maxTickets', staffEventInput, event, 'maxTickets'],
  ['ticket type priceCents', ticketTypeInput, { name: 'General' }, 'priceCents'],
  ['path position', pathInput, path, 'position'],
  ['grouping maxTickets', groupingInput, { name: 'Morning', maxTickets: null, position: 0 }, 'maxTickets'],
  ['grouping position', groupingInput, { name: 'Morning', maxTickets: null, position: 0 }, 'position'],
  ['section maxTickets', sectionInput, { ...section, position: 0 }, 'maxTickets'],
  ['section position', sectionInput, { ...section, position: 0 }, 'position'],
  ['coupon discountAmount', couponInput, coupon, 'discountAmount'],
  ['coupon maxUses', couponInput, coupon, 'maxUses'],
  ['question position', questionInput, { ...question, position: 0 }, 'position'],
];

describe('integer inputs stay within int4', () => {
  it.each(cases)('%s', (_label, schema, valid, field) => {
    expect(schema.safeParse({ ...valid, [field]: int4Max }).success).toBe(true);
    const over = schema.safeParse({ ...valid, [field]: int4Max + 1 });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.path.join('.'))).toContain(field);
  });
});
