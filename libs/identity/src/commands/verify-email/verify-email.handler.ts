import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { VerifyEmailCommand } from './verify-email.command.js';

/** Confirms an address from the /verify-email?token= link (single use, 24 h). */
@CommandHandler(VerifyEmailCommand)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmailCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({ token, ip }: VerifyEmailCommand): Promise<void> {
    await this.limits.consume('verifyPerIp', ip);
    await this.orm.em.fork().transactional(async (em) => {
      const userId = await this.tokens.consume(em, token, 'signup');
      if (!userId) throw IdentityErrors.invalidVerificationToken();
      const user = await em.findOneOrFail(User, userId);
      user.emailConfirmedAt ??= this.clock.now();
    });
  }
}
