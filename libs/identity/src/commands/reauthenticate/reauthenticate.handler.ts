import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AppError, Clock } from '#app/platform';
import { IdentityErrors } from '../../identity.errors.js';
import { Passwords } from '../../auth/passwords.js';
import { IdentityLimits } from '../../auth/identity-limits.js';
import { FactorReader } from '../../auth/factor-reader.js';
import { ReauthenticationRepository } from '../../repositories/reauthentication.repository.js';
import { ReauthenticateCommand } from './reauthenticate.command.js';

const LOCK_MINUTES = 15;

const useSecondFactor = () =>
  new AppError(
    403,
    'mfa_reauthentication_required',
    'Two-factor authentication is on: confirm it is you with a code from your authenticator app.',
  );

/**
 * Re-authenticates the caller's own session with their password, under the sign-in limits and
 * lockout (same counters, so this route is no way around them). With 2FA on only a code counts
 * (the MFA verify route does it), so a stolen session and a phished password are not enough.
 */
@CommandHandler(ReauthenticateCommand)
export class ReauthenticateHandler implements ICommandHandler<ReauthenticateCommand> {
  constructor(
    @Inject(ReauthenticationRepository) private readonly accounts: ReauthenticationRepository,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(Passwords) private readonly passwords: Passwords,
    @Inject(IdentityLimits) private readonly limits: IdentityLimits,
    @Inject(FactorReader) private readonly factors: Pick<FactorReader, 'forUser'>,
  ) {}

  async execute({ userId, sessionId, password, client }: ReauthenticateCommand): Promise<{ authenticated_at: string }> {
    await this.limits.consume('signInPerIp', client.ip);
    if (await this.limits.isLocked('signInFailuresPerIp', client.ip)) throw IdentityErrors.rateLimited(3600);
    if ((await this.factors.forUser(userId)).some((factor) => factor.status === 'verified')) throw useSecondFactor();

    const hash = await this.accounts.passwordHashOf(userId);
    if (hash === null) throw IdentityErrors.userNotFound();
    const lockKey = `${userId}:${Passwords.stamp(hash)}:${client.ip}`;
    if (await this.limits.isLocked('signInFailuresPerAccountIp', lockKey))
      throw IdentityErrors.accountLocked(LOCK_MINUTES);
    if (!(await this.passwords.compare(password, hash))) {
      await this.limits.fail('signInFailuresPerIp', client.ip);
      if (await this.limits.fail('signInFailuresPerAccountIp', lockKey))
        throw IdentityErrors.accountLocked(LOCK_MINUTES);
      throw IdentityErrors.invalidCredentials();
    }
    await this.limits.reset('signInFailuresPerAccountIp', lockKey);

    const now = this.clock.now();
    if (!(await this.accounts.markAuthenticated(userId, sessionId, now))) throw IdentityErrors.sessionNotFound();
    return { authenticated_at: now.toISOString() };
  }
}
