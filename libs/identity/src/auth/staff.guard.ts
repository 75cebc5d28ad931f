import { Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { AppError } from '#app/platform';
import type { AuthContext, BearerRequest } from './bearer.strategy.js';
import { IdentityErrors } from '../identity.errors.js';

const STAFF_ROLES = new Set(['admin', 'moderator']);

/** Staff as the console counts them: a moderator or admin role, read from the database for this request, in an aal2 session. */
export function isStaffSession(auth: AuthContext): boolean {
  return STAFF_ROLES.has(auth.user.appRole) && auth.claims.aal === 'aal2';
}

/**
 * Admin and moderator routes (after BearerGuard): a staff role and a second factor in this session.
 * The bearer strategy read both from the database on this request (the role, and the session's aal
 * capping the token's), so a removed role or 2FA ends console access at once.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const auth = context.switchToHttp().getRequest<BearerRequest>().auth;
    if (!auth || !STAFF_ROLES.has(auth.user.appRole))
      throw new AppError(403, 'forbidden', 'This action is for moderators and admins');
    if (auth.claims.aal !== 'aal2')
      throw new AppError(
        403,
        'insufficient_aal',
        'AAL2 session is required for moderator and admin actions. Sign in with two-factor authentication.',
      );
    return true;
  }
}

/** Inside a staff route: the action is for admins only (moderators are refused with 403). */
export function requireAdmin(auth: AuthContext): void {
  if (auth.user.appRole !== 'admin') throw IdentityErrors.adminOnly();
}
