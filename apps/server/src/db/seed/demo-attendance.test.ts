import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDateIn } from '@portal/domain/dates.ts';
import { eventSectionsWithLevel, sectionRoll, takerSectionIds } from '../../core/attendance.ts';
import { createTestDatabase } from '../../test/database.ts';
import type { DatabaseHandle } from '../client.ts';
import { events } from '../schema/commerce.ts';
import { users } from '../schema/users.ts';
import { attendanceEventName, attendanceTakerEmail } from './demo-attendance.ts';
import { seedDemo } from './demo.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
// Late evening in New York: the provider's today is the day before the UTC one.
const now = new Date('2026-11-23T03:30:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemo(database.db, 'http://portal.test', now);
});
afterAll(async () => {
  await database?.close();
});

describe('demo attendance', () => {
  it("gives the taker the whole event, whose sections meet on the provider's today, with two ticket holders and an applicant, once", async () => {
    const [event] = await database.db.select().from(events).where(eq(events.name, attendanceEventName));
    const [coach] = await database.db.select().from(users).where(eq(users.email, attendanceTakerEmail));
    if (!event || !coach) throw new Error('demo attendance not seeded');
    expect(await takerSectionIds(database.db, coach.id, event.id)).toBe('ALL');
    const today = calendarDateIn(now, 'America/New_York');
    const sections = await eventSectionsWithLevel(database.db, event.id);
    expect(sections.map((s) => [s.title, s.level, s.dates.includes(today)])).toEqual([
      ['Guided Reading Foundations', 'FIRST_YEAR', true],
      ['Coaching the Coaches', 'ADVANCED', true],
    ]);
    const [firstYear, advanced] = sections;
    const names = async (sectionId: string) =>
      (await sectionRoll(database.db, event.id, sectionId, today)).map((p) => `${p.firstName} ${p.lastName}`);
    expect(await names(firstYear?.id ?? '')).toEqual(['Adam Alvarez', 'Tara Thompson']);
    expect(await names(advanced?.id ?? '')).toEqual(['Maya Morales']);

    await seedDemo(database.db, 'http://portal.test', now);
    expect(await database.db.select().from(events).where(eq(events.name, attendanceEventName))).toHaveLength(1);
  });
});
