import { Inject, Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FactorRepository } from '../../repositories/factor.repository.js';
import { RecoveryCodeRepository } from '../../repositories/recovery-code.repository.js';

/** A deleted account's second factors: TOTP secrets, their challenges (with the IPs they record) and recovery codes go. */
@Injectable()
export class MfaErasure {
  constructor(
    @Inject(FactorRepository) private readonly factors: FactorRepository,
    @Inject(RecoveryCodeRepository) private readonly recoveryCodes: RecoveryCodeRepository,
  ) {}

  async eraseIn(em: EntityManager, userId: string): Promise<void> {
    await this.factors.eraseUser(em, userId);
    await this.recoveryCodes.eraseUser(em, userId);
  }
}
