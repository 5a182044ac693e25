import { vi } from 'vitest';

/** Web component tests may stub the network (never our server's own tests): one handler per call. */
type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function problemResponse(
  status: number,
  title: string,
  extra: { detail?: string; errors?: Record<string, string> } = {},
) {
  return new Response(JSON.stringify({ title, status, ...extra }), {
    status,
    headers: { 'content-type': 'application/problem+json' },
  });
}

/** Stubs `fetch` with handlers keyed "METHOD /path"; anything else answers 404. */
export function stubFetch(routes: Record<string, Handler>): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(href, 'http://localhost');
      const method = init.method ?? 'GET';
      // JSON bodies parsed; a multipart body stays the FormData the page built.
      const body: unknown =
        typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined;
      calls.push({
        method,
        path: url.pathname + url.search,
        body,
        headers: { ...(init.headers as Record<string, string>) },
      });
      const handler = routes[`${method} ${url.pathname}`];
      return handler ? handler(body, url) : problemResponse(404, 'Not Found');
    }),
  );
  return calls;
}
