import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { RecoveryCode } from '../../entities/recovery-code.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { hashRecoveryCode, newRecoveryCodes } from '../../domain/recovery-codes.js';
import { GenerateRecoveryCodesCommand } from './generate-recovery-codes.command.js';

/** A fresh set of ten single-use codes, replacing any earlier set; shown once, stored hashed. */
@CommandHandler(GenerateRecoveryCodesCommand)
export class GenerateRecoveryCodesHandler implements ICommandHandler<GenerateRecoveryCodesCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ auth }: GenerateRecoveryCodesCommand): Promise<{ codes: string[] }> {
    if (auth.claims.aal !== 'aal2') throw MfaErrors.aal2ForRecoveryCodes();
    const codes = newRecoveryCodes();
    await this.orm.em.fork().transactional(async (em) => {
      if ((await em.count(MfaFactor, { userId: auth.user.id, status: 'verified' })) === 0)
        throw MfaErrors.noVerifiedFactor();
      await em.nativeDelete(RecoveryCode, { userId: auth.user.id });
      const now = this.clock.now();
      for (const code of codes)
        em.persist(
          em.create(RecoveryCode, { userId: auth.user.id, codeHash: hashRecoveryCode(code), createdAt: now } as never),
        );
    });
    return { codes };
  }
}
