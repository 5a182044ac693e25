import { pgliteDemoTemplate, pgliteTemplate, writePgliteTemplate } from './client.ts';
import { seedGeneratedOrganizations } from './seed/demo-organizations.ts';
import { seedLookups } from './seed/lookups.ts';

/**
 * The build's embedded databases (build.mjs), beside the built server: migrated, and migrated with the demo data
 * that is the same on every machine and every day. The lookups a start seeds anyway are in the demo one because the
 * generated schools are typed by them; the start adds the lookups of its own date (school years) as before.
 */
export async function writePgliteTemplates(): Promise<void> {
  await writePgliteTemplate(pgliteTemplate);
  await writePgliteTemplate(pgliteDemoTemplate, async (db) => {
    await seedLookups(db, new Date());
    await seedGeneratedOrganizations(db);
  });
}
