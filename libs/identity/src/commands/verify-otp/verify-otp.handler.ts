import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import type { OneTimeTokenKind } from '../../entities/one-time-token.entity.js';
import { normalizeEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FlowStates } from '../../auth/flow-states.js';
import { SessionIssuer, type SessionResponse } from '../../auth/session-issuer.js';
import { VerifyOtpCommand, type PkceAuthCode } from './verify-otp.command.js';

// A Map, not an object literal: a client-chosen `type` such as "toString" must not find a prototype member.
const VERIFY_TYPES = new Map<string, OneTimeTokenKind>([
  ['signup', 'signup'],
  ['email', 'signup'],
  ['recovery', 'recovery'],
  ['email_change', 'email_change'],
]);

/** Redeems an email link: confirms the address (signup) or starts recovery, and opens a session (or, for PKCE, an auth code). */
@CommandHandler(VerifyOtpCommand)
export class VerifyOtpHandler implements ICommandHandler<VerifyOtpCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(SessionIssuer) private readonly sessions: SessionIssuer,
    @Inject(FlowStates) private readonly flows: FlowStates,
  ) {}

  async execute({ type, token, client, email, viaLink }: VerifyOtpCommand): Promise<SessionResponse | PkceAuthCode> {
    const kind = typeof type === 'string' ? VERIFY_TYPES.get(type) : undefined;
    if (!kind) throw IdentityErrors.unsupportedVerifyType(String(type));
    await this.limits.consume('verifyPerIp', client.ip);
    // The contract answers a bad link and a bad email + token pair with different messages.
    const invalid = email === undefined ? IdentityErrors.otpExpired : IdentityErrors.otpInvalid;
    return this.orm.em.fork().transactional(async (em) => {
      const redeemed = await this.tokens.redeem(em, token ?? '', kind);
      if (!redeemed) throw invalid();
      const user = await em.findOneOrFail(User, redeemed.userId);
      if (user.deletedAt) throw invalid();
      if (kind === 'email_change') await this.completeEmailChange(em, user, invalid);
      if (email !== undefined && normalizeEmail(email) !== user.email) throw invalid();
      // A recovery link proves the inbox as well (GoTrue confirms on it too), so a later sign-up cannot reset this account.
      user.emailConfirmedAt ??= this.clock.now();
      if (viaLink && redeemed.flowStateId) return { auth_code: await this.flows.issueCode(em, redeemed.flowStateId) };
      return this.sessions.open(em, user, 'otp', client);
    });
  }

  /** The new address proved itself: it becomes the account's, unless someone took it meanwhile. */
  private async completeEmailChange(em: EntityManager, user: User, invalid: () => Error): Promise<void> {
    const next = user.emailChange;
    if (!next) throw invalid();
    if ((await em.count(User, { email: next, id: { $ne: user.id } })) > 0) throw IdentityErrors.emailExists();
    user.email = next;
    user.emailChange = null;
    user.emailChangeSentAt = null;
  }
}
