import type { EntityManager } from '@mikro-orm/postgresql';
import type { MfaRepository } from '../../repositories/mfa.repository.js';

/** Deletes factors; when no verified factor is left, the recovery codes go too. Returns whether 2FA was switched off. */
export async function removeFactors(
  mfa: MfaRepository,
  em: EntityManager,
  userId: string,
  factorIds: readonly string[],
): Promise<boolean> {
  const verified = async () => (await mfa.factorsOf(em, userId)).some((factor) => factor.status === 'verified');
  const hadVerified = await verified();
  await mfa.removeFactors(em, factorIds);
  const stillVerified = await verified();
  if (!stillVerified) await mfa.removeRecoveryCodes(em, userId);
  return hadVerified && !stillVerified;
}
