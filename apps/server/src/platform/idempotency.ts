import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { unprocessableContent } from './errors.ts';

/** A write sent with an Idempotency-Key: the key, and the fingerprint of what it asked, stored together. */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** Object keys in one order, and a file as its digest: the same request sent again gives the same text. */
function canonical(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return { sha256: sha256(value) };
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([name, entry]) => [name, canonical(entry)]),
    );
  }
  return value;
}

/**
 * The key of a request and a digest of everything it asks: its method and route, the ids in its path
 * and its content (the parsed body, or an upload's fields and files). The same key on another route,
 * for another resource or with another body is another request.
 */
export function idempotentRequest(request: FastifyRequest, key: string, content: unknown): IdempotentRequest {
  const asked = [request.method, request.routeOptions.url, canonical(request.params), canonical(content)];
  return { key, fingerprint: sha256(JSON.stringify(asked)) };
}

/** The answer to a key sent with another request than its first (422). */
export const keyUsedForAnotherRequest = () => unprocessableContent(idempotencyKeyReusedMessage);

/**
 * A repeat of the first request (a double click, a retry, a retry after a restart) is answered as the
 * first one was; another request with its key is refused (422) rather than answered with the first
 * one's result. A result stored before fingerprints were kept (null) is taken for the same request.
 */
export function requireSameRequest(storedFingerprint: string | null, request: IdempotentRequest): void {
  if (storedFingerprint !== null && storedFingerprint !== request.fingerprint) throw keyUsedForAnotherRequest();
}
