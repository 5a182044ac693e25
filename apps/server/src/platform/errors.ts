import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { genericErrorMessage, temporarilyUnavailableMessage } from '@portal/domain/problems/messages.ts';
import type { Problem } from '@portal/domain/problems/contracts.ts';
import { outageOf } from './outages.ts';

/** An error the caller can act on, answered as RFC 9457 problem+json. */
export class HttpProblem extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(detail ?? title);
  }
}

export const badRequest = (detail: string, errors?: Record<string, string>) =>
  new HttpProblem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'Please sign in.') => new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You do not have access to this.') => new HttpProblem(403, 'Forbidden', detail);
export const notFound = (detail = 'Not found.') => new HttpProblem(404, 'Not Found', detail);
export const conflict = (detail: string, errors?: Record<string, string>) =>
  new HttpProblem(409, 'Conflict', detail, errors);
export const contentTooLarge = (detail: string) => new HttpProblem(413, 'Content Too Large', detail);
export const formFieldTooLarge = 'A form field is too long.';

/** A refusal that passes (a limit, a dependency down): answered with Retry-After, the seconds to wait. */
export class TryLater extends HttpProblem {
  constructor(
    status: 429 | 503,
    detail: string,
    readonly retryAfterSeconds: number,
  ) {
    super(status, statusTitle(status), detail);
  }
}

export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new TryLater(429, detail, retryAfterSeconds);
export const unprocessableContent = (detail: string) => new HttpProblem(422, 'Unprocessable Content', detail);

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

function sendProblem(reply: FastifyReply, body: Problem) {
  return reply.status(body.status).type('application/problem+json').send(body);
}

const statusTitle = (status: number) => STATUS_CODES[status] ?? 'Error';

/**
 * Clear words for the errors Fastify and its plugins raise before a route runs; their own messages
 * ('reach fields limit', "'…' is exceeding the max param length") are written for developers.
 */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here. Send JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request length does not match its body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request says it is JSON but has no body.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_BAD_URL: 'The address is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
  FST_ERR_ASYNC_CONSTRAINT: 'The request could not be routed.',
  FST_PARTS_LIMIT: 'The form has too many parts.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PROTO_VIOLATION: 'A form field has a name that is not allowed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Send this form as multipart/form-data.',
  FST_INVALID_JSON_FIELD_ERROR: 'A form field declared as JSON is not valid JSON.',
  FST_MP_PREMATURE_CLOSE: 'The form ended before it was complete.',
};

function frameworkDetail(error: FastifyError, status: number): string {
  const known = error.code ? frameworkMessages[error.code] : undefined;
  if (known) return known;
  // secure-json-parse and JSON.parse throw a SyntaxError that Fastify marks 400.
  if (error instanceof SyntaxError) return frameworkMessages.FST_ERR_CTP_INVALID_JSON_BODY ?? statusTitle(status);
  return error.message || statusTitle(status);
}

/**
 * busboy (under @fastify/multipart) reports a form it cannot parse with a plain Error and no status:
 * no boundary, an empty or over-long one, or a body cut off midway. Those are the caller's bad input.
 */
const malformedMultipart = [
  /^Multipart: Boundary not found$/,
  /^Unexpected end of multipart data$/,
  /terminated early due to unexpected end of multipart data$/,
  /^The needle cannot (be an empty|have a length bigger)/,
];

/** How long a client should wait after an outage answer: a failover or restart takes seconds. */
const outageRetryAfterSeconds = 5;
const outageLogIntervalMs = 10_000;
const outages = new Map<string, { count: number; since: number }>();

/**
 * One log entry per distinct outage reason per interval, with how many requests it refused since the
 * last entry: an outage under load would otherwise write one error (with its SQL) per request.
 */
function logOutage(request: FastifyRequest, reason: string): void {
  const now = Date.now();
  const seen = outages.get(reason);
  if (seen && now - seen.since < outageLogIntervalMs) {
    seen.count += 1;
    return;
  }
  outages.set(reason, { count: 0, since: now });
  request.log.error({ reason, refusedSinceLastEntry: seen?.count ?? 0 }, 'dependency unavailable: answered 503');
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation)
      errors[fieldName(issue.instancePath ?? '')] ??= issue.message ?? 'Invalid value';
    return sendProblem(reply, {
      title: 'Bad Request',
      status: 400,
      detail: 'Please correct the highlighted fields.',
      errors,
    });
  }
  if (error instanceof HttpProblem) {
    // At least a second: "0" would invite the client to retry at once, into the same refusal.
    if (error instanceof TryLater) reply.header('Retry-After', String(Math.max(1, Math.ceil(error.retryAfterSeconds))));
    return sendProblem(reply, {
      title: error.title,
      status: error.status,
      detail: error.detail ?? error.title,
      errors: error.errors,
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: genericErrorMessage });
  }
  if (error.statusCode === undefined && malformedMultipart.some((pattern) => pattern.test(error.message))) {
    return sendProblem(reply, {
      title: 'Bad Request',
      status: 400,
      detail: 'The form is incomplete or malformed. Please send it again.',
    });
  }
  const status =
    typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
  const unavailable = status >= 500 ? outageOf(error) : null;
  if (unavailable) {
    logOutage(request, unavailable.reason);
    reply.header('Retry-After', String(outageRetryAfterSeconds));
    return sendProblem(reply, { title: statusTitle(503), status: 503, detail: temporarilyUnavailableMessage });
  }
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: genericErrorMessage });
  }
  // Fastify's and its plugins' own 4xx (bad JSON, body too large, multipart limits…) keep their status.
  return sendProblem(reply, { title: statusTitle(status), status, detail: frameworkDetail(error, status) });
}

/** Fastify's `frameworkErrors`: a URL the router cannot take (414 for a too-long path parameter, 400 for bad escapes). */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  void sendProblem(reply, { title: statusTitle(status), status, detail: frameworkDetail(error, status) });
}

/**
 * Fastify's `clientErrorHandler`: the HTTP parser refused the request before Fastify saw it (headers
 * or URL over Node's size limit: 431; a malformed request line: 400; a slow client: 408). Only the
 * socket is left, so the answer is written by hand, in the same problem+json shape.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const detail =
    status === 431
      ? 'The request headers or address are too large.'
      : status === 408
        ? 'The request took too long to arrive.'
        : 'The request is malformed.';
  const body = JSON.stringify({ title: statusTitle(status), status, detail } satisfies Problem);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${statusTitle(status)}\r\nContent-Type: application/problem+json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, {
    title: 'Not Found',
    status: 404,
    detail: `No route ${request.method} ${request.url.split('?')[0]}`,
  });
}
