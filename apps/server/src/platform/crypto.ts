import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

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
