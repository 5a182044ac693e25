import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPdf } from '@portal/domain/content/toolkit.ts';
import type { DatabaseHandle } from '../client.ts';
import { listSavedResources } from '../../core/saved-resources.ts';
import { readToolkitFlags, visibleContainers, visibleDocuments } from '../../core/toolkit-content.ts';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import { toolkitDocuments } from '../schema/toolkit.ts';
import { users } from '../schema/users.ts';
import { seedDemo } from './demo.ts';
import { seedDemoToolkit } from './demo-toolkit.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-demo-toolkit-')));
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemo(database.db, 'http://portal.test', now);
});
afterAll(async () => {
  await database?.close();
});

async function userId(email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`${email} not seeded`);
  return row.id;
}

async function shown(email: string): Promise<string[]> {
  const db = database.db;
  const containers = await visibleContainers(db, await readToolkitFlags(db, await userId(email)));
  return [
    ...containers.categories.map((c) => c.name),
    ...containers.groupings.map((g) => g.title),
    ...(await visibleDocuments(db, containers)).map((d) => d.title),
  ];
}

describe('demo Treasure Chest', () => {
  it('seeds categories, nested groupings and PDF documents, once', async () => {
    await seedDemoToolkit(database.db, storage);
    await seedDemoToolkit(database.db, storage);
    expect(await database.db.$count(toolkitDocuments)).toBe(12);
    const [first] = await database.db.select({ fileKey: toolkitDocuments.fileKey }).from(toolkitDocuments).limit(1);
    const bytes = await storage.get(first?.fileKey ?? '');
    expect(bytes && isPdf(bytes)).toBe(true);
  });

  it('shows each demo member what their flags open', async () => {
    const teacher = await shown('teacher.lincoln@demo.test');
    expect(teacher).toEqual(
      expect.arrayContaining([
        'Classroom Routines',
        'Grade 3 Pilot',
        'Unit 1: Building a Reading Life',
        'Unit 1 Lesson Plans',
      ]),
    );
    expect(teacher).not.toContain('School Leadership');
    expect(teacher).not.toContain('Grade 4 Pilot');
    expect(await shown('owner.lincoln@demo.test')).toEqual(
      expect.arrayContaining(['School Leadership', 'Instructional Walkthrough Checklist']),
    );
    expect(await shown('notoolkit@demo.test')).toEqual([]);
  });

  it('gives the Lincoln coach three saved resources', async () => {
    const saved = await listSavedResources(database.db, await userId('coach.lincoln@demo.test'), 1, 20);
    expect(saved.items.map((s) => s.title).sort()).toEqual([
      'Morning Meeting Guide',
      'State Test Practice Calendar',
      'Unit 1 Lesson Plans',
    ]);
    expect(saved.items.find((s) => s.title === 'Unit 1 Lesson Plans')?.collection).toBe(
      'Unit 1: Building a Reading Life',
    );
  });
});
