import type { FileStorage } from '../../platform/storage.ts';
import type { Database } from '../client.ts';
import { seedDemoContent } from './demo-content.ts';
import { seedDemoResources } from './demo-resources.ts';
import { seedDemoToolkit } from './demo-toolkit.ts';
import { seedDemo } from './demo.ts';
import { seedOnce } from './once.ts';

/**
 * The demo data's version: raise it with any change to the demo seed (demo*.ts), so that data folders and databases
 * seeded before get the new rows on their next start (the seed leaves existing rows as they are).
 */
export const demoSeedVersion = 1;

/**
 * Every demo seed, once per database (db/seed/once.ts): the accounts and their data, then the event resources, the
 * toolkit and the content, which store files in `storage`, the one the app serves from. Returns whether it ran.
 */
export function seedDemoOnce(db: Database, storage: FileStorage, publicUrl: string, now: Date): Promise<boolean> {
  return seedOnce(db, 'demo', demoSeedVersion, async () => {
    await seedDemo(db, publicUrl, now);
    await seedDemoResources(db, storage);
    await seedDemoToolkit(db, storage);
    await seedDemoContent(db, storage, now);
  });
}
