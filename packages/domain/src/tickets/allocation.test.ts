import { describe, expect, it } from 'vitest';
import {
  assignToMeOffered,
  soleTicketForBuyer,
  allocationBlock,
  allocationClosedMessage,
  allocationKind,
  allocationMessages,
  checkAllocation,
  daysBetween,
  dropEmptySlots,
  duplicatePicks,
  excessAssignees,
  pickableUsers,
  assigneeScope,
  type AssigneeScope,
} from './allocation.ts';
import { newPendingUser } from './pending-users.ts';

describe('dropEmptySlots', () => {
  it.each([
    ['no slots', [], []],
    ['all empty', [null, undefined, ''], []],
    ['keeps order of filled slots', ['a', null, 'b', '', undefined, 'c'], ['a', 'b', 'c']],
  ])('%s', (_, slots, expected) => {
    expect(dropEmptySlots(slots)).toEqual(expected);
  });
});

describe('duplicate pick within a section', () => {
  it.each([
    ['distinct users', ['a', 'b', null], []],
    ['same user twice', ['a', 'b', 'a'], ['a']],
    ['empty slots are not duplicates', [null, null, ''], []],
  ])('%s', (_, slots, expected) => {
    expect(duplicatePicks(slots)).toEqual(expected);
  });

  it('a chosen user disappears from the other pickers of the section, not from its own', () => {
    const users = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(pickableUsers(users, ['a', null, 'c'], 1).map((u) => u.id)).toEqual(['b']);
    expect(pickableUsers(users, ['a', null, 'c'], 0).map((u) => u.id)).toEqual(['a', 'b']);
  });
});

describe('excessAssignees (sections and groups)', () => {
  it.each([
    ['fits the tickets bought', 3, 3, null, 0],
    ['one more than bought', 4, 3, null, 1],
    ['under bought but over maxTickets', 3, 5, 2, 1],
    ['group: only maxTickets', 4, null, 3, 1],
    ['group within maxTickets', 3, null, 3, 0],
    ['no limits', 50, null, null, 0],
  ])('%s', (_, assigned, numberOfTickets, maxTickets, expected) => {
    expect(excessAssignees(assigned, { numberOfTickets, maxTickets })).toBe(expected);
  });
});

describe('checkAllocation', () => {
  it.each([
    [
      'complete',
      [{ numberOfTickets: 2, maxTickets: null, slots: ['a', 'b'] }],
      { error: null, warning: null, excess: [0] },
    ],
    [
      'an empty slot warns but saves',
      [{ numberOfTickets: 2, maxTickets: null, slots: ['a', null] }],
      { error: null, warning: allocationMessages.notAllAllocated, excess: [0] },
    ],
    [
      'overallocated section',
      [
        { numberOfTickets: 1, maxTickets: null, slots: ['a'] },
        { numberOfTickets: 1, maxTickets: null, slots: ['a', 'b'] },
      ],
      { error: allocationMessages.overallocated, warning: null, excess: [0, 1] },
    ],
    [
      'over maxTickets',
      [{ numberOfTickets: 3, maxTickets: 2, slots: ['a', 'b', 'c'] }],
      { error: allocationMessages.overallocated, warning: null, excess: [1] },
    ],
    [
      'duplicate pick',
      [{ numberOfTickets: 2, maxTickets: null, slots: ['a', 'a'] }],
      { error: allocationMessages.duplicate, warning: null, excess: [0] },
    ],
    [
      'the same user in two sections is fine',
      [
        { numberOfTickets: 1, maxTickets: null, slots: ['a'] },
        { numberOfTickets: 1, maxTickets: null, slots: ['a'] },
      ],
      { error: null, warning: null, excess: [0, 0] },
    ],
  ])('%s', (_, sections, expected) => {
    expect(checkAllocation(sections)).toMatchObject(expected);
  });
});

describe('checkAllocation: a grouping against its maxTickets, its sections together (events.md §5)', () => {
  // Two sections of the Morning grouping (at most 3 together), one of the Afternoon (unlimited).
  const sections = (morningA: number, morningB: number, afternoon = 2) => [
    {
      numberOfTickets: 5,
      maxTickets: null,
      groupingId: 'morning',
      slots: ['a', 'b', 'c', 'd', 'e'].slice(0, morningA),
    },
    {
      numberOfTickets: 5,
      maxTickets: null,
      groupingId: 'morning',
      slots: ['f', 'g', 'h', 'i', 'j'].slice(0, morningB),
    },
    {
      numberOfTickets: 5,
      maxTickets: null,
      groupingId: 'afternoon',
      slots: ['k', 'l', 'm', 'n', 'o'].slice(0, afternoon),
    },
  ];
  const groupings = [
    { id: 'morning', maxTickets: 3 },
    { id: 'afternoon', maxTickets: null },
  ];
  it.each<[string, number, number, number, number[], string | null]>([
    ['none assigned', 0, 0, 0, [0, 0], null],
    ['below the limit', 1, 1, 0, [0, 0], null],
    ['at the limit, split over two sections', 2, 1, 0, [0, 0], null],
    ['at the limit in one section', 3, 0, 0, [0, 0], null],
    ['one over the limit (limit + 1)', 2, 2, 0, [1, 0], allocationMessages.overallocated],
    ['an unlimited grouping is never over', 0, 0, 5, [0, 0], null],
  ])('%s', (_name, a, b, afternoon, groupingExcess, error) => {
    const check = checkAllocation(sections(a, b, afternoon), groupings);
    expect(check.groupingExcess).toEqual(groupingExcess);
    expect(check.excess).toEqual([0, 0, 0]);
    expect(check.error).toBe(error);
    expect(check.overallocated).toBe(error !== null);
  });

  it('checks no grouping when none is given (series events)', () => {
    expect(checkAllocation(sections(5, 5)).groupingExcess).toEqual([]);
  });
});

describe('allocationClosedMessage (an event on 2026-12-10, closing 3 days before)', () => {
  const event = { kind: 'CONFERENCE_DAY' as const, startDate: '2026-12-10', daysBeforePurchaseClose: 3 };
  it.each([
    ['open on the last day (the 7th)', event, '2026-12-07', false, null],
    [
      'closed on the boundary day (the 8th)',
      event,
      '2026-12-08',
      false,
      'Ticket allocation closes 3 days before the event starts.',
    ],
    ['impersonated staff may still allocate', event, '2026-12-08', true, null],
    [
      'institute message',
      { ...event, kind: 'INSTITUTE' as const },
      '2026-12-09',
      false,
      'Ticket allocation is not available because the event deadline has passed.',
    ],
    [
      'one day: singular',
      { ...event, daysBeforePurchaseClose: 1 },
      '2026-12-10',
      false,
      'Ticket allocation closes 1 day before the event starts.',
    ],
    ['zero days: open on the day itself', { ...event, daysBeforePurchaseClose: 0 }, '2026-12-10', false, null],
  ])('%s', (_, ev, today, impersonated, expected) => {
    expect(allocationClosedMessage(ev, today, impersonated)).toBe(expected);
  });
});

describe('allocationKind and daysBetween', () => {
  it('is a conference day when any item names a section', () => {
    expect(allocationKind([{ sectionId: null }, { sectionId: 's' }])).toBe('CONFERENCE_DAY');
    expect(allocationKind([{ sectionId: null }])).toBe('SERIES');
  });
  it('lists every day of an event across a month end', () => {
    expect(daysBetween('2026-11-30', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
  });
});

describe('newPendingUser', () => {
  it.each([
    [
      'firstName',
      { firstName: ' ', lastName: 'L', email: 'a@b.co', organizationId: '00000000-0000-4000-8000-000000000000' },
      'First name required',
    ],
    [
      'lastName',
      { firstName: 'F', lastName: '', email: 'a@b.co', organizationId: '00000000-0000-4000-8000-000000000000' },
      'Last name required',
    ],
    [
      'email',
      { firstName: 'F', lastName: 'L', email: '', organizationId: '00000000-0000-4000-8000-000000000000' },
      'Email required',
    ],
    ['organization', { firstName: 'F', lastName: 'L', email: 'a@b.co', organizationId: '' }, 'Organization required'],
  ])('%s required', (_, input, message) => {
    const result = newPendingUser.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('assigneeScope: no paid ticket without someone allowed to hold it', () => {
  it.each<[string, string | null, boolean, AssigneeScope]>([
    ['bought for an organization the viewer administers', 'org-1', true, 'ORGANIZATION'],
    [
      'bought for an organization the viewer does not administer (a member paid by purchase order)',
      'org-1',
      false,
      'BUYER',
    ],
    ['bought for no organization', null, false, 'BUYER'],
    ['bought for no organization, whoever looks', null, true, 'BUYER'],
  ])('%s', (_name, organizationId, manages, scope) => {
    expect(assigneeScope({ organizationId }, manages)).toBe(scope);
  });
});

describe('allocationBlock: allocation is offered and accepted only when it can be done', () => {
  const closed = 'Ticket allocation closes 3 days before the event starts.';
  it.each([
    ['paid, every event open', { status: 'PAID', voided: false, closedMessages: [null, null] }, null],
    [
      'paid, one event of two closed: the other can still be allocated',
      { status: 'PAID', voided: false, closedMessages: [closed, null] },
      null,
    ],
    [
      'paid, every event closed (a past event)',
      { status: 'PAID', voided: false, closedMessages: [closed, closed] },
      { reason: 'closed', message: closed },
    ],
    ['paid with no events', { status: 'PAID', voided: false, closedMessages: [] }, null],
    [
      'waiting for its purchase order',
      { status: 'AWAITING_PO', voided: false, closedMessages: [null] },
      { reason: 'unpaid', message: allocationMessages.unpaid },
    ],
    [
      'a purchase order voided',
      { status: 'PAID', voided: true, closedMessages: [closed] },
      { reason: 'voided', message: allocationMessages.voidedOrCancelled },
    ],
    [
      'cancelled',
      { status: 'CANCELLED', voided: true, closedMessages: [null] },
      { reason: 'voided', message: allocationMessages.voidedOrCancelled },
    ],
  ] as const)('%s', (_, payment, expected) => {
    expect(allocationBlock(payment)).toEqual(expected);
  });
});

describe('assignToMeOffered', () => {
  it.each<[string, { numberOfTickets: number; slots: (string | null)[] }, boolean]>([
    ['one free ticket', { numberOfTickets: 1, slots: [null] }, true],
    ['a free ticket beside a colleague', { numberOfTickets: 2, slots: ['u2', null] }, true],
    ['the buyer holds one already', { numberOfTickets: 2, slots: ['me', null] }, false],
    ['every ticket held', { numberOfTickets: 1, slots: ['u2'] }, false],
    ['more held than bought', { numberOfTickets: 1, slots: ['u2', 'u3'] }, false],
    ['no ticket', { numberOfTickets: 0, slots: [] }, false],
  ])('%s: %s', (_case, line, offered) => {
    expect(assignToMeOffered(line, 'me')).toBe(offered);
  });
});

describe('soleTicketForBuyer', () => {
  const buyer = { isBuyer: true, managesAnOrganization: false };
  const one = { itemId: 'i1', numberOfTickets: 1, slots: [null] };
  it.each<[string, Parameters<typeof soleTicketForBuyer>[0], typeof buyer, string | null]>([
    ['one ticket, nobody holds it', [one], buyer, 'i1'],
    ['one ticket already held', [{ ...one, slots: ['u2'] }], buyer, null],
    ['two tickets on one line', [{ ...one, numberOfTickets: 2, slots: [null, null] }], buyer, null],
    ['two lines of one ticket', [one, { ...one, itemId: 'i2' }], buyer, null],
    ['no line to allocate', [], buyer, null],
    ['a manager of an organization', [one], { isBuyer: true, managesAnOrganization: true }, null],
    ['someone other than the buyer', [one], { isBuyer: false, managesAnOrganization: false }, null],
  ])('%s', (_case, lines, viewer, itemId) => {
    expect(soleTicketForBuyer(lines, viewer)).toBe(itemId);
  });
});
