import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

const core = path.resolve(import.meta.dirname, '../apps/server/src/core');
const modules = readdirSync(core).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));

/** The core modules a core module imports (type-only imports too: they tie the two files' concepts). */
function importsOf(file: string): string[] {
  const source = readFileSync(path.join(core, file), 'utf8');
  const named = source.matchAll(/(?:from|import)\s*\(?\s*'\.\/([^']+\.ts)'/g);
  return [...new Set([...named].map((match) => match[1] ?? ''))].filter((name) => modules.includes(name));
}

/** Each cycle once, as the path from its first module back to it (a depth-first walk, in file order). */
function cycles(graph: Map<string, string[]>): string[] {
  const found = new Set<string>();
  const done = new Set<string>();
  const walk = (file: string, trail: string[]) => {
    const at = trail.indexOf(file);
    if (at >= 0) {
      found.add([...trail.slice(at), file].join(' → '));
      return;
    }
    if (done.has(file)) return;
    for (const next of graph.get(file) ?? []) walk(next, [...trail, file]);
    done.add(file);
  };
  for (const file of graph.keys()) walk(file, []);
  return [...found];
}

it('keeps apps/server/src/core free of import cycles: a shared piece moves down, or the dependency turns', () => {
  const graph = new Map(modules.map((file) => [file, importsOf(file)]));
  expect(cycles(graph)).toEqual([]);
});
