import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id is an ambient const enum, which verbatimModuleSyntax cannot import.
const argon2id = 2;
// OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane.
const options = { algorithm: argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  // Hash anyway when there is no account, so the answer takes as long either way.
  if (!passwordHash) {
    await hash(password, options);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
