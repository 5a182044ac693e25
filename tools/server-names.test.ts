import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '..');
const server = path.join(repo, 'apps/server/src');

/** The server's code as it runs: every .ts file under apps/server/src but the tests. */
const files = readdirSync(server, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.split(path.sep).join('/'))
  .sort();

/** A top-level function or const (exported or not) whose name says it finds, inserts or updates rows. */
const definition =
  /^(?:export\s+)?(?:async\s+)?(?:function\*?\s+|const\s+|let\s+)((?:find|insert|update)[A-Za-z0-9_$]*)\b/gm;

/** Each name a file defines, with the files that define it. */
function definitionsOf(sources: ReadonlyMap<string, string>): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const [file, source] of sources) {
    for (const match of source.matchAll(definition)) {
      const name = match[1] ?? '';
      const defined = where.get(name) ?? [];
      if (!defined.includes(file)) where.set(name, [...defined, file]);
    }
  }
  return where;
}

const twice = (where: Map<string, string[]>) =>
  [...where].filter(([, defined]) => defined.length > 1).map(([name, defined]) => `${name}: ${defined.join(', ')}`);

/**
 * Each table's lookups and shared writes have one owner in core/ (docs/decisions/0150): a second
 * `find*`, `insert*` or `update*` of the same name is a copy to merge into that owner, or a
 * feature-shaped read to name after what it finds.
 */
it('defines every find*, insert* and update* name of the server in one file', () => {
  const sources = new Map(files.map((file) => [file, readFileSync(path.join(server, file), 'utf8')]));
  expect(files.length).toBeGreaterThan(100);
  expect(twice(definitionsOf(sources))).toEqual([]);
});

it('finds a name defined in two files, exported or not, and nothing in a nested function or a call', () => {
  const sources = new Map([
    ['features/a/repository.ts', 'export async function findCoupon(db) {}\nconst updateCart = () => 1;\n'],
    ['features/b/repository.ts', 'async function findCoupon(db) {}\n  const updateCart = 2;\nfindThing();\n'],
    ['core/c.ts', 'export const updateCart = (db) => db;\nexport function insertRow() {}\n'],
  ]);
  expect(twice(definitionsOf(sources))).toEqual([
    'findCoupon: features/a/repository.ts, features/b/repository.ts',
    'updateCart: features/a/repository.ts, core/c.ts',
  ]);
});
