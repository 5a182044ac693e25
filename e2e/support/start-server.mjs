// Starts the built app (`npm run build`, as `npm start` runs it) for the e2e journeys on a fresh
// embedded database, and removes that database when the server stops. Playwright's webServer runs
// this from the repository root.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error('start-server: DATA_DIR must be set');
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });

// The journeys always run on the embedded database; the server tests cover PostgreSQL.
const env = { ...process.env };
delete env.DATABASE_URL;

const server = spawn(process.execPath, ['apps/server/start.mjs'], { env, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? (signal ? 1 : 0));
});
