import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS } from '../../domain/totp.js';
import { MfaRepository, type Challenge } from '../../repositories/mfa.repository.js';
import { ChallengeFactorCommand, type ChallengeResponse } from './challenge-factor.command.js';

@CommandHandler(ChallengeFactorCommand)
export class ChallengeFactorHandler implements ICommandHandler<ChallengeFactorCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
  ) {}

  async execute({ userId, factorId, ip }: ChallengeFactorCommand): Promise<ChallengeResponse> {
    await this.kit.consume('verifyPerIp', ip);
    const now = this.clock.now();
    const challenge: Challenge = { id: randomUUID(), factorId, ipAddress: ip, createdAt: now, verifiedAt: null };
    await this.mfa.transaction(async (em) => {
      const factor = await this.mfa.factorOf(em, userId, factorId);
      if (!factor) throw MfaErrors.factorNotFound();
      await this.mfa.addChallenge(em, challenge);
      await this.mfa.saveFactor(em, { ...factor, lastChallengedAt: now });
    });
    return { id: challenge.id, type: 'totp', expires_at: Math.floor((now.getTime() + CHALLENGE_LIFETIME_MS) / 1000) };
  }
}
