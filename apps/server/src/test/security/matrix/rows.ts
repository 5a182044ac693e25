import { callerNames, type CallerName, type World } from '../fixtures.ts';

/** What one cell sends: the URL's parameters, a query string, a body (JSON, or raw with its content type) and headers. */
export interface CellInput {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One route's row: how to call it as a given caller, and the status each caller must get. `input` runs
 * once per cell, so a route that consumes its object (pays, deletes, accepts) gets a fresh one.
 */
export interface Row {
  /** Why the row expects what it does, where the table alone would not say (public routes must). */
  why?: string;
  input?: (w: World, who: CallerName) => CellInput | Promise<CellInput>;
  /** Not checked for other people's ids in its answers: it says why in `why`. */
  mayShowAnything?: boolean;
  expect: Record<CallerName, number>;
}

/** Keyed 'METHOD /api/path/:param', exactly as the route table names the route. */
export type Rows = Record<string, Row>;

const every = (status: number) =>
  Object.fromEntries(callerNames.map((name) => [name, status])) as Record<CallerName, number>;

/** Everyone, signed in or not, gets the same answer. */
export const anyone = (status: number) => every(status);

/** Every signed-in caller is answered about their own data; the anonymous caller is asked to sign in. */
export const signedIn = (ok: number) => ({ ...every(ok), anonymous: 401 });

/** Staff in their own session only: a member is refused, and so is staff viewing as a member. */
export const staffOnly = (ok: number) => ({ ...every(403), anonymous: 401, staff: ok });

/** An OWNER or ADMIN of school A; anyone else, staff included, is told school A does not exist. */
export const managersOfA = (ok: number) => ({ ...every(404), anonymous: 401, admin: ok, owner: ok });

/** What only school A's OWNER may do: its ADMIN is refused (403), anyone else does not see the school. */
export const ownerOfA = (ok: number) => ({ ...managersOfA(ok), admin: 403 });

/** An object of school A's member (their application, cart line, affiliation): theirs, and staff viewing as them. */
export const memberOfA = (ok: number) => ({ ...every(404), anonymous: 401, member: ok, staffAsMember: ok });

/**
 * The routes of the route table that have no row, and the rows that name no route. Fastify answers HEAD
 * with the GET handler, so a GET row covers its HEAD twin (and the matrix asserts its cells for both).
 */
export function matrixCoverage(routeKeys: Iterable<string>, rows: Rows): { missing: string[]; stale: string[] } {
  const routes = new Set(routeKeys);
  const coveredByGet = (key: string) =>
    key.startsWith('HEAD ') &&
    routes.has(key.replace(/^HEAD /, 'GET ')) &&
    rows[key.replace(/^HEAD /, 'GET ')] !== undefined;
  return {
    missing: [...routes].filter((key) => rows[key] === undefined && !coveredByGet(key)),
    stale: Object.keys(rows).filter((key) => !routes.has(key)),
  };
}
