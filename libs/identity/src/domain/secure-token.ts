import { createHash, randomBytes } from 'node:crypto';

/** A URL-safe random token and the hash we keep of it. */
export function newSecureToken(bytes = 32): { token: string; hash: string } {
  const token = randomBytes(bytes).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
