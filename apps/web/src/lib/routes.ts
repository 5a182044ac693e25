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
 * What a page's index.html names for the browser to fetch with the entry script: the module the
 * router loads for the route (a path under apps/web, as in Vite's manifest) and the API reads its
 * first screen makes. The build collects them into dist/.vite/preloads.json (app/preloads.ts) and the
 * server writes them into that page's HTML; a layout's module comes with every page under it.
 */
export interface PagePreload {
  module: string;
  reads?: string[];
}

interface PreloadHandle {
  preload: PagePreload;
}

/** The `handle` of a route whose page (or, on a layout, every page under it) is preloaded. */
export function preloaded(preload: PagePreload): { handle: PreloadHandle } {
  return { handle: { preload } };
}

/** A route's preload, if it declares one (React Router types `handle` as any value). */
export function preloadOf(route: RouteObject): PagePreload | undefined {
  const handle: unknown = route.handle;
  if (typeof handle !== 'object' || handle === null || !('preload' in handle)) return undefined;
  return (handle as PreloadHandle).preload;
}
