import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { isValidEmail, normalizeEmail } from '../../domain/email.js';
import { toUserJson } from '../../domain/user-json.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { SignUpCommand } from './sign-up.command.js';
import { signupMetadata } from './signup-metadata.js';

/**
 * Registers an account and mails its confirmation link. An address that already has an account
 * gets the same answer as a new one (a user-shaped body, no session), and its owner a notice.
 */
@CommandHandler(SignUpCommand)
export class SignUpHandler implements ICommandHandler<SignUpCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
  ) {}

  async execute({ email: rawEmail, password, data, client }: SignUpCommand): Promise<Record<string, unknown>> {
    if (!rawEmail) throw IdentityErrors.anonymousDisabled();
    if (!password) throw IdentityErrors.signupRequiresPassword();
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw IdentityErrors.invalidEmail();
    this.passwords.assertAcceptable(password);
    await this.limits.consume('signUpPerIp', client.ip);

    const now = this.clock.now();
    const metadata = signupMetadata(data, now);
    const encryptedPassword = await this.passwords.hash(password);
    const em = this.orm.em.fork();
    const existing = await em.findOne(User, { email });
    if (existing) return this.answerForExisting(existing, metadata);

    const user = em.create(User, { email, encryptedPassword, userMetadata: metadata, confirmationSentAt: now, createdAt: now, updatedAt: now } as never);
    em.persist(user);
    const token = await this.tokens.issue(em, user.id, 'signup');
    this.mailer.confirmSignup(em, email, token);
    await this.limits.consume('emailPerAddress', `signup:${email}`).catch(() => undefined);
    try {
      await em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const winner = await this.orm.em.fork().findOneOrFail(User, { email });
      return this.answerForExisting(winner, metadata);
    }
    return toUserJson(user);
  }

  private async answerForExisting(existing: User, metadata: Record<string, unknown>): Promise<Record<string, unknown>> {
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(User, existing.id);
    // Silently at most one mail a minute per address and kind, so repeated sign-ups cannot flood an inbox.
    const kind = user.emailConfirmedAt ? 'exists' : 'confirm';
    const mayMail = await this.limits.consume('emailPerAddress', `${kind === 'exists' ? 'exists' : 'signup'}:${user.email}`).then(() => true, () => false);
    if (mayMail) {
      if (kind === 'exists') {
        this.mailer.accountExists(em, user.email);
      } else {
        const token = await this.tokens.issue(em, user.id, 'signup');
        user.confirmationSentAt = this.clock.now();
        this.mailer.confirmSignup(em, user.email, token);
      }
      await em.flush();
    }
    // Shaped exactly like a fresh registration: same fields, a new id, no session.
    const now = this.clock.now();
    const lookalike = Object.assign(new User(), { id: randomUUID(), email: user.email, userMetadata: metadata, confirmationSentAt: now, createdAt: now, updatedAt: now });
    return toUserJson(lookalike);
  }
}
