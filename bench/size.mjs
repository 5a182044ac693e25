// Reports the gzipped size of what the web app's first page load fetches and of each lazily loaded
// chunk (a route, or an edit form a page opens), from the Vite build in apps/web/dist (run `npm run build` first; `npm
// run bench:size` does both), and the first-load JavaScript as the server sends it to a browser that accepts brotli. It
// reports against the budget and always exits 0: benchmarks inform, they do not gate.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
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

/**
 * The bytes the server sends for a file to a browser that accepts brotli: the build's .br sibling
 * (apps/server/src/platform/spa.ts, preCompressed), else its .gz, else the file itself.
 */
function onTheWire(file) {
  const variants = [`${file}.br`, `${file}.gz`, file].map((name) => path.join(dist, name));
  const served = variants.find((variant) => existsSync(variant)) ?? variants[2];
  return {
    bytes: statSync(served).size,
    encoding: path.extname(served) === '.br' ? 'br' : path.extname(served) === '.gz' ? 'gzip' : 'none',
  };
}
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
rows.push([
  'first load: JavaScript',
  `${firstLoadJs.size} files`,
  kb(firstJsSize),
  '',
  kb(budget.firstLoadJs),
  verdict(firstJsSize, budget.firstLoadJs),
]);
const wire = [...firstLoadJs].map(onTheWire);
const wireSize = wire.reduce((total, file) => total + file.bytes, 0);
const uncompressed = wire.filter((file) => file.encoding === 'none').length;
const servedAs =
  uncompressed === 0 ? `${wire.length} files as brotli` : `${wire.length} files, ${uncompressed} uncompressed`;
rows.push([
  'first load: JavaScript on the wire',
  servedAs,
  kb(wireSize),
  '',
  kb(budget.firstLoadJs),
  verdict(wireSize, budget.firstLoadJs),
]);
rows.push(['first load: CSS', `${firstLoadCss.size} files`, kb(sum(firstLoadCss)), '', '-', 'report only']);

/** A route chunk's name: the file name Vite gave it, without the content hash. */
const routeName = (file) => path.basename(file).replace(/-[\w-]{8}\.js$/, '');

const filesOf = (keys) => new Set([...keys].map((key) => manifest[key].file));
const importersOf = (key) => Object.keys(manifest).filter((k) => manifest[k].dynamicImports?.includes(key));

/**
 * What is already in the browser when a lazy chunk is asked for, and by whom. A route is asked for by
 * the router (in the first load); an edit form or drawer by the page that opens it, whose own chunks
 * are loaded by then. Where several pages open it, the one that leaves the most still to fetch counts.
 */
function loadedBefore(key, seen = new Set()) {
  const pages = importersOf(key).filter((k) => !firstLoadKeys.has(k) && !seen.has(k));
  if (pages.length === 0) return { by: 'router', files: firstLoadJs };
  let worst;
  for (const page of pages) {
    const context = loadedBefore(page, new Set([...seen, key]));
    const files = new Set([...context.files, ...filesOf(staticClosure(page))]);
    const added = sum([...filesOf(staticClosure(key))].filter((file) => !files.has(file)));
    if (!worst || added > worst.added) worst = { by: routeName(manifest[page].file), files, added };
  }
  return worst;
}

const routes = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry)
  .map((key) => {
    const closure = filesOf(staticClosure(key));
    const before = loadedBefore(key);
    return {
      name: routeName(manifest[key].file),
      src: manifest[key].src ?? key,
      own: gz(manifest[key].file),
      // Shared chunks this chunk needs that the first load did not already bring.
      lazy: sum([...closure].filter((file) => !firstLoadJs.has(file))),
      // What the browser fetches when it is asked for: beyond the first load and the page that opens it.
      fetched: sum([...closure].filter((file) => !before.files.has(file))),
      by: before.by,
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name));

for (const route of routes) {
  const what = route.by === 'router' ? `route: ${route.name}` : `lazy: ${route.name}`;
  rows.push([
    what,
    route.src,
    kb(route.own),
    kb(route.lazy),
    route.by,
    kb(route.fetched),
    kb(budget.routeChunk),
    verdict(route.fetched, budget.routeChunk),
  ]);
}
// The first-load rows have no opener: keep the columns aligned.
for (const row of rows) if (row.length === 6) row.splice(4, 0, '', '');

const header = [
  'what',
  'source',
  'gzip',
  'with its lazy deps',
  'opened by',
  'fetched when opened',
  'budget',
  'verdict',
];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)));
const line = (cells) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ');
console.log(line(header));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const row of rows) console.log(line(row));

// For `npm run bench`'s summary (bench/run-all.mjs).
const results = fileURLToPath(new URL('./results/', import.meta.url));
mkdirSync(results, { recursive: true });
writeFileSync(
  path.join(results, 'size.json'),
  `${JSON.stringify({ measuredAt: new Date().toISOString(), budget, firstLoadJsGzip: firstJsSize, firstLoadJsOnTheWire: wireSize, filesUncompressed: uncompressed, routesOver: rows.filter((row) => row.at(-1) === 'OVER').map((row) => row[0]) }, null, 2)}\n`,
);

const over = rows.filter((row) => row.at(-1) === 'OVER');
console.log(
  over.length === 0
    ? '\nAll within budget (first-load JS <= 200 kB gzipped and on the wire, each route or lazy form <= 60 kB gzipped fetched when opened).'
    : `\n${over.length} over budget: ${over.map((row) => row[0]).join(', ')}`,
);
console.log(
  [
    '"on the wire": the first-load JavaScript as the server sends it to a browser that accepts brotli (the build\'s .br files).',
    '"with its lazy deps": the chunk and the shared chunks it needs that the first load did not bring (report only).',
    '"fetched when opened": the same less what the page that opens it (a lazy form\'s page; a route\'s: the router) has',
    'already loaded: what the browser downloads at that moment. The verdict reads it.',
  ].join('\n'),
);
