import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ElevateSessionCommand, type SessionResponse } from '#app/identity';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaChallenge } from '../../entities/mfa-challenge.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS, matchTotp } from '../../domain/totp.js';
import { FactorRepository } from '../../repositories/factor.repository.js';
import { VerifyFactorCommand } from './verify-factor.command.js';

/**
 * Checks a TOTP code against a live challenge from the same address. A code is accepted once:
 * its time step must be later than the last one accepted for the factor (ASVS 6.5.1).
 * Success verifies the factor (enabling 2FA on first use) and lifts the session to aal2.
 */
@CommandHandler(VerifyFactorCommand)
export class VerifyFactorHandler implements ICommandHandler<VerifyFactorCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(FactorRepository) private readonly factors: FactorRepository,
  ) {}

  async execute({ auth, factorId, challengeId, code, ip }: VerifyFactorCommand): Promise<SessionResponse> {
    if (!code) throw MfaErrors.emptyCode();
    await this.kit.consume('verifyPerIp', ip);
    if (await this.kit.isBlocked('failuresPerFactor', factorId)) await this.kit.consume('failuresPerFactor', factorId);

    await this.orm.em.fork().transactional(async (em) => {
      const factor = await em.findOne(MfaFactor, { id: factorId, userId: auth.user.id });
      if (!factor) throw MfaErrors.factorNotFound();
      const challenge = challengeId ? await em.findOne(MfaChallenge, { id: challengeId, factorId }) : null;
      if (!challenge) throw MfaErrors.challengeNotFound();
      const now = this.clock.now();
      if (now.getTime() - new Date(challenge.createdAt).getTime() > CHALLENGE_LIFETIME_MS)
        throw MfaErrors.challengeExpired(challenge.id);
      if (challenge.verifiedAt || challenge.ipAddress !== ip) throw MfaErrors.challengeMismatch();

      const step = await matchTotp(this.kit.secrets.open(factor.secretEncrypted), code.trim(), now);
      if (step === null) {
        await this.kit.consume('failuresPerFactor', factorId);
        throw MfaErrors.invalidCode();
      }
      // Atomic, so two requests racing with the same code cannot both pass.
      if (!(await this.factors.claimStep(em, factorId, step, now))) throw MfaErrors.codeReused();

      challenge.verifiedAt = now;
      const wasVerified = factor.status === 'verified';
      factor.status = 'verified';
      factor.updatedAt = now;
      await em.nativeDelete(MfaFactor, { userId: auth.user.id, status: 'unverified', id: { $ne: factorId } });
      if (!wasVerified) this.kit.mail(em, auth.user.email, 'mfa-enabled');
      await em.flush();
    });
    return this.commands.execute(new ElevateSessionCommand(auth.user.id, auth.sessionId, 'totp', factorId));
  }
}
