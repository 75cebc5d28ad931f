import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MfaFactor } from '../../entities/mfa-factor.entity.js';
import { MfaChallenge } from '../../entities/mfa-challenge.entity.js';
import { MfaErrors } from '../../mfa.errors.js';
import { MfaKit } from '../../domain/mfa-services.js';
import { CHALLENGE_LIFETIME_MS, newTotpSecret, qrCodeSvg, totpUri } from '../../domain/totp.js';
import { EnrollFactorCommand, type EnrollResponse } from './enroll-factor.command.js';

const MAX_FACTORS = 10;

/** Contract §7 enroll, with its checks in order: stale cleanup, name clash, caps, assurance level. */
@CommandHandler(EnrollFactorCommand)
export class EnrollFactorHandler implements ICommandHandler<EnrollFactorCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MfaKit) private readonly kit: MfaKit,
  ) {}

  async execute({ auth, factorType, friendlyName }: EnrollFactorCommand): Promise<EnrollResponse> {
    if (factorType !== 'totp') throw MfaErrors.unsupportedType();
    const em = this.orm.em.fork();
    const userId = auth.user.id;
    const now = this.clock.now();

    const stale = await em.find(MfaFactor, {
      userId,
      status: 'unverified',
      createdAt: { $lt: new Date(now.getTime() - CHALLENGE_LIFETIME_MS) },
    });
    for (const factor of stale) {
      if ((await em.count(MfaChallenge, { factorId: factor.id })) === 0) em.remove(factor);
    }
    await em.flush();

    const factors = await em.find(MfaFactor, { userId });
    if (factors.some((factor) => factor.friendlyName === friendlyName)) throw MfaErrors.nameConflict(friendlyName);
    if (factors.length >= MAX_FACTORS) throw MfaErrors.tooMany();
    if (factors.some((factor) => factor.status === 'verified') && auth.claims.aal !== 'aal2')
      throw MfaErrors.aal2ToEnroll();

    const secret = newTotpSecret();
    const uri = totpUri(this.kit.issuer, auth.user.email, secret);
    const factor = em.create(MfaFactor, {
      userId,
      friendlyName,
      secretEncrypted: this.kit.secrets.seal(secret),
      createdAt: now,
      updatedAt: now,
    } as never);
    // Two enrolments racing on one name both pass the check above; the unique index decides.
    await em
      .persist(factor)
      .flush()
      .catch((error: unknown) => {
        throw error instanceof UniqueConstraintViolationException ? MfaErrors.nameConflict(friendlyName) : error;
      });
    return {
      id: factor.id,
      type: 'totp',
      friendly_name: friendlyName,
      totp: { qr_code: await qrCodeSvg(uri), secret, uri },
    };
  }
}
