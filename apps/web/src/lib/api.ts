import type { Problem } from '@portal/domain/problems/contracts.ts';

/** An answer from the API that was not a success, with its RFC 9457 problem details. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem;
  /** The server's id for the request (x-request-id), which its log carries: what support asks for. */
  readonly requestId: string | null;

  constructor(problem: Problem, requestId: string | null = null) {
    super(problem.detail ?? problem.title);
    this.name = 'ApiError';
    this.status = problem.status;
    this.problem = problem;
    this.requestId = requestId;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  /** JSON, or a FormData sent as multipart/form-data (the browser then sets the content type and boundary). */
  body?: unknown;
  signal?: AbortSignal;
  /** Extra headers of this call (an Idempotency-Key); accept and x-requested-with are always ours. */
  headers?: Record<string, string>;
}

/**
 * Reads a problem body without pulling zod into the first chunk: the shape is the domain's `Problem`,
 * and anything that is not one becomes a problem built from the HTTP status.
 */
async function readProblem(response: Response): Promise<Problem> {
  const fallback: Problem = { title: response.statusText || 'Request failed', status: response.status };
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null) return fallback;
    const { title, detail, errors } = body as Record<string, unknown>;
    return {
      title: typeof title === 'string' ? title : fallback.title,
      status: response.status,
      ...(typeof detail === 'string' ? { detail } : {}),
      ...(isStringRecord(errors) ? { errors } : {}),
    };
  } catch {
    return fallback;
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' && value !== null && Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/**
 * Every call to our API goes through here: same-origin cookies, JSON in and out, and on every
 * mutation the `x-requested-with` header the server's CSRF check asks for.
 */
export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (method !== 'GET') headers['x-requested-with'] = 'portal';
  const hasBody = options.body !== undefined;
  const isForm = options.body instanceof FormData;
  if (hasBody && !isForm) headers['content-type'] = 'application/json';

  const response = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    ...(hasBody ? { body: isForm ? (options.body as FormData) : JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (!response.ok) throw new ApiError(await readProblem(response), response.headers.get('x-request-id'));
  if (response.status === 204 || response.status === 205) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>('GET', path, signal ? { signal } : {}),
  post: <T>(path: string, body?: unknown, headers?: Record<string, string>) =>
    apiRequest<T>('POST', path, { body: body ?? {}, ...(headers ? { headers } : {}) }),
  put: <T>(path: string, body: unknown) => apiRequest<T>('PUT', path, { body }),
  patch: <T>(path: string, body: unknown) => apiRequest<T>('PATCH', path, { body }),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};

/** Builds a query string from the defined, non-empty values. */
export function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
