// Builds the server for `npm start`: src/main.ts and everything it imports, @portal/domain's
// TypeScript sources included, bundled by esbuild into one ES module, dist/main.js; every other
// package stays an import from node_modules. The migrations are copied beside it, where
// db/client.ts looks for them (next to the module). `npm run dev` runs the sources with tsx instead.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [packagesExternal],
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
