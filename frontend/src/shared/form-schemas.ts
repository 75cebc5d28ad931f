import type { FormErrors } from '@mantine/form';
import { z } from 'zod';
import { meetsPasswordRules } from '../lib/password-rules';
import { notify } from '../lib/notify';

/** The address shape @mantine/form's isEmail accepts (z.email is stricter), so every form judges an email alike. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/;

export const emailField = (message = 'Enter a valid email address') => z.string().regex(EMAIL_PATTERN, message);

export const PASSWORD_RULES_MESSAGE = 'Please ensure your password meets all requirements.';
export const PASSWORDS_DIFFER_MESSAGE = 'Passwords do not match';

/** A new password that holds every rule of the checklist. */
export const newPasswordField = () => z.string().refine(meetsPasswordRules, PASSWORD_RULES_MESSAGE);

/** Some refusals the spec also announces in a toast: the first of `fields` (in that order) that failed is shown. */
export function announceFirstError(errors: FormErrors, fields: readonly string[]): void {
  const field = fields.find((name) => errors[name]);
  if (field) notify.error(String(errors[field]));
}
