import { AppError } from '#app/platform';

export interface AccountRef {
  id: string;
  role: string;
}

/** Whom each staff role may act on through the console: moderators on users, admins on moderators and users. */
const MAY_ACT_ON: Record<string, readonly string[]> = {
  moderator: ['fan', 'creator'],
  admin: ['fan', 'creator', 'moderator'],
};

/**
 * The one rule for every staff action on an account (disable 2FA, change role, ...): nobody acts on
 * their own account, and only on accounts below their own role. Throws a 403 otherwise.
 */
export function assertStaffMayActOn(actor: AccountRef, target: AccountRef): void {
  if (actor.id === target.id) throw new AppError(403, 'own_account', 'Staff cannot act on their own account through the console; ask another admin');
  const allowed = MAY_ACT_ON[actor.role];
  if (!allowed) throw new AppError(403, 'forbidden', 'This action is for moderators and admins');
  if (!allowed.includes(target.role)) {
    const who = actor.role === 'admin' ? 'An admin can act only on moderators and users' : 'A moderator can act only on users';
    throw new AppError(403, 'staff_hierarchy', `${who}, not on ${target.role === 'admin' ? 'an admin' : `a ${target.role}`}`);
  }
}
