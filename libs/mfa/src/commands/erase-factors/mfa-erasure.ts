import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MfaRepository } from '../../repositories/mfa.repository.js';

/** A deleted account's second factors: TOTP secrets, their challenges (with the IPs they record) and recovery codes go. */
@Injectable()
export class MfaErasure {
  constructor(@Inject(MfaRepository) private readonly mfa: MfaRepository) {}

  async eraseIn(em: EntityManager, userId: string): Promise<void> {
    const factors = await this.mfa.factorsOf(em, userId);
    await this.mfa.removeFactors(
      em,
      factors.map((factor) => factor.id),
    );
    await this.mfa.removeRecoveryCodes(em, userId);
  }
}
