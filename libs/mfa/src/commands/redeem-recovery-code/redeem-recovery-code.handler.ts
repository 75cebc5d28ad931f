import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { ElevateSessionCommand, type SessionResponse } from '#app/identity';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { hashRecoveryCode } from '../../domain/recovery-codes.js';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { RedeemRecoveryCodeCommand } from './redeem-recovery-code.command.js';

/** Spends one recovery code in place of a TOTP code on the 2FA sign-in step. */
@CommandHandler(RedeemRecoveryCodeCommand)
export class RedeemRecoveryCodeHandler implements ICommandHandler<RedeemRecoveryCodeCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: Pick<CommandBus, 'execute'>,
  ) {}

  async execute({ auth, code, ip }: RedeemRecoveryCodeCommand): Promise<SessionResponse> {
    await this.kit.consume('verifyPerIp', ip);
    await this.kit.consume('recoveryPerUser', auth.user.id);
    const factorId = await this.mfa.transaction(async (em) => {
      // The session's amr names the oldest verified factor.
      const factor = (await this.mfa.factorsOf(em, auth.user.id)).find((entry) => entry.status === 'verified');
      if (!factor) throw MfaErrors.noVerifiedFactor();
      if (!(await this.mfa.spendRecoveryCode(em, auth.user.id, hashRecoveryCode(code), this.clock.now())))
        throw MfaErrors.invalidRecoveryCode();
      return factor.id;
    });
    return this.commands.execute(new ElevateSessionCommand(auth.user.id, auth.sessionId, 'recovery_code', factorId));
  }
}
