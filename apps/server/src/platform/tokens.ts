import { hash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or a link; only its hash is stored, so a database leak signs no one in. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

/** SHA-256 in hex; every signed-in request hashes its cookie, so the one-shot hash (no Hash object). */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
