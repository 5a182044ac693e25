// Reports the gzipped size of what the web app's first page load fetches and of each lazily loaded
// route chunk, from the Vite build in apps/web/dist (run `npm run build` first; `npm run bench:size`
// does both). It reports against the budget and always exits 0: benchmarks inform, they do not gate.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budget = { firstLoadJs: 200 * 1024, routeChunk: 60 * 1024 };

const dist = fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}. Run "npm run build" first.`);
  process.exit(0);
}

/** @type {Record<string, { file: string, name?: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const indexHtml = readFileSync(path.join(dist, 'index.html'), 'utf8');

const gzipped = new Map();
function gz(file) {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipped.get(file);
}
const sum = (files) => [...files].reduce((total, file) => total + gz(file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

/** A chunk and everything it imports statically: what the browser must fetch before it runs. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) {
  console.error('The manifest names no entry chunk.');
  process.exit(0);
}
const firstLoadKeys = staticClosure(entryKey);
const firstLoadJs = new Set([...firstLoadKeys].map((key) => manifest[key].file));
// index.html is the source of truth for what loads first: count any script or modulepreload it names.
for (const [, file] of indexHtml.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) firstLoadJs.add(file);
const firstLoadCss = new Set([...firstLoadKeys].flatMap((key) => manifest[key].css ?? []));
for (const [, file] of indexHtml.matchAll(/href="\/?(assets\/[^"]+\.css)"/g)) firstLoadCss.add(file);

const rows = [];
const verdict = (size, limit) => (size <= limit ? 'within' : 'OVER');

const firstJsSize = sum(firstLoadJs);
rows.push(['first load: JavaScript', `${firstLoadJs.size} files`, kb(firstJsSize), '', kb(budget.firstLoadJs), verdict(firstJsSize, budget.firstLoadJs)]);
rows.push(['first load: CSS', `${firstLoadCss.size} files`, kb(sum(firstLoadCss)), '', '-', 'report only']);

/** A route chunk's name: the file name Vite gave it, without the content hash. */
const routeName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const routes = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const own = gz(manifest[key].file);
    // Shared chunks this route needs that the first load did not already bring.
    const extra = [...staticClosure(key)].map((k) => manifest[k].file).filter((file) => !firstLoadJs.has(file));
    return { name: routeName(manifest[key].file), src: manifest[key].src ?? key, own, total: sum(new Set(extra)) };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

for (const route of routes) {
  rows.push([`route: ${route.name}`, route.src, kb(route.own), kb(route.total), kb(budget.routeChunk), verdict(route.own, budget.routeChunk)]);
}

const header = ['what', 'source', 'gzip', 'with its lazy deps', 'budget', 'verdict'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));

const over = rows.filter((row) => row[5] === 'OVER');
console.log(
  over.length === 0
    ? '\nAll within budget (first-load JS <= 200 kB gzipped, each route chunk <= 60 kB gzipped).'
    : `\n${over.length} over budget: ${over.map((row) => row[0]).join(', ')}`,
);
console.log('"with its lazy deps" adds the shared chunks a route loads that the first load did not (report only).');
