import { describe, expect, it } from 'vitest';
import {
  canGiveBack,
  passOnRefusal,
  recipientRefusal,
  recipientsOf,
  ticketEnded,
  ticketTransferInput,
  ticketTransferMessages as m,
  type HeldTicket,
  type TransferLine,
} from './ticket-transfers.ts';

const today = '2026-12-10';
const held: HeldTicket = {
  holderId: 'holder',
  buyerId: 'buyer',
  organizationId: 'school',
  paymentStatus: 'PAID',
  voided: false,
  dates: ['2026-12-10', '2026-12-11'],
  attended: false,
};

describe('passOnRefusal: whether a held ticket can be passed on at all', () => {
  it.each<[string, Partial<HeldTicket>, string | null]>([
    ['a paid ticket for days to come', { dates: ['2026-12-11'] }, null],
    ['on its last day', { dates: ['2026-12-09', '2026-12-10'] }, null],
    ['the day after its last day', { dates: ['2026-12-08', '2026-12-09'] }, m.ended],
    ['days given in any order', { dates: ['2026-12-11', '2026-12-01'] }, null],
    ['a cancelled payment', { paymentStatus: 'CANCELLED', voided: true }, m.cancelled],
    ['a voided purchase order', { voided: true }, m.cancelled],
    ['a payment not paid', { paymentStatus: 'PENDING' }, m.unpaid],
    ['already used to attend', { attended: true }, m.attended],
    ['cancelled wins over ended', { voided: true, dates: ['2026-01-01'] }, m.cancelled],
    ['ended wins over attended', { attended: true, dates: ['2026-12-01'] }, m.ended],
  ])('%s', (_, change, expected) => {
    expect(passOnRefusal({ ...held, ...change }, today)).toBe(expected);
  });
});

describe('ticketEnded', () => {
  it.each([
    [['2026-12-09'], true],
    [['2026-12-10'], false],
    [['2026-12-09', '2026-12-11'], false],
    [[], false],
  ])('%o → %s', (dates, expected) => {
    expect(ticketEnded(dates, today)).toBe(expected);
  });
});

describe('recipientsOf and canGiveBack', () => {
  it.each([
    [{ organizationId: 'school' }, 'ORGANIZATION'],
    [{ organizationId: null }, 'ANYONE'],
  ] as const)('%o → %s', (ticket, expected) => {
    expect(recipientsOf(ticket)).toBe(expected);
  });

  it.each([
    ['someone else bought it', { holderId: 'a', buyerId: 'b' }, true],
    ['the holder bought it', { holderId: 'a', buyerId: 'a' }, false],
  ])('%s', (_, ticket, expected) => {
    expect(canGiveBack(ticket)).toBe(expected);
  });
});

describe('recipientRefusal: who may take the ticket', () => {
  const line: TransferLine = { numberOfTickets: 3, maxTickets: null, holders: ['holder', 'other'] };
  const base: Parameters<typeof recipientRefusal>[0] = {
    ticket: { holderId: 'holder', organizationId: 'school' },
    organizationName: 'Lincoln Elementary School',
    recipient: 'colleague',
    isColleague: true,
    line,
  };
  it.each<[string, Partial<typeof base>, string | null]>([
    ['a colleague', {}, null],
    ['the holder herself', { recipient: 'holder' }, m.toSelf],
    ['someone outside the organization', { isColleague: false }, m.notColleague('Lincoln Elementary School')],
    [
      'anyone when bought for no organization',
      { ticket: { holderId: 'holder', organizationId: null }, isColleague: false },
      null,
    ],
    ['someone holding another ticket of the line', { recipient: 'other' }, m.alreadyHolds],
    ['a full line stays full: one holder for another', { line: { ...line, numberOfTickets: 2 } }, null],
    [
      'a line already over its limit stays refused',
      { line: { ...line, maxTickets: 1 } },
      'Tickets are overallocated. Please correct before saving.',
    ],
  ])('%s', (_, change, expected) => {
    expect(recipientRefusal({ ...base, ...change })).toBe(expected);
  });
});

describe('ticketTransferInput', () => {
  const ticketId = '0b6b7f6e-2f1a-4d36-9a8c-1d2e3f405060';
  it.each([
    [{ ticketId, recipient: { kind: 'BUYER' } }, true],
    [{ ticketId, recipient: { kind: 'COLLEAGUE', userId: ticketId } }, true],
    [{ ticketId, recipient: { kind: 'COLLEAGUE', userId: 'nobody' } }, false],
    [{ ticketId, recipient: { kind: 'EMAIL', email: ' Ann@School.org ', firstName: 'Ann', lastName: 'Lee' } }, true],
    [{ ticketId, recipient: { kind: 'EMAIL', email: 'ann', firstName: 'Ann', lastName: 'Lee' } }, false],
    [{ ticketId, recipient: { kind: 'EMAIL', email: 'ann@school.org', firstName: ' ', lastName: 'Lee' } }, false],
    [{ ticketId, recipient: { kind: 'SOMEONE' } }, false],
    [{ ticketId: 'x', recipient: { kind: 'BUYER' } }, false],
  ])('%o valid: %s', (input, valid) => {
    expect(ticketTransferInput.safeParse(input).success).toBe(valid);
  });

  it('keeps an email lower-cased and trimmed', () => {
    const parsed = ticketTransferInput.parse({
      ticketId,
      recipient: { kind: 'EMAIL', email: ' Ann@School.org ', firstName: 'Ann', lastName: 'Lee' },
    });
    expect(parsed.recipient).toEqual({ kind: 'EMAIL', email: 'ann@school.org', firstName: 'Ann', lastName: 'Lee' });
  });
});
