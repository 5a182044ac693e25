import { existsSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client.ts';
import { lazyModuleOf, preloadOf } from '../lib/routes.ts';
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

describe('the pages the build lists with their modules and reads (dist/.vite/preloads.json)', () => {
  const manifest = preloadManifest();
  const routes = createAppRoutes(createQueryClient());
  const pages = Object.keys(manifest);

  // Rendering the screens loads every members page's module: seconds when the machine is busy.
  it('include every prerendered screen, so a painted page never waits for its modules one after another', async () => {
    expect(pages).toEqual(expect.arrayContaining(Object.keys(await prerenderScreens())));
  }, 120_000);

  it('include every page a member and staff open, by its address pattern', () => {
    expect(pages).toEqual(
      expect.arrayContaining([
        '/auth/login',
        '/members/profile',
        '/members/manage-events',
        '/members/events/:eventId',
        '/admin/events/:eventId/attendance',
      ]),
    );
    expect(pages.filter((page) => page.includes('*'))).toEqual([]);
  });

  it.each(pages)('%s is a page of the app, and each module listed is the one its route loads', async (page) => {
    const matches = matchRoutes(routes, page.replace(/:\w+/g, 'x1')) ?? [];
    const loading = matches.filter(({ route }) => lazyModuleOf(route));
    const started = matches.flatMap(({ route }) => preloadOf(route)?.modules ?? []);
    expect(loading.map(({ route }) => lazyModuleOf(route))).toEqual(
      manifest[page]?.modules.slice(0, manifest[page].modules.length - started.length),
    );
    for (const { route } of loading) {
      const module = lazyModuleOf(route) ?? '';
      const file = path.join(webRoot, module);
      expect(existsSync(file), `${module} does not exist`).toBe(true);
      const exported = Object.values((await import(/* @vite-ignore */ file)) as Record<string, unknown>);
      expect(exported, `${page}: its route does not load ${module}`).toContain(await componentOf(route));
    }
  });

  it("name the modules a page's loader starts with its own, each an existing file", () => {
    expect(manifest['/members/manage-events']?.modules).toEqual([
      'src/app/members-layout.tsx',
      'src/features/event-payments/pages/manage-events-page.tsx',
      'src/features/event-payments/components/manage-events-rest.tsx',
    ]);
    for (const module of Object.values(manifest).flatMap((page) => page.modules))
      expect(existsSync(path.join(webRoot, module)), `${module} does not exist`).toBe(true);
  });

  it('give a page the reads of its layouts and its own', () => {
    expect(manifest['/members/profile']?.reads).toEqual([
      '/api/cart',
      '/api/profile',
      '/api/lookups',
      '/api/affiliations',
      '/api/certificates',
    ]);
  });

  it('refuse a read naming a parameter its address does not have', () => {
    const lazy = () => import('./members-layout.tsx').then((m) => ({ Component: m.MembersLayout }));
    const routes: RouteObject[] = [
      { path: 'events/:eventId', lazy, handle: { preload: { reads: ['/api/events/:eventId/sections/:sectionId'] } } },
    ];
    expect(() => collectPreloads(routes)).toThrow(
      '/events/:eventId: the read /api/events/:eventId/sections/:sectionId',
    );
  });
});
