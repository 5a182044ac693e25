import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import type { FileStorage } from './platform/storage.ts';

/** What services need from the outside world; tests build real ones of their own. */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  storage: FileStorage;
}
