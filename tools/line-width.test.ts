import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import prettier from '../.prettierrc.json' with { type: 'json' };

const repo = path.resolve(import.meta.dirname, '..');
const width = prettier.printWidth;

/** The code Prettier formats: tracked scripts and sources, not the generated migrations. */
const files = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.js', '*.mjs', '*.cjs'], {
  cwd: repo,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.startsWith('apps/server/src/db/migrations/'));

/**
 * A line may run past the width only for what cannot be broken: a string, template or regular
 * expression literal, or a URL. Without them it must fit.
 */
function breakablePart(line: string): string {
  return line
    .replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''")
    .replace(/\/(?:[^/\\\n]|\\.)+\/[dgimsuvy]*/g, '//')
    .replace(/https?:\/\/\S+/g, 'url');
}

/** A template literal (SQL, mostly) may span lines: each of its lines is a literal's. */
function withoutTemplates(source: string): string {
  return source.replace(/`(?:[^`\\]|\\.)*`/g, (template) => template.replace(/[^\n]/g, ''));
}

it(`keeps every line of code within ${width} characters, but for unbreakable literals`, () => {
  const long: string[] = [];
  for (const file of files) {
    const source = readFileSync(path.join(repo, file), 'utf8');
    const code = withoutTemplates(source).split('\n');
    source.split('\n').forEach((line, index) => {
      if (line.length > width && breakablePart(code[index] ?? '').length > width)
        long.push(`${file}:${index + 1} (${line.length})`);
    });
  }
  expect(long).toEqual([]);
});
