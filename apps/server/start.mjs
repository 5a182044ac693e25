// `npm start` runs the built server (build.mjs); without a build it says how to make one.
import { existsSync } from 'node:fs';

const entry = new URL('./dist/main.js', import.meta.url);
if (!existsSync(entry)) {
  console.error(
    'The server is not built (apps/server/dist/main.js is missing): run `npm run build` at the repository root, or `npm start` there, which builds first.',
  );
  process.exit(1);
}
await import(entry.href);
