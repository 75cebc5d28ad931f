import { createHash, timingSafeEqual } from 'node:crypto';

export type CodeChallengeMethod = 's256' | 'plain';

export interface CodeChallenge {
  challenge: string;
  method: CodeChallengeMethod;
}

/** RFC 7636 §4.1: 43-128 characters of the unreserved set. */
const CHALLENGE_PATTERN = /^[A-Za-z0-9._~-]{43,128}$/;

export type PkceProblem = 'incomplete' | 'bad_challenge' | 'bad_method';

/**
 * Reads the optional `code_challenge` / `code_challenge_method` pair of signup, recover and resend:
 * null when neither is sent (implicit flow), a problem when only one is or either is malformed.
 */
export function parseCodeChallenge(challenge: unknown, method: unknown): CodeChallenge | PkceProblem | null {
  const hasChallenge = challenge !== undefined && challenge !== null && challenge !== '';
  const hasMethod = method !== undefined && method !== null && method !== '';
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod) return 'incomplete';
  if (typeof challenge !== 'string' || !CHALLENGE_PATTERN.test(challenge)) return 'bad_challenge';
  const normalized = typeof method === 'string' ? method.toLowerCase() : '';
  if (normalized !== 's256' && normalized !== 'plain') return 'bad_method';
  return { challenge, method: normalized };
}

/** Whether `verifier` answers the stored challenge (S256: base64url(SHA-256(verifier)) without padding). */
export function verifierMatches({ challenge, method }: CodeChallenge, verifier: string): boolean {
  const derived = method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(derived);
  const b = Buffer.from(challenge);
  return a.length === b.length && timingSafeEqual(a, b);
}
