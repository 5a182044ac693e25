import type { RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { preloadOf } from '../lib/routes.ts';
import { createAppRoutes } from './router.tsx';

/** A preloaded page's entry in dist/.vite/preloads.json, which the server reads at start (platform/spa.ts). */
export interface PreloadedPage {
  modules: string[];
  reads: string[];
}

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  return parent === '/' ? `/${path}` : `${parent}/${path}`;
}

/**
 * Every page whose route declares a preload, by its address, with the modules of the layouts above it.
 * A page with a parameter in its address has no one address to preload, so declaring one is an error.
 */
export function collectPreloads(routes: RouteObject[]): Record<string, PreloadedPage> {
  const pages: Record<string, PreloadedPage> = {};
  const visit = (route: RouteObject, parent: string, modules: string[]) => {
    const path = joinPath(parent, route.path);
    const preload = preloadOf(route);
    const withOwn = preload ? [...modules, preload.module] : modules;
    if (route.children) {
      for (const child of route.children) visit(child, path, withOwn);
      return;
    }
    if (!preload) return;
    if (/[:*]/.test(path)) throw new Error(`${path}: a page with a parameter in its address cannot be preloaded`);
    pages[path] = { modules: withOwn, reads: preload.reads ?? [] };
  };
  for (const route of routes) visit(route, '/', []);
  return pages;
}

/** The app's preloaded pages, for the build to write (vite.config.ts). */
export function preloadManifest(): Record<string, PreloadedPage> {
  return collectPreloads(createAppRoutes(createQueryClient()));
}
