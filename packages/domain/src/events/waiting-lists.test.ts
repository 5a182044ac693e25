import { describe, expect, it } from 'vitest';
import {
  freedSeatsGoTo,
  joinRefusal,
  moveInList,
  offerExpiresAt,
  offerRefusal,
  shareFreedSeats,
  waitingDemand,
  type QueuedEntry,
} from './waiting-lists.ts';

const waiting = (id: string, quantity: number, heldSeats = 0): QueuedEntry => ({
  id,
  status: 'WAITING',
  quantity,
  heldSeats,
});
const offered = (id: string, quantity: number): QueuedEntry => ({
  id,
  status: 'OFFERED',
  quantity,
  heldSeats: quantity,
});

describe('shareFreedSeats: strictly in order, a larger entry blocks those behind it', () => {
  it.each([
    ['no seat freed', [waiting('a', 1)], 0, []],
    ['one seat to a one-seat entry: offered', [waiting('a', 1)], 1, [{ id: 'a', seats: 1, offered: true }]],
    [
      'one seat to a three-seat entry: held, not offered',
      [waiting('a', 3)],
      1,
      [{ id: 'a', seats: 1, offered: false }],
    ],
    [
      'the blocking entry takes all, the smaller one behind none',
      [waiting('a', 3), waiting('b', 1)],
      2,
      [{ id: 'a', seats: 2, offered: false }],
    ],
    ['completing a partial hold', [waiting('a', 3, 2), waiting('b', 1)], 1, [{ id: 'a', seats: 1, offered: true }]],
    [
      'enough for two entries',
      [waiting('a', 2), waiting('b', 1)],
      3,
      [
        { id: 'a', seats: 2, offered: true },
        { id: 'b', seats: 1, offered: true },
      ],
    ],
    ['more than everyone needs: the rest stays free', [waiting('a', 1)], 5, [{ id: 'a', seats: 1, offered: true }]],
    [
      'an entry offered already is passed over',
      [offered('a', 2), waiting('b', 1)],
      1,
      [{ id: 'b', seats: 1, offered: true }],
    ],
    ['a negative count is none', [waiting('a', 1)], -1, []],
  ])('%s', (_, entries, free, shares) => {
    expect(shareFreedSeats(entries, free)).toEqual(shares);
  });
});

describe('freedSeatsGoTo', () => {
  it.each([
    [0, 'catalogue'],
    [1, 'list'],
    [7, 'list'],
  ] as const)('%i active entries: %s', (active, where) => {
    expect(freedSeatsGoTo(active)).toBe(where);
  });
});

describe('offerExpiresAt', () => {
  it.each([
    [48, '2026-12-03T10:00:00.000Z'],
    [1, '2026-12-01T11:00:00.000Z'],
    [720, '2026-12-31T10:00:00.000Z'],
  ])('%i hours', (hours, at) => {
    expect(offerExpiresAt(new Date('2026-12-01T10:00:00Z'), hours).toISOString()).toBe(at);
  });
});

describe('joinRefusal', () => {
  const base = { enabled: true, remaining: 0, quantity: 1, activeEntries: 0, alreadyOnList: false };
  it.each([
    ['sold out: may join', {}, null],
    ['list off', { enabled: false }, 'closed'],
    ['already on it', { alreadyOnList: true }, 'alreadyOnList'],
    ['a seat left for one: buy it', { remaining: 1 }, 'seatsAvailable'],
    ['one seat left for two: may join', { remaining: 1, quantity: 2 }, null],
    ['seats left but others waiting: may join', { remaining: 3, activeEntries: 1 }, null],
    ['unlimited and nobody waiting', { remaining: null }, 'seatsAvailable'],
  ] as const)('%s', (_, change, refusal) => {
    expect(joinRefusal({ ...base, ...change })).toBe(refusal);
  });
});

describe('offerRefusal', () => {
  const now = new Date('2026-12-01T10:00:00Z');
  const later = new Date('2026-12-01T10:00:01Z');
  it.each([
    ['offered, running', { status: 'OFFERED', offerExpiresAt: later }, null],
    ['offered, ran out this very moment', { status: 'OFFERED', offerExpiresAt: now }, 'offerExpired'],
    ['used already', { status: 'USED', offerExpiresAt: null }, 'offerUsed'],
    ['expired', { status: 'EXPIRED', offerExpiresAt: null }, 'offerExpired'],
    ['still waiting', { status: 'WAITING', offerExpiresAt: null }, 'notOffered'],
    ['left', { status: 'LEFT', offerExpiresAt: null }, 'notOffered'],
  ] as const)('%s', (_, entry, refusal) => {
    expect(offerRefusal(entry, now)).toBe(refusal);
  });
});

describe('moveInList', () => {
  it.each([
    ['up', 'b', 'up', ['b', 'a', 'c']],
    ['down', 'b', 'down', ['a', 'c', 'b']],
    ['the first up: unchanged', 'a', 'up', ['a', 'b', 'c']],
    ['the last down: unchanged', 'c', 'down', ['a', 'b', 'c']],
    ['unknown: unchanged', 'x', 'up', ['a', 'b', 'c']],
  ] as const)('%s', (_, id, direction, order) => {
    expect(moveInList(['a', 'b', 'c'], id, direction)).toEqual(order);
  });
});

describe('waitingDemand', () => {
  it('adds up the seats still lacking and all asked for × price', () => {
    expect(waitingDemand([])).toEqual({ seats: 0, cents: 0 });
    expect(
      waitingDemand([
        { quantity: 2, heldSeats: 1, priceCents: 15000 },
        { quantity: 1, heldSeats: 0, priceCents: 0 },
      ]),
    ).toEqual({ seats: 2, cents: 30000 });
  });
});
