import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ElevateSessionCommand, type SessionResponse } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { hashRecoveryCode } from '../../domain/recovery-codes.js';
import { RecoveryCodeRepository } from '../../repositories/recovery-code.repository.js';
import { RedeemRecoveryCodeCommand } from './redeem-recovery-code.command.js';

/** Spends one recovery code in place of a TOTP code on the 2FA sign-in step. */
@CommandHandler(RedeemRecoveryCodeCommand)
export class RedeemRecoveryCodeHandler implements ICommandHandler<RedeemRecoveryCodeCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RecoveryCodeRepository) private readonly recoveryCodes: RecoveryCodeRepository,
  ) {}

  async execute({ auth, code, ip }: RedeemRecoveryCodeCommand): Promise<SessionResponse> {
    await this.kit.consume('verifyPerIp', ip);
    await this.kit.consume('recoveryPerUser', auth.user.id);
    const em = this.orm.em.fork();
    const factor = await em.findOne(
      MfaFactor,
      { userId: auth.user.id, status: 'verified' },
      { orderBy: { createdAt: 'asc' } },
    );
    if (!factor) throw MfaErrors.noVerifiedFactor();
    if (!(await this.recoveryCodes.spend(em, auth.user.id, hashRecoveryCode(code), this.clock.now())))
      throw MfaErrors.invalidRecoveryCode();
    return this.commands.execute(new ElevateSessionCommand(auth.user.id, auth.sessionId, 'recovery_code', factor.id));
  }
}
