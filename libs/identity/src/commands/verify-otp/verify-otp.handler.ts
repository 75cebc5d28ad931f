import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import type { OneTimeTokenKind } from '../../entities/one-time-token.entity.js';
import { normalizeEmail } from '../../domain/email.js';
import { IdentityErrors } from '../../identity.errors.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FlowStates } from '../../auth/flow-states.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { SessionIssuer } from '../../auth/session-issuer.js';
import { VerifyOtpCommand, type VerifyOtpResult } from './verify-otp.command.js';

// A Map, not an object literal: a client-chosen `type` such as "toString" must not find a prototype member.
const VERIFY_TYPES = new Map<string, OneTimeTokenKind>([
  ['signup', 'signup'],
  ['email', 'signup'],
  ['recovery', 'recovery'],
  ['email_change', 'email_change'],
]);

/** GoTrue's answer to the first of the two email-change links. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

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
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
  ) {}

  async execute({ type, token, client, email, viaLink }: VerifyOtpCommand): Promise<VerifyOtpResult> {
    const kind = typeof type === 'string' ? VERIFY_TYPES.get(type) : undefined;
    if (!kind) throw IdentityErrors.unsupportedVerifyType(String(type));
    await this.limits.consume('verifyPerIp', client.ip);
    // The contract answers a bad link and a bad email + token pair with different messages.
    const invalid = email === undefined ? IdentityErrors.otpExpired : IdentityErrors.otpInvalid;
    return this.orm.em.fork().transactional(async (em) => {
      // Both email-change links say type=email_change (as GoTrue's); which one it was only its hash tells.
      const other = kind === 'email_change' ? 'email_change_current' : null;
      const redeemed =
        (await this.tokens.redeem(em, token ?? '', kind)) ??
        (other ? await this.tokens.redeem(em, token ?? '', other) : null);
      if (!redeemed) throw invalid();
      // Locked for an email change: the two links opened at once must not both count as the first.
      const user = await em.findOneOrFail(
        User,
        redeemed.userId,
        kind === 'email_change' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      );
      if (user.deletedAt) throw invalid();
      const addresses = kind === 'email_change' ? [user.email, user.emailChange] : [user.email];
      if (email !== undefined && !addresses.includes(normalizeEmail(email))) throw invalid();
      if (kind === 'email_change' && !(await this.completeEmailChange(em, user, invalid)))
        return { msg: SINGLE_CONFIRMATION_ACCEPTED };
      // A recovery link proves the inbox as well (GoTrue confirms on it too), so a later sign-up cannot reset this account.
      user.emailConfirmedAt ??= this.clock.now();
      if (viaLink && redeemed.flowStateId) return { auth_code: await this.flows.issueCode(em, redeemed.flowStateId) };
      return this.sessions.open(em, user, kind === 'recovery' ? 'recovery' : 'otp', client);
    });
  }

  /**
   * One more of the two addresses proved itself; on the second, the new address becomes the
   * account's (unless someone took it meanwhile) and the old one is told. True when it changed.
   */
  private async completeEmailChange(em: EntityManager, user: User, invalid: () => Error): Promise<boolean> {
    const next = user.emailChange;
    if (!next) throw invalid();
    if (user.emailChangeConfirmStatus === 0) {
      user.emailChangeConfirmStatus = 1;
      return false;
    }
    if ((await em.count(User, { email: next, id: { $ne: user.id } })) > 0) throw IdentityErrors.emailExists();
    this.mailer.emailChanged(em, user.email, next);
    user.email = next;
    user.emailChange = null;
    user.emailChangeSentAt = null;
    user.emailChangeConfirmStatus = 0;
    return true;
  }
}
