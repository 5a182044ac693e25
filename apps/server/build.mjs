// Builds the server for `npm start`: src/main.ts and everything it imports, @portal/domain's
// TypeScript sources included, bundled by esbuild into ES modules, dist/main.js and the chunks it imports; every other
// package stays an import from node_modules. The migrations are copied beside it, where
// db/client.ts looks for them (next to the module). `npm run dev` runs the sources with tsx instead.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(root, 'dist');

/** Packages are loaded from node_modules at run time, except the workspace's own TypeScript ones. */
const packagesExternal = {
  name: 'packages-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: [
    path.join(root, 'src/main.ts'),
    { in: path.join(root, 'src/db/pglite-templates.ts'), out: 'db-templates' },
  ],
  outdir: dist,
  // Each dynamic import of main.ts is a chunk that imports its own packages: the heavy ones load only when main.ts
  // asks for them, after the configuration is checked and while PGlite's WebAssembly compiles
  // (docs/decisions/0144-start-in-a-second.md). In one file every package import would run before main.ts does.
  // Beside main.js: the modules find the migrations folder next to themselves.
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesExternal],
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
// The embedded databases, migrated, for a first start to copy instead of making them (db/pglite-templates.ts).
const { writePgliteTemplates } = await import(pathToFileURL(path.join(dist, 'db-templates.js')).href);
await writePgliteTemplates();
