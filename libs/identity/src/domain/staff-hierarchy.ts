import { AppError } from '#app/platform';

export interface AccountRef {
  id: string;
  role: string;
}

export type StaffRefusalCode = 'own_account' | 'forbidden' | 'staff_hierarchy';

export interface StaffRefusal {
  code: StaffRefusalCode;
  message: string;
}

/** Whom each staff role may act on through the console: moderators on users, admins on moderators and users. */
const MAY_ACT_ON: Record<string, readonly string[]> = {
  moderator: ['fan', 'creator'],
  admin: ['fan', 'creator', 'moderator'],
};

/**
 * The one rule for every staff action on an account (disable 2FA, change role, ...): nobody acts on
 * their own account, and only on accounts below their own role. Null when the action is allowed;
 * the console's user list shows it per row, so it offers only what the server would accept.
 */
export function staffRefusal(actor: AccountRef, target: AccountRef): StaffRefusal | null {
  if (actor.id === target.id)
    return {
      code: 'own_account',
      message: 'Staff cannot act on their own account through the console; ask another admin',
    };
  const allowed = MAY_ACT_ON[actor.role];
  if (!allowed) return { code: 'forbidden', message: 'This action is for moderators and admins' };
  if (allowed.includes(target.role)) return null;
  const who =
    actor.role === 'admin' ? 'An admin can act only on moderators and users' : 'A moderator can act only on users';
  return {
    code: 'staff_hierarchy',
    message: `${who}, not on ${target.role === 'admin' ? 'an admin' : `a ${target.role}`}`,
  };
}

/** {@link staffRefusal} for the commands that act: throws its refusal as a 403. */
export function assertStaffMayActOn(actor: AccountRef, target: AccountRef): void {
  const refusal = staffRefusal(actor, target);
  if (refusal) throw new AppError(403, refusal.code, refusal.message);
}
