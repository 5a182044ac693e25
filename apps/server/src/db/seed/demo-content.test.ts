import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPdf } from '@portal/domain/content/organization-resources.ts';
import type { DatabaseHandle } from '../client.ts';
import { localStorage } from '../../platform/storage.ts';
import { createTestDatabase } from '../../test/database.ts';
import { searchOrganizationResources } from '../../core/organization-resources.ts';
import { videoCollectionBySlug } from '../../core/video-collections.ts';
import { organizationResources, videoCollections, videoDocuments } from '../schema/content.ts';
import { schoolYears } from '../schema/lookups.ts';
import { contracts } from '../schema/contracts.ts';
import { organizations } from '../schema/organizations.ts';
import { users } from '../schema/users.ts';
import { seedDemo } from './demo.ts';
import { generatedResources, seedDemoContent } from './demo-content.ts';
import { demoContractPackage } from './demo-purchase-orders.ts';
import { seedLookups } from './lookups.ts';

let database: DatabaseHandle;
const storage = localStorage(mkdtempSync(path.join(tmpdir(), 'portal-demo-content-')));
const now = new Date('2026-11-22T15:00:00Z');

beforeAll(async () => {
  database = await createTestDatabase();
  await seedLookups(database.db, now);
  await seedDemo(database.db, 'http://portal.test', now);
});
afterAll(async () => {
  await database?.close();
});

describe('demo content', () => {
  it('generates titles from topics and formats, without placeholder text', () => {
    const rows = generatedResources(
      [{ name: 'Reading fluency', grades: 'Grades 1–3', about: 'repeated reading' }],
      '2026-2027',
    );
    expect(rows[0]).toEqual({
      title: 'Planning guide: Reading fluency',
      grades: 'Grades 1–3',
      description: 'A planning guide for reading fluency: repeated reading. Prepared for the 2026-2027 school year.',
      pdf: true,
    });
    expect(rows.some((row) => /lorem/i.test(row.description))).toBe(false);
  });

  it('seeds a few hundred searchable resources for two schools and two years, two collections, and stored PDFs, once', async () => {
    await seedDemoContent(database.db, storage, now);
    await seedDemoContent(database.db, storage, now);
    expect(await database.db.$count(organizationResources)).toBe(360);
    expect(await database.db.$count(videoCollections)).toBe(2);
    expect(await database.db.$count(videoDocuments)).toBe(3);

    const [lincoln] = await database.db
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.name, 'Lincoln Elementary School'));
    const [year] = await database.db
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(eq(schoolYears.name, '2026-2027'));
    const [teacher] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'teacher.lincoln@demo.test'));
    const found = await searchOrganizationResources(database.db, teacher?.id ?? '', {
      organizationId: lincoln?.id ?? '',
      schoolYearId: year?.id ?? '',
      search: 'fluency',
      page: 1,
      pageSize: 20,
    });
    expect(found.total).toBe(9);
    expect(found.items[0]?.title).toContain('fluency');

    const [pdf] = await database.db
      .select({ fileKey: organizationResources.fileKey })
      .from(organizationResources)
      .where(and(isNotNull(organizationResources.fileKey)));
    const bytes = await storage.get(pdf?.fileKey ?? '');
    expect(bytes && isPdf(bytes)).toBe(true);
    const collection = await videoCollectionBySlug(database.db, 'coaching-cycles-in-action', teacher?.id ?? '');
    expect(collection.videos.map((video) => video.title)).toEqual([
      'Setting a goal with a teacher',
      'Modeling a guided reading lesson',
      'The debrief conversation',
    ]);
    expect(collection.videos[0]?.documents[0]?.title).toBe('Goal-setting viewing guide');

    // The demo contract is signed, so the package purchase order can pay it.
    const [contract] = await database.db
      .select({ key: contracts.signedPdfKey })
      .from(contracts)
      .where(eq(contracts.packageName, demoContractPackage));
    const signed = await storage.get(contract?.key ?? '');
    expect(signed && isPdf(signed)).toBe(true);
  });
});
