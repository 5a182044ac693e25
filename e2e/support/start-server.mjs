// Starts the built app (`npm run build`, as `npm start` runs it) for the e2e journeys on a fresh
// database, and removes that database when the server stops. Playwright's webServer runs this from
// the repository root.
//
// Without DATABASE_URL (a developer's `npm test`) the journeys run on the embedded database, as
// `npm start` does. With it (CI points it at the machine's PostgreSQL) they run on a database of their
// own on that server, as production does, so each path is walked by one of the two runs.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import pg from 'pg';

const dataDir = process.env.DATA_DIR;
if (!dataDir) {
  console.error('start-server: DATA_DIR must be set');
  process.exit(2);
}
rmSync(dataDir, { recursive: true, force: true });

const env = { ...process.env };
const serverUrl = process.env.DATABASE_URL;
const journeysDatabase = `portal_journeys_${process.pid}`;

/** Runs one statement on the PostgreSQL server DATABASE_URL names, outside any database of ours. */
async function onServer(statement) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

if (serverUrl) {
  await onServer(`DROP DATABASE IF EXISTS "${journeysDatabase}" WITH (FORCE)`);
  await onServer(`CREATE DATABASE "${journeysDatabase}"`);
  // Dropped when the journeys end: a commit need not wait for the disk (7 ms a commit on the CI
  // machine's PostgreSQL, 0.2 ms without). Locks, constraints and isolation are as in production.
  await onServer(`ALTER DATABASE "${journeysDatabase}" SET synchronous_commit = off`);
  const url = new URL(serverUrl);
  url.pathname = `/${journeysDatabase}`;
  env.DATABASE_URL = url.toString();
}

const server = spawn(process.execPath, ['apps/server/start.mjs'], { env, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}

server.on('exit', async (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  if (serverUrl) {
    await onServer(`DROP DATABASE IF EXISTS "${journeysDatabase}" WITH (FORCE)`).catch((error) =>
      console.error(`start-server: could not drop ${journeysDatabase}: ${error.message}`),
    );
  }
  process.exit(code ?? (signal ? 1 : 0));
});
