import { AppError } from '#app/platform';
import type { User } from '../entities/user.entity.js';
import { IdentityErrors } from '../identity.errors.js';
import { Passwords } from './passwords.js';
import type { IdentityLimits } from './identity-limits.js';

const LOCK_MINUTES = 15;

/**
 * The signed-in person proves they know the password (deleting the account, changing the
 * password from settings): the check of sign-in, under its counters and lockout, so these
 * routes are no way around them. `wrong` is the error a wrong password answers.
 */
export async function provePassword(
  passwords: Passwords,
  limits: IdentityLimits,
  user: User,
  password: string,
  ip: string,
  wrong: () => AppError = IdentityErrors.invalidCredentials,
): Promise<void> {
  const lockKey = `${user.id}:${Passwords.stamp(user.encryptedPassword)}:${ip}`;
  if (await limits.isLocked('signInFailuresPerAccountIp', lockKey)) throw IdentityErrors.accountLocked(LOCK_MINUTES);
  if (await passwords.compare(password, user.encryptedPassword))
    return limits.reset('signInFailuresPerAccountIp', lockKey);
  await limits.fail('signInFailuresPerIp', ip);
  if (await limits.fail('signInFailuresPerAccountIp', lockKey)) throw IdentityErrors.accountLocked(LOCK_MINUTES);
  throw wrong();
}
