import { describe, expect, it } from 'vitest';
import { failedMailMessages, failedMailParams, oldestAge } from './dashboard.ts';

const now = new Date('2026-11-27T12:00:00Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();
const day = 24 * 3600_000;

describe('oldestAge', () => {
  it.each([
    ['nothing waiting', null, ''],
    ['just now', before(0), 'oldest today'],
    ['a moment under a day', before(day - 1), 'oldest today'],
    ['exactly a day', before(day), 'oldest 1 day'],
    ['a moment under two days', before(2 * day - 1), 'oldest 1 day'],
    ['two days', before(2 * day), 'oldest 2 days'],
    ['three days and a bit', before(3 * day + 3600_000), 'oldest 3 days'],
    ['a clock a little behind the server', new Date(now.getTime() + 60_000).toISOString(), 'oldest today'],
  ])('%s', (_, since, shown) => {
    expect(oldestAge(since, now)).toBe(shown);
  });
});

describe('sending failed mail again', () => {
  it.each([
    [0, '0 mails are queued to be sent again.'],
    [1, '1 mail is queued to be sent again.'],
    [2, '2 mails are queued to be sent again.'],
  ])('%i sent again: %s', (count, said) => {
    expect(failedMailMessages.retriedAll(count)).toBe(said);
  });

  it.each([
    ['a mail id', '00000000-0000-4000-8000-00000000f001', true],
    ['anything else', 'nope', false],
  ])('takes %s', (_, mailId, valid) => {
    expect(failedMailParams.safeParse({ mailId }).success).toBe(valid);
  });
});
