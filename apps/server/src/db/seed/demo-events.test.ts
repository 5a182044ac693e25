import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { purchaseIsOpen } from '@portal/domain/commerce/purchase-window.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { coupons, events, eventSections, eventTicketTypes } from '../schema/commerce.ts';
import { demoEventNames, seedDemoEvents } from './demo-events.ts';

let database: DatabaseHandle;
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

const total = async (table: typeof events | typeof eventSections | typeof coupons | typeof eventTicketTypes) =>
  (await database.db.select({ n: count() }).from(table))[0]?.n;

describe('demo events', () => {
  it('seeds the catalogue and coupons once, dated from today', async () => {
    await seedDemoEvents(database.db, now);
    const first = {
      events: await total(events),
      sections: await total(eventSections),
      coupons: await total(coupons),
      ticketTypes: await total(eventTicketTypes),
    };
    expect(first).toEqual({
      events: demoEventNames.length,
      sections: 5,
      coupons: 3,
      ticketTypes: demoEventNames.length,
    });

    const rows = await database.db.select().from(events);
    const byName = (name: string) => rows.find((e) => e.name === name);
    const today = calendarDateIn(now, 'America/New_York');
    const conferenceDay = byName('Fall Leadership Conference Day');
    expect(conferenceDay).toMatchObject({
      kind: 'CONFERENCE_DAY',
      startDate: '2027-01-06',
      daysBeforePurchaseClose: 14,
      published: true,
      gradeBands: ['LEADERS'],
    });
    // PD Services' Grades filter has bands to narrow by, and an event for every grade.
    expect(byName('Reading Workshop Series')?.gradeBands).toEqual(['PK-2', '3-5']);
    expect(byName('Winter Math Conference (draft)')?.gradeBands).toEqual([]);
    expect(purchaseIsOpen(conferenceDay?.startDate ?? '', 14, today)).toBe(true);
    expect(byName('Spring Literacy Summit')?.endDate.localeCompare(today)).toBe(-1);
    expect(byName('Winter Math Conference (draft)')?.published).toBe(false);
    const [nearlyFull] = await database.db
      .select()
      .from(eventSections)
      .where(eq(eventSections.title, 'Data-Driven Instruction'));
    expect(nearlyFull?.maxTickets).toBe(3);
    const [expired] = await database.db.select().from(coupons).where(eq(coupons.code, 'EXPIRED5'));
    expect(expired?.validUntil?.getTime()).toBeLessThan(now.getTime());

    await seedDemoEvents(database.db, new Date(now.getTime() + 86_400_000));
    expect({
      events: await total(events),
      sections: await total(eventSections),
      coupons: await total(coupons),
      ticketTypes: await total(eventTicketTypes),
    }).toEqual(first);
  });
});
