import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaChallenge } from '../../entities/mfa-challenge.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS } from '../../domain/totp.js';
import { ChallengeFactorCommand, type ChallengeResponse } from './challenge-factor.command.js';

@CommandHandler(ChallengeFactorCommand)
export class ChallengeFactorHandler implements ICommandHandler<ChallengeFactorCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
  ) {}

  async execute({ userId, factorId, ip }: ChallengeFactorCommand): Promise<ChallengeResponse> {
    await this.kit.consume('verifyPerIp', ip);
    const em = this.orm.em.fork();
    const factor = await em.findOne(MfaFactor, { id: factorId, userId });
    if (!factor) throw MfaErrors.factorNotFound();
    const now = this.clock.now();
    const challenge = em.create(MfaChallenge, { factorId, ipAddress: ip, createdAt: now } as never);
    factor.lastChallengedAt = now;
    await em.persist(challenge).flush();
    return { id: challenge.id, type: 'totp', expires_at: Math.floor((now.getTime() + CHALLENGE_LIFETIME_MS) / 1000) };
  }
}
