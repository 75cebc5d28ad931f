import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { ElevateSessionCommand, type SessionResponse } from '#app/identity';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS, matchTotp } from '../../domain/totp.js';
import { MfaRepository } from '../../repositories/mfa.repository.js';
import { VerifyFactorCommand } from './verify-factor.command.js';

/**
 * Checks a TOTP code against a live challenge from the same address. A code is accepted once:
 * its time step must be later than the last one accepted for the factor (ASVS 6.5.1).
 * Success verifies the factor (enabling 2FA on first use) and lifts the session to aal2.
 */
@CommandHandler(VerifyFactorCommand)
export class VerifyFactorHandler implements ICommandHandler<VerifyFactorCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
    @Inject(CommandBus) private readonly commands: Pick<CommandBus, 'execute'>,
  ) {}

  async execute({ auth, factorId, challengeId, code, ip }: VerifyFactorCommand): Promise<SessionResponse> {
    if (!code) throw MfaErrors.emptyCode();
    await this.kit.consume('verifyPerIp', ip);
    if (await this.kit.isBlocked('failuresPerFactor', factorId)) await this.kit.consume('failuresPerFactor', factorId);

    await this.mfa.transaction(async (em) => {
      const factor = await this.mfa.factorOf(em, auth.user.id, factorId);
      if (!factor) throw MfaErrors.factorNotFound();
      const challenge = challengeId ? await this.mfa.challengeOf(em, factorId, challengeId) : null;
      if (!challenge) throw MfaErrors.challengeNotFound();
      const now = this.clock.now();
      if (now.getTime() - challenge.createdAt.getTime() > CHALLENGE_LIFETIME_MS)
        throw MfaErrors.challengeExpired(challenge.id);
      if (challenge.verifiedAt || challenge.ipAddress !== ip) throw MfaErrors.challengeMismatch();

      const step = await matchTotp(this.kit.secrets.open(factor.secretEncrypted), code.trim(), now);
      if (step === null) {
        await this.kit.consume('failuresPerFactor', factorId);
        throw MfaErrors.invalidCode();
      }
      if (!(await this.mfa.claimStep(em, factorId, step, now))) throw MfaErrors.codeReused();

      await this.mfa.markChallengeVerified(em, challenge.id, now);
      await this.mfa.saveFactor(em, { ...factor, status: 'verified', updatedAt: now });
      // The user's other unfinished enrolments go: one verified factor is what 2FA is.
      const unfinished = (await this.mfa.factorsOf(em, auth.user.id)).filter(
        (other) => other.status === 'unverified' && other.id !== factorId,
      );
      await this.mfa.removeFactors(
        em,
        unfinished.map((other) => other.id),
      );
      if (factor.status !== 'verified') this.kit.mail(em, auth.user.email, 'mfa-enabled');
    });
    return this.commands.execute(new ElevateSessionCommand(auth.user.id, auth.sessionId, 'totp', factorId));
  }
}
