import { dictionary } from '@zxcvbn-ts/language-common';

/** The special characters a password may use to satisfy the "one special character" rule. */
export const PASSWORD_SPECIAL_CHARACTERS = `!@#$%^&*()_+-=[]{};':"\\|,.<>/?\`~`;
export const PASSWORD_MIN_LENGTH = 8;
/** bcrypt reads at most 72 bytes; anything longer would be silently truncated. */
export const PASSWORD_MAX_BYTES = 72;

export type WeakPasswordReason = 'length' | 'characters' | 'pwned';

const common = new Set((dictionary as Record<string, string[]>)['passwords-common']);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  const stripped = lower.replace(/[^a-z0-9]+$/, '');
  return common.has(lower) || common.has(stripped);
}

export interface PasswordVerdict {
  ok: boolean;
  reasons: WeakPasswordReason[];
  message: string;
}

/** SPEC §5 rules plus a refusal of the ~49,000 most common passwords (offline list). */
export function checkPassword(password: string): PasswordVerdict {
  const reasons: WeakPasswordReason[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) reasons.push('length');
  const hasSpecial = [...password].some((char) => PASSWORD_SPECIAL_CHARACTERS.includes(char));
  if (!/[a-z]/.test(password) || !/[A-Z]/.test(password) || !/[0-9]/.test(password) || !hasSpecial) {
    reasons.push('characters');
  }
  if (isCommon(password)) reasons.push('pwned');
  const messages: Record<WeakPasswordReason, string> = {
    length: `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`,
    characters: `Password should contain at least one lowercase letter, one uppercase letter, one digit and one special character (${PASSWORD_SPECIAL_CHARACTERS}).`,
    pwned: 'Password is too common and easy to guess. Please choose a different one.',
  };
  return { ok: reasons.length === 0, reasons, message: reasons.map((reason) => messages[reason]).join(' ') };
}

export function passwordTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > PASSWORD_MAX_BYTES;
}
