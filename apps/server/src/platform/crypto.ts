import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Field encryption for sensitive values (date of birth, last four SSN digits): AES-256-GCM with the
 * key from ENCRYPTION_KEY, stored as "v1.<iv>.<tag>.<ciphertext>" in base64url.
 */
export function encryptField(key: Buffer, plaintext: string | null): string | null {
  if (plaintext === null) return null;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decryptField(key: Buffer, stored: string | null): string | null {
  if (stored === null) return null;
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('Unreadable encrypted field');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A key of its own for one purpose (HKDF-SHA256 over the master key), so a key used to sign one kind
 * of value never also decrypts or signs another.
 */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), purpose, 32));
}

/** HMAC-SHA256 of a text, cut to `length` bytes. */
export function signText(key: Buffer, text: string, length = 32): Buffer {
  return createHmac('sha256', key).update(text, 'utf8').digest().subarray(0, length);
}

/** Constant-time comparison, so a forger learns nothing from how long a refusal takes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
