import { describe, expect, it } from 'vitest';
import {
  groupSectionInput,
  packageEventInput,
  packageGroupInput,
  packageInput,
  pdSessionInput,
  staffContractInput,
  staffSelectionOverrideInput,
} from './admin-contracts.ts';
import { staffOverrideAllowed, staffPackageMessages as m } from './admin-rules.ts';

const uuid = '00000000-0000-4000-8000-000000000001';
const firstError = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? null : { path: result.error?.issues[0]?.path.join('.'), message: result.error?.issues[0]?.message };

const session = {
  name: 'Coaching',
  description: '',
  setting: 'ON_SITE',
  minDays: 1,
  maxDays: 4,
  selectionInterval: 1,
  allowZeroSelection: false,
  useCustomSelection: false,
  customSelections: [],
  dayRate: 100,
};
const group = {
  name: 'Leaders',
  description: '',
  requiredForPurchase: false,
  minimumAmount: 0,
  attendeeCost: 100,
  minAttendees: 0,
  maxAttendees: 10,
  enableFreeSeatOffer: false,
  paidSeatsRequiredForOffer: 0,
  freeSeatsInOffer: 0,
};
const event = {
  eventId: uuid,
  ticketTypeId: uuid,
  minParticipants: 1,
  maxParticipants: 5,
  selectionInterval: 1,
  allowZeroSelection: true,
};

describe('catalogue inputs', () => {
  it.each([
    ['a session with max = min', pdSessionInput, { ...session, maxDays: 1 }, null],
    [
      'a session with max below min',
      pdSessionInput,
      { ...session, minDays: 3, maxDays: 2 },
      { path: 'maxDays', message: m.maxBelowMin },
    ],
    [
      'an interval of 0',
      pdSessionInput,
      { ...session, selectionInterval: 0 },
      { path: 'selectionInterval', message: m.intervalInvalid },
    ],
    [
      'custom selections switched on with none listed',
      pdSessionInput,
      { ...session, useCustomSelection: true },
      { path: 'customSelections', message: m.customSelectionsRequired },
    ],
    [
      'custom selections listed twice',
      pdSessionInput,
      { ...session, useCustomSelection: true, customSelections: [2, 2] },
      { path: 'customSelections', message: m.customSelectionsInvalid },
    ],
    [
      'a custom selection of 0',
      pdSessionInput,
      { ...session, useCustomSelection: true, customSelections: [0] },
      { path: 'customSelections.0', message: m.customSelectionsInvalid },
    ],
    [
      'custom selections 1 and 3',
      pdSessionInput,
      { ...session, useCustomSelection: true, customSelections: [1, 3] },
      null,
    ],
    ['a negative day rate', pdSessionInput, { ...session, dayRate: -1 }, { path: 'dayRate', message: m.amountInvalid }],
    [
      'a group offer with no free seat',
      packageGroupInput,
      { ...group, enableFreeSeatOffer: true, paidSeatsRequiredForOffer: 5 },
      { path: 'freeSeatsInOffer', message: m.freeSeatsRequired },
    ],
    [
      'a group offer of one free seat past 5',
      packageGroupInput,
      { ...group, enableFreeSeatOffer: true, paidSeatsRequiredForOffer: 5, freeSeatsInOffer: 1 },
      null,
    ],
    [
      'a group with max attendees below min',
      packageGroupInput,
      { ...group, minAttendees: 11 },
      { path: 'maxAttendees', message: m.maxBelowMin },
    ],
    [
      'a section with max tickets below min',
      groupSectionInput,
      { title: 'A', description: '', minTickets: 2, maxTickets: 1, staffDevelopers: '' },
      { path: 'maxTickets', message: m.maxBelowMin },
    ],
    [
      'a section with no title',
      groupSectionInput,
      { title: ' ', description: '', minTickets: 0, maxTickets: 1, staffDevelopers: '' },
      { path: 'title', message: m.titleRequired },
    ],
    [
      'an event with no ticket type',
      packageEventInput,
      { ...event, ticketTypeId: '' },
      { path: 'ticketTypeId', message: m.ticketTypeRequired },
    ],
    [
      'an event with max participants below min',
      packageEventInput,
      { ...event, minParticipants: 6 },
      { path: 'maxParticipants', message: m.maxBelowMin },
    ],
  ] as const)('%s', (_label, schema, value, expected) => {
    expect(firstError(schema.safeParse(value))).toEqual(expected);
  });

  it('needs a package name and a school year', () => {
    const base = {
      name: 'P',
      schoolYearId: uuid,
      description: '',
      groupsDescription: '',
      eventsDescription: '',
      schoolBasedPDSessionsDescription: '',
      minimumAmount: 0,
      travelCostType: 'FIXED_COST',
      travelCostAmount: 0,
    };
    expect(packageInput.safeParse(base).success).toBe(true);
    expect(firstError(packageInput.safeParse({ ...base, name: '' }))).toEqual({
      path: 'name',
      message: m.nameRequired,
    });
    expect(firstError(packageInput.safeParse({ ...base, schoolYearId: '' }))).toEqual({
      path: 'schoolYearId',
      message: m.schoolYearRequired,
    });
  });
});

describe('review and contracts', () => {
  it.each([
    ['STARTED', true],
    ['SUBMITTED', true],
    ['CHANGES_REQUESTED', true],
    ['REOPENED', true],
    ['ACCEPTED', false],
    ['REJECTED', false],
    ['WITHDRAWN', false],
  ] as const)('an override of a %s request is allowed: %s', (status, allowed) => {
    expect(staffOverrideAllowed(status)).toBe(allowed);
  });

  it.each([
    [{ kind: 'event', itemId: uuid, amount: 0 }, true],
    [{ kind: 'event', itemId: uuid, amount: null }, true],
    [{ kind: 'event', itemId: uuid, amount: 100_000, overrideDate: '2026-11-20' }, true],
    [{ kind: 'event', itemId: uuid, amount: 100_001 }, false],
    [{ kind: 'event', itemId: uuid, amount: -1 }, false],
    [{ kind: 'event', itemId: uuid, amount: 1, overrideDate: '11/20/2026' }, false],
    [{ kind: 'grade', itemId: uuid, amount: 1 }, false],
  ])('override %j is valid: %s', (value, valid) => {
    expect(staffSelectionOverrideInput.safeParse(value).success).toBe(valid);
  });

  it.each([
    [0, false],
    [1, true],
    [2_147_483_647, true],
    [2_147_483_648, false],
  ])('a contract total of %i cents is valid: %s', (total, valid) => {
    expect(staffContractInput.safeParse({ packageRequestId: uuid, total }).success).toBe(valid);
  });
});
