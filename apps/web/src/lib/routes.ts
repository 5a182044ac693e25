import type { QueryClient } from '@tanstack/react-query';
import { redirect, type RouteObject } from 'react-router';

/**
 * Where a feature's pages hang in the app's route tree. Each feature declares its own in
 * `features/<name>/routes.tsx`; `app/router.tsx` only puts each group under its frame and guard.
 */
export interface FeatureRoutes {
  /** Under the root, open to anyone: /auth/…, /verify/…, /dev/…. */
  public?: RouteObject[];
  /** Under /members, open without signing in (links that arrive by mail). */
  membersOpen?: RouteObject[];
  /** Under /members, in the members' frame, for signed-in visitors (the members guard runs first). */
  members?: RouteObject[];
  /** Under /admin, in the staff console, for staff (the staff guard runs first). */
  admin?: RouteObject[];
}

export type FeatureRouteFactory = (queryClient: QueryClient) => FeatureRoutes;

/** A route that only sends the visitor on (its loader redirects before anything renders). */
export function redirectTo(path: string): Pick<RouteObject, 'loader' | 'Component'> {
  return { loader: () => redirect(path), Component: () => null };
}

/**
 * The API reads a page's first screen makes, for its index.html to name as preloads so the browser
 * fetches them with the entry script. A read may name the page address's parameters (`:eventId`);
 * the server fills them in from the address asked for. Declared on a layout, they come with every page
 * under it. The build collects them into dist/.vite/preloads.json (app/preloads.ts).
 */
export interface PagePreload {
  reads?: string[];
  /**
   * Modules the page's loader starts loading besides its route's own (a chunk for what is below its first screen),
   * as the functions that import them: its index.html names them as modulepreloads too, started one a task after the
   * first paint, instead of Vite's loader writing a link for each of their chunks in the one task that asks for them.
   */
  modules?: (() => Promise<unknown>)[];
  /**
   * 'loader': the build prerenders the page as the frame with a loader, not as the page itself, since what it
   * draws first depends on the address's values (a wizard's step), which the build does not know.
   */
  firstScreen?: 'loader';
}

interface PreloadHandle {
  preload: PagePreload;
}

/** The `handle` of a route whose page (or, on a layout, every page under it) reads these first. */
export function preloaded(preload: PagePreload): { handle: PreloadHandle } {
  return { handle: { preload } };
}

/** A route's preload, if it declares one (React Router types `handle` as any value). */
export function preloadOf(route: RouteObject): PagePreload | undefined {
  const handle: unknown = route.handle;
  if (typeof handle !== 'object' || handle === null || !('preload' in handle)) return undefined;
  return (handle as PreloadHandle).preload;
}

/**
 * The module a lazy route loads, as a path under apps/web (the key of Vite's manifest). The build
 * reads the routes through Vite's SSR loader, which writes each `import('./pages/x.tsx')` as a call
 * naming the file from the app's root; so every route's module is known without being declared twice.
 */
export function lazyModuleOf(route: RouteObject): string | undefined {
  if (typeof route.lazy !== 'function') return undefined;
  return importedModuleOf(route.lazy);
}

/** The module a function imports (`() => import('./x.tsx')`), read the same way as lazyModuleOf. */
export function importedModuleOf(load: () => unknown): string | undefined {
  return /__vite_ssr_dynamic_import__\("\/([^"]+)"/.exec(load.toString())?.[1];
}
