import { randomBytes } from 'node:crypto';

export type IdPrefix = 'cs' | 'pay' | 'pm' | 'tok' | 're' | 'dp' | 'evt' | 'ci' | 'auth';

/** Opaque ids with a readable prefix, e.g. cs_3f9a…: 96 random bits each. */
export function newId(prefix: IdPrefix): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}
