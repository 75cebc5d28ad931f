import { describe, expect, it } from 'vitest';
import { emailField, newPasswordField, PASSWORD_RULES_MESSAGE } from './form-schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('shared form schemas', () => {
  it('judges an email as the forms always did: a dotted domain, no spaces', () => {
    const email = emailField();
    expect(email.safeParse('fan@example.com').success).toBe(true);
    expect(email.safeParse('fan+tag@sub.example.ie').success).toBe(true);
    expect(messages(email.safeParse('fan@localhost'))).toEqual(['Enter a valid email address']);
    expect(messages(email.safeParse('fan @example.com'))).toEqual(['Enter a valid email address']);
    expect(messages(emailField('Another text').safeParse(''))).toEqual(['Another text']);
  });

  it('refuses a new password that misses a rule with the spec text', () => {
    expect(newPasswordField().safeParse('Str0ng!pass').success).toBe(true);
    expect(messages(newPasswordField().safeParse('weakpass'))).toEqual([PASSWORD_RULES_MESSAGE]);
    expect(PASSWORD_RULES_MESSAGE).toBe('Please ensure your password meets all requirements.');
  });
});
