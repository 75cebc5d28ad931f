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
import { ResendConfirmationCommand } from './resend-confirmation.command.js';

/** Mails a fresh confirmation link to an unconfirmed account; answers the same for any address. */
@CommandHandler(ResendConfirmationCommand)
export class ResendConfirmationHandler implements ICommandHandler<ResendConfirmationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({ email: rawEmail, type, client }: ResendConfirmationCommand): Promise<void> {
    if (type !== 'signup') throw IdentityErrors.unsupportedVerifyType(String(type));
    const email = requireEmail(rawEmail, IdentityErrors.missingEmailOrPhone, IdentityErrors.invalidEmail);
    await this.limits.spendEmailAllowance('resend', email, client.ip);

    const em = this.orm.em.fork();
    const user = await em.findOne(User, { email });
    if (!user || user.emailConfirmedAt) return;
    const token = await this.tokens.issue(em, user.id, 'signup');
    user.confirmationSentAt = this.clock.now();
    this.mailer.confirmSignup(em, user.email, token);
    await em.flush();
  }
}
