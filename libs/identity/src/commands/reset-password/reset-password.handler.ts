import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { Session } from '../../entities/session.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { SessionsEndedEvent } from '../../events/sessions-ended.event.js';
import { ResetPasswordCommand } from './reset-password.command.js';

/**
 * Sets a new password from a reset link (single use, 1 h). Every session ends, and because the
 * sign-in lockout is keyed on the password, any lockout on the account ends with it.
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ resetToken, newPassword, ip }: ResetPasswordCommand): Promise<void> {
    this.passwords.assertAcceptable(newPassword);
    await this.limits.consume('verifyPerIp', ip);
    const encryptedPassword = await this.passwords.hash(newPassword);
    const userId = await this.orm.em.fork().transactional(async (em) => {
      const userId = await this.tokens.consume(em, resetToken, 'recovery');
      if (!userId) throw IdentityErrors.invalidResetToken();
      const user = await em.findOneOrFail(User, userId);
      user.encryptedPassword = encryptedPassword;
      user.emailConfirmedAt ??= new Date();
      await em.nativeDelete(Session, { userId });
      this.mailer.passwordChanged(em, user.email);
      return userId;
    });
    this.events.publish(new SessionsEndedEvent(userId));
  }
}
