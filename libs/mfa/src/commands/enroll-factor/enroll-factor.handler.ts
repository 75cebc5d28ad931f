import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS, newTotpSecret, qrCodeSvg, totpUri } from '../../domain/totp.js';
import { FactorNameTaken, MfaRepository, type Factor } from '../../repositories/mfa.repository.js';
import { EnrollFactorCommand, type EnrollResponse } from './enroll-factor.command.js';

const MAX_FACTORS = 10;

/** Contract §7 enroll, with its checks in order: stale cleanup, name clash, caps, assurance level. */
@CommandHandler(EnrollFactorCommand)
export class EnrollFactorHandler implements ICommandHandler<EnrollFactorCommand> {
  constructor(
    @Inject(MfaRepository) private readonly mfa: MfaRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
  ) {}

  async execute({ auth, factorType, friendlyName }: EnrollFactorCommand): Promise<EnrollResponse> {
    if (factorType !== 'totp') throw MfaErrors.unsupportedType();
    const userId = auth.user.id;
    const now = this.clock.now();

    // Unverified factors never challenged within a challenge's lifetime are abandoned enrolments.
    await this.mfa.transaction(async (em) => {
      const abandoned: string[] = [];
      for (const factor of await this.mfa.factorsOf(em, userId))
        if (
          factor.status === 'unverified' &&
          factor.createdAt.getTime() < now.getTime() - CHALLENGE_LIFETIME_MS &&
          !(await this.mfa.hasChallenges(em, factor.id))
        )
          abandoned.push(factor.id);
      await this.mfa.removeFactors(em, abandoned);
    });

    const secret = newTotpSecret();
    const uri = totpUri(this.kit.issuer, auth.user.email, secret);
    const factor: Factor = {
      id: randomUUID(),
      userId,
      friendlyName,
      status: 'unverified',
      secretEncrypted: this.kit.secrets.seal(secret),
      lastChallengedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.mfa
      .transaction(async (em) => {
        const factors = await this.mfa.factorsOf(em, userId);
        if (factors.some((other) => other.friendlyName === friendlyName)) throw MfaErrors.nameConflict(friendlyName);
        if (factors.length >= MAX_FACTORS) throw MfaErrors.tooMany();
        if (factors.some((other) => other.status === 'verified') && auth.claims.aal !== 'aal2')
          throw MfaErrors.aal2ToEnroll();
        await this.mfa.addFactor(em, factor);
      })
      .catch((error: unknown) => {
        // Two enrolments racing on one name both pass the check above; the repository decides.
        throw error instanceof FactorNameTaken ? MfaErrors.nameConflict(friendlyName) : error;
      });
    return {
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await qrCodeSvg(uri), secret, uri },
    };
  }
}
