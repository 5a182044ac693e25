import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const requestIdHeader = 'x-request-id';

/** Letters, digits, dots, dashes and underscores, as proxies make them; anything else is not trusted into the logs. */
const saneRequestId = /^[A-Za-z0-9._-]{1,128}$/;

/** The id of a request: the proxy's `x-request-id` when it is sane, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[requestIdHeader];
  return typeof given === 'string' && saneRequestId.test(given) ? given : randomUUID();
}
