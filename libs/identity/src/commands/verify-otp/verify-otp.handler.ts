import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { VerifyOtpCommand } from './verify-otp.command.js';

const TYPES: Record<string, 'signup' | 'recovery'> = { signup: 'signup', email: 'signup', recovery: 'recovery' };

/** Redeems an email link: confirms the address (signup) or starts recovery, and opens a session. */
@CommandHandler(VerifyOtpCommand)
export class VerifyOtpHandler implements ICommandHandler<VerifyOtpCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ type, token, client }: VerifyOtpCommand): Promise<SessionResponse> {
    const kind = TYPES[type ?? ''];
    if (!kind) throw IdentityErrors.unsupportedVerifyType(String(type));
    await this.limits.consume('verifyPerIp', client.ip);
    return this.orm.em.fork().transactional(async (em) => {
      const userId = await this.tokens.consume(em, token ?? '', kind);
      if (!userId) throw IdentityErrors.otpExpired();
      const user = await em.findOneOrFail(User, userId);
      if (kind === 'signup' && !user.emailConfirmedAt) user.emailConfirmedAt = this.clock.now();
      return this.sessions.open(em, user, 'otp', client);
    });
  }
}
