import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

export const nulMessage = 'Remove the invisible NUL character from this text.';

/**
 * The first place in a parsed input (a key or a string value at any depth) that holds a NUL
 * character, as a field path ('search', 'lines.0.code'), or null. PostgreSQL refuses NUL in text and
 * jsonb, so such a value would fail at the database as a 500. Walked with an explicit stack: a body
 * nested thousands deep must not overflow the call stack.
 */
export function findNul(value: unknown): string | null {
  interface Place {
    value: unknown;
    key: string | null;
    parent: Place | null;
  }
  const pathOf = (place: Place): string => {
    const keys: string[] = [];
    for (let at: Place | null = place; at?.key != null; at = at.parent) keys.push(at.key);
    const path = keys.reverse().join('.') || 'body';
    // A field is named for a person to find it; a path thousands of levels deep is cut.
    return path.length > 200 ? `${path.slice(0, 200)}…` : path;
  };
  const pending: Place[] = [{ value, key: null, parent: null }];
  for (let place = pending.pop(); place; place = pending.pop()) {
    if (typeof place.value === 'string') {
      if (place.value.includes('\u0000')) return pathOf(place);
    } else if (typeof place.value === 'object' && place.value !== null && !Buffer.isBuffer(place.value)) {
      for (const [key, child] of Object.entries(place.value as Record<string, unknown>)) {
        const childPlace = { value: child, key, parent: place };
        if (key.includes('\u0000')) return pathOf(childPlace);
        pending.push(childPlace);
      }
    }
  }
  return null;
}

/**
 * Refuses a NUL character in any path parameter, query string or JSON body, for every route present
 * and future, before its schema or handler runs: 400 naming the field. Multipart text fields are read
 * by the handler, which calls findNul on them (core/purchase-order-upload.ts).
 */
export function refuseNulInInput(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every request and has nothing to wait for.
  app.addHook('preValidation', (request, _reply, done) => {
    // Unmatched URLs (a web page's query string, an unknown API path) reach no database.
    if (request.is404) return done();
    for (const part of [request.params, request.query, request.body]) {
      const field = findNul(part);
      if (field !== null) return done(badRequest('Please correct the highlighted fields.', { [field]: nulMessage }));
    }
    done();
  });
}
