import type { EntityManager } from '@mikro-orm/postgresql';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { RecoveryCode } from '../../entities/recovery-code.entity.js';

/** Deletes factors; when no verified factor is left, the recovery codes go too. Returns whether 2FA was switched off. */
export async function removeFactors(em: EntityManager, userId: string, factors: MfaFactor[]): Promise<boolean> {
  const hadVerified = (await em.count(MfaFactor, { userId, status: 'verified' })) > 0;
  for (const factor of factors) em.remove(factor);
  await em.flush();
  const stillVerified = (await em.count(MfaFactor, { userId, status: 'verified' })) > 0;
  if (!stillVerified) await em.nativeDelete(RecoveryCode, { userId });
  return hadVerified && !stillVerified;
}
