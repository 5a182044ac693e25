import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import features from './features.json' with { type: 'json' };

const repo = path.resolve(import.meta.dirname, '..');
const folders = (relative: string) =>
  readdirSync(path.join(repo, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const server = folders('apps/server/src/features');
const web = folders('apps/web/src/features');
const journeys = readdirSync(path.join(repo, 'e2e')).filter((file) => file.endsWith('.spec.ts'));
const { $comment: _, ...journeyMap } = features.journeys;
const listed = (list: Record<string, string>) => Object.keys(list).sort();

/** The paths a server feature's routes.ts registers (a `base` constant spelled out), without the /api prefix. */
function apiPaths(feature: string): string[] {
  const source = readFileSync(path.join(repo, 'apps/server/src/features', feature, 'routes.ts'), 'utf8');
  const base = /const base = '([^']+)'/.exec(source)?.[1] ?? '';
  const registered = source.matchAll(/app\.(?:get|post|put|patch|delete)(?:<[^(]*>)?\(\s*['`]([^'`]+)['`]/g);
  return [...registered].map((match) => (match[1] ?? '').replace('${base}', base));
}

describe('one name per feature on every side', () => {
  it('gives every server feature a web feature of the same name, or a reason in tools/features.json', () => {
    const alone = server.filter((name) => !web.includes(name));
    expect(alone).toEqual(listed(features.serverOnly));
  });

  it('gives every web feature a server feature of the same name, or a reason in tools/features.json', () => {
    const alone = web.filter((name) => !server.includes(name));
    expect(alone).toEqual(listed(features.webOnly));
  });

  it.each(server)('%s: its API paths carry its name (a staff console feature admin-<x>: /api/admin/…/<x>)', (name) => {
    const paths = apiPaths(name);
    expect(paths.length, `${name}/routes.ts registers no route`).toBeGreaterThan(0);
    const admin = name.startsWith('admin-');
    const word = admin ? name.slice('admin-'.length) : name;
    const own = paths.filter((route) => {
      const segments = route.split('/').filter(Boolean);
      return segments.includes(word) && (segments[0] === 'admin') === admin;
    });
    if (!(name in features.apiPathExceptions))
      expect(own, `no path of ${name} names it: ${paths.join(', ')}`).not.toEqual([]);
    if (admin) expect(paths.filter((route) => !route.startsWith('/admin/'))).toEqual([]);
    const staffPaths = paths.filter((route) => route.startsWith('/admin/'));
    if (!admin && !(name in features.alsoServesAdmin))
      expect(staffPaths, `${name} serves the staff console`).toEqual([]);
  });

  it('lists reasons only for folders that exist', () => {
    const all = new Set([...server, ...web]);
    const named = [features.serverOnly, features.webOnly, features.apiPathExceptions, features.alsoServesAdmin].flatMap(
      listed,
    );
    expect(named.filter((name) => !all.has(name))).toEqual([]);
  });

  it('maps every journey to the features it walks, by their names', () => {
    expect(Object.keys(journeyMap).sort()).toEqual([...journeys].sort());
    const all = new Set([...server, ...web]);
    const unknown = Object.entries(journeyMap).flatMap(([journey, names]) =>
      names.filter((name) => !all.has(name)).map((name) => `${journey}: ${name}`),
    );
    expect(unknown).toEqual([]);
  });
});
