#!/usr/bin/env node
// `npm run screenshots`: builds the app and walks every journey, saving each page the walk checks at
// 1280 and 390 px as screenshots/<journey>/<nn>-<step>-<width>.png (e2e/fixtures/accessibility.ts), so a
// person can look over the whole app in a few minutes. Arguments go to Playwright: a journey's file
// name to run only it, --workers=1 on a busy machine.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'screenshots');

function run(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.on('error', (error) => {
      console.error(`Could not start ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const built = await run('npm', ['run', 'build'], { cwd: root });
if (built !== 0) process.exit(built);
// Pages a journey no longer walks must not linger among the new ones.
rmSync(folder, { recursive: true, force: true });
const walked = await run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
  cwd: join(root, 'e2e'),
  env: { ...process.env, E2E_SCREENSHOTS: folder },
});
console.log(`\nScreenshots of every page walked, at both widths: ${folder}`);
// A journey that failed still saved the pages it reached; its failures are in the report above.
process.exit(walked);
