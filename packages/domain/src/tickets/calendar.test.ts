import { describe, expect, it } from 'vitest';
import { ticketCalendar } from './calendar.ts';

describe('ticketCalendar', () => {
  const ics = ticketCalendar(
    {
      uid: 't1',
      title: 'Writing; Day, one',
      dates: ['2026-12-11', '2026-12-10'],
      location: 'Hall A',
      description: 'Line 1\nLine 2',
    },
    new Date('2026-11-22T15:00:00Z'),
  );
  it('has one all-day event per day, in order, with escaped text', () => {
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART;VALUE=DATE:20261210\r\nDTEND;VALUE=DATE:20261211');
    expect(ics.indexOf('20261210')).toBeLessThan(ics.indexOf('DTSTART;VALUE=DATE:20261211'));
    expect(ics).toContain('SUMMARY:Writing\\; Day\\, one');
    expect(ics).toContain('DESCRIPTION:Line 1\\nLine 2');
    expect(ics).toContain('DTSTAMP:20261122T150000Z');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });
  it('folds long lines', () => {
    const long = ticketCalendar({ uid: 'x', title: 'A'.repeat(200), dates: ['2026-12-10'] }, new Date(0));
    for (const line of long.split('\r\n')) expect(line.length).toBeLessThanOrEqual(75);
  });

  it('attaches the QR code inline to each day, folded', () => {
    const png = 'iVBORw0KGgo'.repeat(20);
    const withCode = ticketCalendar({ uid: 't2', title: 'Day', dates: ['2026-12-10'], qrCodePng: png }, new Date(0));
    const unfolded = withCode.replace(/\r\n /g, '');
    expect(unfolded).toContain(
      `ATTACH;FMTTYPE=image/png;ENCODING=BASE64;VALUE=BINARY;X-FILENAME=ticket-qr.png:${png}\r\n`,
    );
    expect(withCode.split('\r\n').every((line) => line.length <= 75)).toBe(true);
  });
});
