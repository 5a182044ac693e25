import type { RouteObject } from 'react-router';
import { createQueryClient } from '../lib/query-client.ts';
import { importedModuleOf, lazyModuleOf, preloadOf } from '../lib/routes.ts';
import { createAppRoutes } from './router.tsx';

/**
 * A page's entry in dist/.vite/preloads.json, which the server reads at start (platform/spa.ts): the
 * modules the router loads for it (its layouts' and its own) and the API reads its first screen makes.
 */
export interface PreloadedPage {
  modules: string[];
  reads: string[];
}

function joinPath(parent: string, path: string | undefined): string {
  if (path === undefined) return parent;
  return parent === '/' ? `/${path}` : `${parent}/${path}`;
}

/** A page the server can match by its address: no catch-all and no optional segment. */
const matchable = (path: string) => !/[*?]/.test(path);

const parametersOf = (path: string) => new Set(path.match(/:\w+/g) ?? []);

/** A page of the app: its address pattern, its own route and the routes above it, outermost first. */
export interface AppPage {
  path: string;
  route: RouteObject;
  above: RouteObject[];
}

/** Every page of the app the server can match by its address: a leaf route that loads a module of its own. */
export function appPages(routes: RouteObject[]): AppPage[] {
  const pages: AppPage[] = [];
  const visit = (route: RouteObject, parent: string, above: RouteObject[]) => {
    const path = joinPath(parent, route.path);
    if (route.children) {
      for (const child of route.children) visit(child, path, [...above, route]);
      return;
    }
    if (lazyModuleOf(route) && matchable(path)) pages.push({ path, route, above });
  };
  for (const route of routes) visit(route, '/', []);
  return pages;
}

/**
 * Every page of the app by its address pattern, with the modules of the layouts above it and the
 * reads they and it declare. A read may only name parameters of the page's own address.
 */
export function collectPreloads(routes: RouteObject[]): Record<string, PreloadedPage> {
  const pages: Record<string, PreloadedPage> = {};
  for (const { path, route, above } of appPages(routes)) {
    const chain = [...above, route];
    const modules = chain.flatMap((each) => {
      const own = lazyModuleOf(each);
      const started = (preloadOf(each)?.modules ?? []).map((load) => {
        const module = importedModuleOf(load);
        if (!module) throw new Error(`${path}: a preloaded module's function imports no module`);
        return module;
      });
      return own ? [own, ...started] : started;
    });
    const reads = chain.flatMap((each) => preloadOf(each)?.reads ?? []);
    const parameters = parametersOf(path);
    for (const read of reads) {
      for (const name of read.match(/:\w+/g) ?? []) {
        if (!parameters.has(name)) throw new Error(`${path}: the read ${read} names ${name}, not in the address`);
      }
    }
    pages[path] = { modules, reads };
  }
  return pages;
}

/** The app's pages, for the build to write (vite.config.ts). */
export function preloadManifest(): Record<string, PreloadedPage> {
  return collectPreloads(createAppRoutes(createQueryClient()));
}
