import { randomBytes } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Webhook } from 'standardwebhooks';

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
    super(
      `${host} is not a public address: private, loopback or link-local, reserved, or an IPv4 address carried in IPv6`,
    );
  }
}

/** IANA's global unicast block: IPv6 outside it is reserved or unallocated. */
const globalUnicastV6 = ipaddr.IPv6.parse('2000::');

/**
 * Whether production may post to the address (SSRF): global unicast only, as ipaddr.js classifies it from the
 * IANA special-purpose registries. Refused besides the private, loopback, link-local and multicast ranges: the
 * reserved, benchmarking (198.18.0.0/15), protocol-assignment (192.0.0.0/24) and documentation ranges, and every
 * IPv6 form that carries an IPv4 address to another network — NAT64 (64:ff9b::/96), 6to4 (2002::/16), Teredo,
 * IPv4-translated (::ffff:0:0:0/96), IPv4-compatible (::/96) — whatever IPv4 address it carries. An IPv4-mapped
 * address (::ffff:a.b.c.d) is that IPv4 address on this host's own stack, so it is judged as one. A string that
 * is no address is refused: the caller refuses what it cannot read.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = ipaddr.IPv6.parse(parsed.toString());
  return v6.range() === 'unicast' && v6.match(globalUnicastV6, 3);
}

/**
 * A DNS lookup that refuses every address that is not public (isPublicAddress): given to the request itself, so
 * the address checked is the address connected to (no second resolution an attacker's DNS could answer differently).
 */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address));
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
      resolve(addresses.every((entry) => isPublicAddress(entry.address)));
    });
  });
}

export interface SignedPost {
  url: string;
  /** Each one signs: the current secret, and the one it replaced while both are accepted. */
  secrets: [string, ...string[]];
  messageId: string;
  body: string;
  /** Production posts to public addresses only (isPublicAddress), resolved at connection time. */
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
  if (post.publicOnly && isIP(host) && !isPublicAddress(host)) {
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
