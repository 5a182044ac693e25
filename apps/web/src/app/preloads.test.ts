import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { preloadOf } from '../lib/routes.ts';
import { collectPreloads, preloadManifest } from './preloads.ts';
import { prerenderScreens } from './prerender.tsx';
import { createAppRoutes } from './router.tsx';

const webRoot = path.resolve(import.meta.dirname, '../..');

/** The component a route's lazy module gives the router. */
async function componentOf(route: RouteObject): Promise<unknown> {
  if (typeof route.lazy !== 'function') return route.Component;
  const loaded = await route.lazy();
  return loaded.Component;
}

describe('the pages the build lists as preloaded (dist/.vite/preloads.json)', () => {
  const manifest = preloadManifest();
  const routes = createAppRoutes(createQueryClient());

  it('include every prerendered screen, so a painted page never waits for its modules one after another', () => {
    expect(Object.keys(manifest)).toEqual(expect.arrayContaining(Object.keys(prerenderScreens())));
  });

  it.each(Object.keys(manifest))(
    '%s is a page of the app, and each module listed is the one its route loads',
    async (page) => {
      const matches = matchRoutes(routes, page) ?? [];
      const leaf = matches.at(-1)?.route;
      expect(leaf && preloadOf(leaf), `${page} is not a preloaded route of the app`).toBeDefined();
      const declared = matches.flatMap(({ route }) => {
        const preload = preloadOf(route);
        return preload ? [{ route, module: preload.module }] : [];
      });
      expect(declared.map(({ module }) => module)).toEqual(manifest[page]?.modules);
      for (const { route, module } of declared) {
        const file = path.join(webRoot, module);
        expect(existsSync(file), `${module} does not exist`).toBe(true);
        const exported = Object.values((await import(/* @vite-ignore */ file)) as Record<string, unknown>);
        expect(exported, `${page}: its route does not load ${module}`).toContain(await componentOf(route));
      }
    },
  );

  it('refuse a preload on an address with a parameter, which has no one page to preload', () => {
    const routes: RouteObject[] = [{ path: 'events/:eventId', handle: { preload: { module: 'src/x.tsx' } } }];
    expect(() => collectPreloads(routes)).toThrow('/events/:eventId');
  });
});
