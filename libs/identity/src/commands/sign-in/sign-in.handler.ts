import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { User } from '../../entities/user.entity.js';
import { normalizeEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { SignInCommand } from './sign-in.command.js';

const LOCK_MINUTES = 15;

/**
 * Password sign-in. Five consecutive failures for one account from one address lock that
 * address out of that account for 15 minutes; other addresses, and the owner after a password
 * reset, are unaffected, so an attacker can only lock themselves out.
 */
@CommandHandler(SignInCommand)
export class SignInHandler implements ICommandHandler<SignInCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
  ) {}

  async execute({ email: rawEmail, password, client }: SignInCommand): Promise<SessionResponse> {
    if (!rawEmail) throw IdentityErrors.missingEmailOrPhone();
    await this.limits.consume('signInPerIp', client.ip);
    if (await this.limits.isLocked('signInFailuresPerIp', client.ip)) throw IdentityErrors.rateLimited(3600);

    const email = normalizeEmail(rawEmail);
    const em = this.orm.em.fork();
    // A deleted account keeps its row (anonymised) but can never sign in again.
    const user = await em.findOne(User, { email, deletedAt: null });
    const lockKey = user
      ? `${user.id}:${Passwords.stamp(user.encryptedPassword)}:${client.ip}`
      : `${email}:${client.ip}`;
    if (await this.limits.isLocked('signInFailuresPerAccountIp', lockKey))
      throw IdentityErrors.accountLocked(LOCK_MINUTES);

    const valid =
      user && password
        ? await this.passwords.compare(password, user.encryptedPassword)
        : await this.passwords.compareWithNobody(password ?? '');
    if (!valid || !user) {
      await this.limits.fail('signInFailuresPerIp', client.ip);
      if (await this.limits.fail('signInFailuresPerAccountIp', lockKey))
        throw IdentityErrors.accountLocked(LOCK_MINUTES);
      throw IdentityErrors.invalidCredentials();
    }
    await this.limits.reset('signInFailuresPerAccountIp', lockKey);
    if (!user.emailConfirmedAt) throw IdentityErrors.emailNotConfirmed();
    return this.sessions.open(em, user, 'password', client);
  }
}
