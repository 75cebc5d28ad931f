import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM, UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { APP_CONFIG, Clock, type AppConfig } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { Session } from '../../entities/session.entity.js';
import { isValidEmail, normalizeEmail } from '../../domain/email.js';
import { toUserJson } from '../../domain/user-json.js';
import { assertStorableMetadata, clientMetadata } from '../../domain/user-metadata.js';
import type { CodeChallenge } from '../../domain/pkce.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FlowStates } from '../../auth/flow-states.js';
import { SessionIssuer, type ClientInfo } from '../../auth/session-issuer.js';
import { SignUpCommand } from './sign-up.command.js';
import { signupMetadata } from './signup-metadata.js';

interface Registration {
  encryptedPassword: string;
  metadata: Record<string, unknown>;
  pkce: CodeChallenge | null;
  redirectTo: string | undefined;
}

/**
 * Registers an account and mails its confirmation link. An address that already has an account
 * gets the same answer as a new one (a user-shaped body, no session), and its owner a notice.
 * A repeated sign-up of an unconfirmed address replaces its password and metadata (GoTrue's rule)
 * and voids every earlier link, so a squatter's password can never be confirmed by the owner.
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
    @Inject(FlowStates) private readonly flows: FlowStates,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(command: SignUpCommand): Promise<Record<string, unknown>> {
    const { email: rawEmail, password, data, client } = command;
    if (!rawEmail) throw IdentityErrors.anonymousDisabled();
    if (!password) throw IdentityErrors.signupRequiresPassword();
    const email = normalizeEmail(rawEmail);
    if (!isValidEmail(email)) throw IdentityErrors.invalidEmail();
    this.passwords.assertAcceptable(password);
    assertStorableMetadata(data);
    const pkce = FlowStates.challengeOf(command.codeChallenge, command.codeChallengeMethod);
    await this.limits.consume('signUpPerIp', client.ip);

    const now = this.clock.now();
    const metadata = { ...clientMetadata(data), ...signupMetadata(data, now) };
    assertStorableMetadata(metadata);
    const registration: Registration = {
      encryptedPassword: await this.passwords.hash(password),
      metadata,
      pkce,
      redirectTo: command.redirectTo,
    };
    const em = this.orm.em.fork();
    const existing = await em.findOne(User, { email });
    if (this.config.AUTH_AUTOCONFIRM) return this.autoconfirmed(em, existing, email, registration, client);
    if (existing) return this.answerForExisting(existing, registration);

    const user = em.create(User, {
      email,
      encryptedPassword: registration.encryptedPassword,
      userMetadata: metadata,
      confirmationSentAt: now,
      createdAt: now,
      updatedAt: now,
    } as never);
    em.persist(user);
    await this.mailConfirmation(em, user, registration);
    await this.limits.consume('emailPerAddress', `signup:${email}`).catch(() => undefined);
    try {
      await em.flush();
    } catch (error) {
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const winner = await this.orm.em.fork().findOneOrFail(User, { email });
      return this.answerForExisting(winner, registration);
    }
    return toUserJson(user);
  }

  private async answerForExisting(existing: User, registration: Registration): Promise<Record<string, unknown>> {
    await this.orm.em.fork().transactional(async (em) => {
      // Links first, then the user row: the order /verify takes its locks in, so the two cannot deadlock.
      await this.tokens.retire(em, existing.id, 'signup');
      const user = await em.findOneOrFail(User, existing.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      const confirmed = Boolean(user.emailConfirmedAt);
      if (!confirmed) {
        user.encryptedPassword = registration.encryptedPassword;
        user.userMetadata = registration.metadata;
        await em.nativeDelete(Session, { userId: user.id });
      }
      // Silently at most one mail a minute per address and kind, so repeated sign-ups cannot flood an inbox.
      const key = confirmed ? `exists:${user.email}` : `signup:${user.email}`;
      if (
        !(await this.limits.consume('emailPerAddress', key).then(
          () => true,
          () => false,
        ))
      )
        return;
      if (confirmed) this.mailer.accountExists(em, user.email);
      else await this.mailConfirmation(em, user, registration);
    });
    // Shaped exactly like a fresh registration: same fields, a new id, no session.
    const now = this.clock.now();
    const lookalike = Object.assign(new User(), {
      id: randomUUID(),
      email: existing.email,
      userMetadata: registration.metadata,
      confirmationSentAt: now,
      createdAt: now,
      updatedAt: now,
    });
    return toUserJson(lookalike);
  }

  /** Test runs only (AUTH_AUTOCONFIRM, GoTrue's MAILER_AUTOCONFIRM): confirmed at once, a session, no mail. */
  private async autoconfirmed(
    em: EntityManager,
    existing: User | null,
    email: string,
    registration: Registration,
    client: ClientInfo,
  ): Promise<Record<string, unknown>> {
    if (existing) throw IdentityErrors.userAlreadyExists();
    const now = this.clock.now();
    const user = em.create(User, {
      email,
      encryptedPassword: registration.encryptedPassword,
      userMetadata: registration.metadata,
      emailConfirmedAt: now,
      createdAt: now,
      updatedAt: now,
    } as never);
    em.persist(user);
    return { ...(await this.sessions.open(em, user, 'password', client)) };
  }

  private async mailConfirmation(em: EntityManager, user: User, { pkce, redirectTo }: Registration): Promise<void> {
    const flow = pkce ? this.flows.start(em, user.id, 'signup', pkce) : null;
    const token = await this.tokens.issue(em, user.id, 'signup', flow?.id ?? null);
    user.confirmationSentAt = this.clock.now();
    this.mailer.confirmSignup(em, user.email, token, redirectTo, flow !== null);
  }
}
