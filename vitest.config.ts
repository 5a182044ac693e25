import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // vitest's default leaves a core idle (one worker on a 2-core machine); the server files wait on
    // their database as often as they compute, so every core gets a worker.
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node', isolate: false } },
      // Checks over the whole repository (tools/features.json: one name per feature on every side).
      { test: { name: 'tools', root: 'tools', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // Each file copies the run's migrated database (test/migrated-template.ts).
          globalSetup: ['./src/test/migrated-template.ts'],
          // A worker runs many files in one process: modules (and PGlite's compiled WebAssembly) load
          // once. Every file builds its own app and database, so no state crosses files.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/test/concurrent-queries.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
