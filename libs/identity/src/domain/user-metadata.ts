import { IdentityErrors } from '../identity.errors.js';

/** The SPEC §3 consent record in user_metadata: written by the server from the sign-up, never by a client edit. */
export const CONSENT_KEYS = [
  'marketing_consent',
  'terms_accepted',
  'terms_version',
  'privacy_version',
  'marketing_version',
  'consent_timestamp',
] as const;

/** Bounds on client-written user_metadata, which rides in every access token. */
export const METADATA_MAX_BYTES = 4096;
export const METADATA_MAX_DEPTH = 5;

/** Keys only the server writes: the SPEC §3 consent record, and the identity fields user JSON derives. */
const SERVER_KEYS = new Set<string>([...CONSENT_KEYS, 'email', 'email_verified', 'phone_verified', 'sub']);

export type MetadataProblem = 'not_object' | 'too_deep' | 'too_large';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Nesting depth of a JSON value (a scalar is 0, `{}` is 1), counting no further than `limit + 1`. */
export function jsonDepth(value: unknown, limit = METADATA_MAX_DEPTH): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit < 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) deepest = Math.max(deepest, jsonDepth(child, limit - 1));
  return 1 + deepest;
}

/** Why `metadata` may not be stored, or null when it may (any JSON object within the bounds). */
export function metadataProblem(metadata: unknown): MetadataProblem | null {
  if (!isPlainObject(metadata)) return 'not_object';
  if (jsonDepth(metadata) > METADATA_MAX_DEPTH) return 'too_deep';
  if (Buffer.byteLength(JSON.stringify(metadata)) > METADATA_MAX_BYTES) return 'too_large';
  return null;
}

/** The client's own keys, minus those the server writes; values are kept exactly as sent (no coercion). */
export function clientMetadata(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !SERVER_KEYS.has(key)));
}

/** GoTrue's `PUT /user` merge: each sent key is set, a null removes it; server keys are left alone. */
export function mergeMetadata(
  existing: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  // A Map, then fromEntries: assigning a "__proto__" key would set the prototype instead.
  const merged = new Map(Object.entries(existing));
  for (const [key, value] of Object.entries(clientMetadata(patch))) {
    if (value === null) merged.delete(key);
    else merged.set(key, value);
  }
  return Object.fromEntries(merged);
}

/** Throws the contract-style 400 when `metadata` breaks a bound. */
export function assertStorableMetadata(metadata: unknown): asserts metadata is Record<string, unknown> {
  const problem = metadataProblem(metadata);
  if (problem === 'not_object') throw IdentityErrors.metadataNotObject();
  if (problem === 'too_deep') throw IdentityErrors.metadataTooDeep(METADATA_MAX_DEPTH);
  if (problem === 'too_large') throw IdentityErrors.metadataTooLarge(METADATA_MAX_BYTES);
}
