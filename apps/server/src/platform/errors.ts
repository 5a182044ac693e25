import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { genericErrorMessage } from '@portal/domain/problem-message.ts';
import type { Problem } from '@portal/domain/problem.ts';

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

export const badRequest = (detail: string, errors?: Record<string, string>) => new HttpProblem(400, 'Bad Request', detail, errors);
export const unauthorized = (detail = 'Please sign in.') => new HttpProblem(401, 'Unauthorized', detail);
export const forbidden = (detail = 'You do not have access to this.') => new HttpProblem(403, 'Forbidden', detail);
export const notFound = (detail = 'Not found.') => new HttpProblem(404, 'Not Found', detail);
export const conflict = (detail: string, errors?: Record<string, string>) => new HttpProblem(409, 'Conflict', detail, errors);
export const tooManyRequests = (detail: string) => new HttpProblem(429, 'Too Many Requests', detail);

function fieldName(instancePath: string): string {
  return instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
}

function sendProblem(reply: FastifyReply, body: Problem) {
  return reply.status(body.status).type('application/problem+json').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string> = {};
    for (const issue of error.validation) errors[fieldName(issue.instancePath ?? '')] ??= issue.message ?? 'Invalid value';
    return sendProblem(reply, { title: 'Bad Request', status: 400, detail: 'Please correct the highlighted fields.', errors });
  }
  if (error instanceof HttpProblem) {
    return sendProblem(reply, { title: error.title, status: error.status, detail: error.detail, errors: error.errors });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match its schema');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: genericErrorMessage });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return sendProblem(reply, { title: 'Internal Server Error', status: 500, detail: genericErrorMessage });
  }
  // Fastify's own 4xx (bad JSON, body too large, rate limited…) keep their status and message.
  return sendProblem(reply, { title: error.name || 'Bad Request', status, detail: error.message });
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply) {
  return sendProblem(reply, { title: 'Not Found', status: 404, detail: `No route ${request.method} ${request.url.split('?')[0]}` });
}
