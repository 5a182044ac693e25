import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'tools', root: 'tools', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // Each file builds its own database; PGlite start-up dominates, so give it room.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          setupFiles: ['src/test/concurrent-queries.ts'],
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
