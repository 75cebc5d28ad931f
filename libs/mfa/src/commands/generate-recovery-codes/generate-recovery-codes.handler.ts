import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { MfaErrors } from '../../mfa.errors.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../domain/recovery-codes.js';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { GenerateRecoveryCodesCommand } from './generate-recovery-codes.command.js';

/** A fresh set of ten single-use codes, replacing any earlier set; shown once, stored hashed. */
@CommandHandler(GenerateRecoveryCodesCommand)
export class GenerateRecoveryCodesHandler implements ICommandHandler<GenerateRecoveryCodesCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ auth }: GenerateRecoveryCodesCommand): Promise<{ codes: string[] }> {
    if (auth.claims.aal !== 'aal2') throw MfaErrors.aal2ForRecoveryCodes();
    const codes = newRecoveryCodes();
    await this.mfa.transaction(async (em) => {
      if (!(await this.mfa.factorsOf(em, auth.user.id)).some((factor) => factor.status === 'verified'))
        throw MfaErrors.noVerifiedFactor();
      await this.mfa.replaceRecoveryCodes(em, auth.user.id, codes.map(hashRecoveryCode), this.clock.now());
    });
    return { codes };
  }
}
