import { Inject } from '@nestjs/common';
import { CommandHandler, EventBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { User } from '../../entities/user.entity.js';
import { Session } from '../../entities/session.entity.js';
import { OneTimeToken } from '../../entities/one-time-token.entity.js';
import { AmrClaim } from '../../entities/amr-claim.entity.js';
import { REAUTHENTICATION_WINDOW_MS } from '../../domain/recent-authentication.js';
import { toUserJson } from '../../domain/user-json.js';
import { requireEmail } from '../../domain/email.js';
import { assertStorableMetadata, mergeMetadata } from '../../domain/user-metadata.js';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { FactorReader } from '../../auth/factor-reader.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { IdentityMailer } from '../../auth/identity-mailer.js';
import { OneTimeTokens } from '../../auth/one-time-tokens.js';
import { provePassword } from '../../auth/password-proof.js';
import { SessionsEndedEvent } from '../../events/sessions-ended.event.js';
import { UpdateUserCommand } from './update-user.command.js';

/**
 * Changes the password (aal2 required when MFA is on; the current password, the mailed code or a
 * fresh recovery link proves the owner; every other session ends), starts an email change that
 * both addresses confirm, and merges the user_metadata of the signed-in user.
 */
@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(FactorReader) private readonly factors: FactorReader,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(IdentityMailer) private readonly mailer: IdentityMailer,
    @Inject(OneTimeTokens) private readonly tokens: OneTimeTokens,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  async execute(command: UpdateUserCommand): Promise<Record<string, unknown>> {
    if (command.data != null) assertStorableMetadata(command.data);
    const em = this.orm.em.fork();
    const user = await em.findOneOrFail(User, command.userId);
    const newEmail =
      command.email === undefined
        ? null
        : requireEmail(command.email, IdentityErrors.invalidEmail, IdentityErrors.invalidEmail);
    const factors = await this.factors.forUser(user.id);
    const mfaOn = factors.some((factor) => factor.status === 'verified');
    // Checked before the password changes anything: any JSON object, as GoTrue takes it; consent keys stay the server's.
    const metadata = command.data ? mergeMetadata(user.userMetadata, command.data) : null;
    if (metadata) assertStorableMetadata(metadata);
    if (command.password !== undefined) {
      await this.limits.consume('userUpdatePerIp', command.client.ip);
      if (command.aal !== 'aal2' && mfaOn) throw IdentityErrors.insufficientAalForPassword();
      this.passwords.assertAcceptable(command.password);
      await this.proveOwner(em, user, command);
      if (await this.passwords.compare(command.password, user.encryptedPassword)) throw IdentityErrors.samePassword();
      user.encryptedPassword = await this.passwords.hash(command.password);
      await em.nativeDelete(Session, { userId: user.id, id: { $ne: command.sessionId } });
      await em.nativeUpdate(
        OneTimeToken,
        { userId: user.id, kind: 'recovery', usedAt: null },
        { usedAt: this.clock.now() },
      );
      this.mailer.passwordChanged(em, user.email);
    }
    if (newEmail !== null && newEmail !== user.email) await this.requestEmailChange(em, user, newEmail, mfaOn, command);
    if (metadata) user.userMetadata = metadata;
    await em.flush();
    if (command.password !== undefined)
      this.events.publish(new SessionsEndedEvent(user.id, { except: command.sessionId }));
    return toUserJson(user, factors);
  }

  /**
   * A session alone is not proof of the owner: the present password (under the sign-in failure
   * counters, so this is no way to guess it), the code mailed to the address on file, or a
   * recovery link opened within the window (fresh proof of the mailbox, as GoTrue's reset flow).
   */
  private async proveOwner(em: EntityManager, user: User, command: UpdateUserCommand): Promise<void> {
    if (command.currentPassword !== undefined) {
      return provePassword(
        this.passwords,
        this.limits,
        user,
        command.currentPassword,
        command.client.ip,
        IdentityErrors.currentPasswordMismatch,
      );
    }
    if (command.nonce !== undefined) {
      if (!(await this.tokens.redeemCode(em, user.id, command.nonce, 'reauthentication')))
        throw IdentityErrors.reauthenticationNotValid();
      return;
    }
    const since = new Date(this.clock.now().getTime() - REAUTHENTICATION_WINDOW_MS);
    if (
      (await em.count(AmrClaim, {
        sessionId: command.sessionId,
        authenticationMethod: 'recovery',
        createdAt: { $gte: since },
      })) > 0
    )
      return;
    throw IdentityErrors.currentPasswordRequired();
  }

  /**
   * GoTrue's secure email change: links to the new and to the current address, and the change
   * happens when both were opened; a new request voids the earlier links.
   */
  private async requestEmailChange(
    em: EntityManager,
    user: User,
    email: string,
    mfaOn: boolean,
    command: UpdateUserCommand,
  ): Promise<void> {
    await this.limits.consume('userUpdatePerIp', command.client.ip);
    if (command.aal !== 'aal2' && mfaOn) throw IdentityErrors.insufficientAalForPassword();
    await this.limits.consume('emailPerIp', command.client.ip);
    await this.limits.consume('emailPerAddress', `email_change:${user.id}`);
    await this.limits.consume('emailPerAddressHourly', email);
    if ((await em.count(User, { email })) > 0) throw IdentityErrors.emailExists();
    user.emailChange = email;
    user.emailChangeSentAt = this.clock.now();
    user.emailChangeConfirmStatus = 0;
    const redirectTo = this.mailer.safeRedirect(command.redirectTo, '/dashboard/settings');
    this.mailer.confirmEmailChange(em, email, await this.tokens.issue(em, user.id, 'email_change'), redirectTo);
    this.mailer.emailChangeRequested(
      em,
      user.email,
      email,
      await this.tokens.issue(em, user.id, 'email_change_current'),
      redirectTo,
    );
  }
}
