import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectResourceFileType } from '@portal/domain/content/resources.ts';
import type { DatabaseHandle } from '../client.ts';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import { readEventResources } from '../../core/event-resources.ts';
import { events } from '../schema/commerce.ts';
import { eventResources } from '../schema/resources.ts';
import { eventTickets } from '../schema/tickets.ts';
import { users } from '../schema/users.ts';
import { coachingInstitute, pastCoachingInstitute } from './demo-applications.ts';
import { seedDemo } from './demo.ts';
import { seedDemoResources } from './demo-resources.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-demo-files-')));
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemo(database.db, 'http://portal.test', now);
});
afterAll(async () => {
  await database?.close();
});

async function eventNamed(name: string): Promise<string> {
  const [row] = await database.db.select({ id: events.id }).from(events).where(eq(events.name, name));
  if (!row) throw new Error(`${name} not seeded`);
  return row.id;
}

describe('demo resources', () => {
  it('seeds resources on events demo members attend, with a stored PDF, once', async () => {
    await seedDemoResources(database.db, storage);
    await seedDemoResources(database.db, storage);
    expect(await database.db.$count(eventResources)).toBe(6);

    const past = await eventNamed(pastCoachingInstitute);
    const [holder] = await database.db
      .select({ email: users.email })
      .from(eventTickets)
      .innerJoin(users, eq(users.id, eventTickets.userId))
      .where(eq(eventTickets.eventId, past));
    expect(holder?.email).toBe('owner.washington@demo.test');
    const pastResources = await readEventResources(database.db, past);
    expect(pastResources.map((r) => r.title)).toEqual([
      'Running records handout',
      'Keynote recordings',
      'Book list for reading coaches',
    ]);
    const [handout] = pastResources;
    const [row] = await database.db
      .select({ fileKey: eventResources.fileKey })
      .from(eventResources)
      .where(eq(eventResources.id, handout?.id ?? ''));
    const bytes = await storage.get(row?.fileKey ?? '');
    expect(bytes && detectResourceFileType(bytes, 'handout.pdf')).toBe('pdf');
    expect(handout?.file).toEqual({ name: 'running-records-handout.pdf', size: bytes?.length, type: 'pdf' });

    const institute = await readEventResources(database.db, await eventNamed(coachingInstitute));
    expect(institute.map((r) => [r.title, r.sections.map((s) => s.title)])).toEqual([
      ['Welcome packet', []],
      ['Coaching cycle planning template', ['Coaching Cycles']],
      ['Team meeting protocols', ['Leading Teams']],
    ]);
  });
});
