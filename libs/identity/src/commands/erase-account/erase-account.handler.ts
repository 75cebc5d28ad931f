import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { LockMode, MikroORM } from '@mikro-orm/postgresql';
import { Clock, Outbox } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { Session } from '../../entities/session.entity.js';
import { OneTimeToken } from '../../entities/one-time-token.entity.js';
import { FlowState } from '../../entities/flow-state.entity.js';
import { IdentityErrors } from '../../identity.errors.js';
import { assertRecentlyAuthenticated } from '../../domain/recent-authentication.js';
import { anonymisedEmail } from '../../domain/erasure.js';
import { Passwords } from '../../auth/passwords.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FactorReader } from '../../auth/factor-reader.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { provePassword } from '../../auth/password-proof.js';
import { SessionsEndedEvent } from '../../events/sessions-ended.event.js';
import { EraseAccountCommand } from './erase-account.command.js';

@CommandHandler(EraseAccountCommand)
export class EraseAccountHandler implements ICommandHandler<EraseAccountCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Outbox) private readonly outbox: Outbox,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(FactorReader) private readonly factors: FactorReader,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute({ auth, password, client, steps }: EraseAccountCommand): Promise<{ deleted_at: string }> {
    await this.limits.consume('signInPerIp', client.ip);
    if (await this.limits.isLocked('signInFailuresPerIp', client.ip)) throw IdentityErrors.rateLimited(3600);
    const mfaOn = (await this.factors.forUser(auth.user.id)).some((factor) => factor.status === 'verified');
    if (mfaOn) {
      // The password alone is not enough with 2FA on: a code verified on this session just now is.
      if (auth.claims.aal !== 'aal2') throw IdentityErrors.deletionNeedsSecondFactor();
      assertRecentlyAuthenticated(auth.authenticatedAt, this.clock.now());
    } else if (!password) {
      throw IdentityErrors.deletionNeedsPassword();
    }

    const erased = await this.orm.em.fork().transactional(async (em) => {
      // Under the row lock, so a second request (or a password change) in flight sees the outcome.
      const user = await em.findOne(User, auth.user.id, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!user || user.deletedAt) throw IdentityErrors.accountDeleted();
      if ((await em.count(Session, { id: auth.sessionId, userId: user.id })) === 0)
        throw IdentityErrors.sessionNotFound();
      if (!mfaOn) await provePassword(this.passwords, this.limits, user, password ?? '', client.ip);

      const now = this.clock.now();
      await steps(em, user.id, now);
      this.mailer.accountDeleted(em, user.email);
      this.outbox.enqueue(em, 'payments', 'account-deleted', { userId: user.id, occurredAt: now.toISOString() });
      user.email = anonymisedEmail(user.id);
      user.emailChange = null;
      user.emailChangeSentAt = null;
      // No bcrypt hash matches this, and sign-in skips deleted rows anyway.
      user.encryptedPassword = '!deleted';
      user.userMetadata = {};
      user.lastSignInAt = null;
      user.deletedAt = now;
      await em.nativeDelete(Session, { userId: user.id });
      await em.nativeDelete(OneTimeToken, { userId: user.id });
      await em.nativeDelete(FlowState, { userId: user.id });
      return { deleted_at: now.toISOString() };
    });
    this.events.publish(new SessionsEndedEvent(auth.user.id));
    return erased;
  }
}
