import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { requireEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { RecoverPasswordCommand } from './recover-password.command.js';

/** Mails a one-hour, single-use reset link when the address has an account; answers the same either way. */
@CommandHandler(RecoverPasswordCommand)
export class RecoverPasswordHandler implements ICommandHandler<RecoverPasswordCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({ email: rawEmail, redirectTo, client }: RecoverPasswordCommand): Promise<void> {
    const email = requireEmail(rawEmail, IdentityErrors.missingEmailOrPhone, IdentityErrors.invalidEmail);
    await this.limits.spendEmailAllowance('recover', email, client.ip);

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { email });
    if (!user) return;
    const token = await this.tokens.issue(em, user.id, 'recovery');
    user.recoverySentAt = this.clock.now();
    this.mailer.resetPassword(em, user.email, token, this.mailer.safeRedirect(redirectTo, '/reset-password'));
    await em.flush();
  }
}
