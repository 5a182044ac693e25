import { randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { isPrivateAddress } from '@portal/domain/staff/webhooks.ts';

/**
 * Signed HTTP posts following the Standard Webhooks specification (webhook-id, webhook-timestamp,
 * webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">), signed by the standardwebhooks
 * package. Several secrets give several signatures, space-separated, as the specification allows: a
 * receiver accepts the post when any one verifies. What is posted and to whom is the caller's business.
 */

/** A new signing secret: "whsec_" and 32 random bytes in base64, as the specification defines. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export class PrivateAddressError extends Error {
  constructor(host: string) {
    super(`${host} resolves to a private, loopback or link-local address`);
  }
}

/**
 * A DNS lookup that refuses private addresses: given to the request itself, so the address checked is
 * the address connected to (no second resolution an attacker's DNS could answer differently).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address));
    if (refused) return callback(new PrivateAddressError(hostname), '', 0);
    if (options.all) return callback(null, addresses);
    const first = addresses[0]!;
    return callback(null, first.address, first.family);
  });
};

/** Resolves a host name and says whether every address it has is public (false when it has none). */
export async function resolvesToPublicAddresses(hostname: string): Promise<boolean | 'unresolvable'> {
  const host = hostname.replace(/^\[|\]$/g, '');
  return new Promise((resolve) => {
    dnsLookup(host, { all: true }, (error, addresses) => {
      if (error || addresses.length === 0) return resolve('unresolvable');
      resolve(addresses.every((entry) => !isPrivateAddress(entry.address)));
    });
  });
}

export interface SignedPost {
  url: string;
  /** Each one signs: the current secret, and the one it replaced while both are accepted. */
  secrets: [string, ...string[]];
  messageId: string;
  body: string;
  /** Production refuses private addresses, resolved at connection time. */
  publicOnly: boolean;
  timeoutMs?: number;
}

export interface PostOutcome {
  statusCode: number | null;
  durationMs: number;
  /** The answer's first kilobyte. */
  responseExcerpt: string | null;
  error: string | null;
  ok: boolean;
}

export const responseExcerptBytes = 1024;

/**
 * Posts one signed message and reports how it went; never throws. The timestamp is the wall clock's,
 * not the business clock's: receivers check it against their own clock to refuse replays. Redirects
 * are not followed (a redirect could lead to a private address).
 */
export async function postSigned(post: SignedPost): Promise<PostOutcome> {
  const started = performance.now();
  const timestamp = new Date();
  const signature = post.secrets
    .map((secret) => new Webhook(secret).sign(post.messageId, timestamp, post.body))
    .join(' ');
  const url = new URL(post.url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // A literal address is connected to without a lookup, so it is checked here.
  if (post.publicOnly && isIP(host) && isPrivateAddress(host)) {
    return {
      statusCode: null,
      durationMs: 0,
      responseExcerpt: null,
      error: new PrivateAddressError(host).message,
      ok: false,
    };
  }
  const client = url.protocol === 'https:' ? https : http;
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise<PostOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(post.body),
          'user-agent': 'members-portal-webhooks',
          'webhook-id': post.messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        timeout: post.timeoutMs ?? 10_000,
        ...(post.publicOnly ? { lookup: publicOnlyLookup } : {}),
      },
      (response) => {
        const statusCode = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < responseExcerptBytes) chunks.push(chunk.subarray(0, responseExcerptBytes - kept));
          kept += chunk.length;
        });
        response.on('end', () => {
          resolve({
            statusCode,
            durationMs: elapsed(),
            responseExcerpt: Buffer.concat(chunks).toString('utf8') || null,
            error: null,
            ok: statusCode >= 200 && statusCode < 300,
          });
        });
        response.on('error', (error) =>
          resolve({ statusCode, durationMs: elapsed(), responseExcerpt: null, error: error.message, ok: false }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error(`No answer within ${post.timeoutMs ?? 10_000} ms`)));
    request.on('error', (error) =>
      resolve({ statusCode: null, durationMs: elapsed(), responseExcerpt: null, error: error.message, ok: false }),
    );
    request.end(post.body);
  });
}
