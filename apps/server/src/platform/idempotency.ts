import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { idempotencyKeyReusedMessage } from '@portal/domain/problems/messages.ts';
import { unprocessableContent } from './errors.ts';

/** A write sent with an Idempotency-Key: the key, and the fingerprint of what it asked, stored together. */
export interface IdempotentRequest {
  key: string;
  fingerprint: string;
}

/** The headers of a write sent once per key: an Idempotency-Key that is a UUID, or a 400 saying so. */
export const idempotencyKeyHeaders = z.object({
  'idempotency-key': z.uuid('An Idempotency-Key header with a UUID is required.'),
});

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

/** A write done once per Idempotency-Key (writeOncePerKey). */
export interface KeyedWrite<Made extends { idempotencyFingerprint: string | null }, Written, Result> {
  request: IdempotentRequest;
  /** What a request with this key made, when one did. */
  made: () => Promise<Made | undefined>;
  /** The answer to a repeat of that request (its fingerprint already checked: requireSameRequest). */
  replay: (made: Made) => Promise<Result> | Result;
  /** The write, in its own transaction. */
  write: () => Promise<Written>;
  /** What follows the committed write: a failure here is this request's own, not a lost race. */
  answer: (written: Written) => Promise<Result> | Result;
  /**
   * False when the write itself refuses a repeat (it fails on the key's unique index, or finds what it
   * would take already taken): the key is then looked up only after a failure, one query fewer.
   */
  lookFirst?: boolean;
  /** Whether a failure of the write may be a request with the same key that won (default: any failure). */
  mayBeRace?: (error: unknown) => boolean;
}

/**
 * A repeat (a double click, a retry) answers what the first request made; a request with the same key
 * that races this one either commits first (this write then fails on the key's unique index, or on a
 * row the winner changed) and is answered, or loses. Any other failure goes on as it is.
 */
export async function writeOncePerKey<Made extends { idempotencyFingerprint: string | null }, Written, Result>(
  keyed: KeyedWrite<Made, Written, Result>,
): Promise<Result> {
  const replayOf = (made: Made) => {
    requireSameRequest(made.idempotencyFingerprint, keyed.request);
    return keyed.replay(made);
  };
  if (keyed.lookFirst !== false) {
    const earlier = await keyed.made();
    if (earlier) return replayOf(earlier);
  }
  let written: Written;
  try {
    written = await keyed.write();
  } catch (error) {
    const raced = (keyed.mayBeRace?.(error) ?? true) ? await keyed.made() : undefined;
    if (raced) return replayOf(raced);
    throw error;
  }
  return keyed.answer(written);
}
