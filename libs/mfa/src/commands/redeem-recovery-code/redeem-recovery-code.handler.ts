import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ElevateSessionCommand, type SessionResponse } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { hashRecoveryCode } from '../../domain/recovery-codes.js';
import { RedeemRecoveryCodeCommand } from './redeem-recovery-code.command.js';

/** Spends one recovery code in place of a TOTP code on the 2FA sign-in step. */
@CommandHandler(RedeemRecoveryCodeCommand)
export class RedeemRecoveryCodeHandler implements ICommandHandler<RedeemRecoveryCodeCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: CommandBus,
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
    const spent = await em.execute(
      `update mfa_recovery_codes set used_at = ? where user_id = ? and code_hash = ? and used_at is null returning id`,
      [this.clock.now(), auth.user.id, hashRecoveryCode(code)],
    );
    if (spent.length === 0) throw MfaErrors.invalidRecoveryCode();
    return this.commands.execute(new ElevateSessionCommand(auth.user.id, auth.sessionId, 'recovery_code', factor.id));
  }
}
