import { describe, expect, it } from 'vitest';
import { checkPasswordRules, meetsPasswordRules, PASSWORD_SPECIAL_CHARACTERS } from './password-rules';

const failing = (password: string) =>
  checkPasswordRules(password)
    .filter((r) => !r.met)
    .map((r) => r.id);

describe('password rules', () => {
  it('accepts a password that satisfies every rule', () => {
    expect(meetsPasswordRules('Str0ng!pass')).toBe(true);
    expect(failing('Str0ng!pass')).toEqual([]);
  });

  it.each([
    ['Sh0rt!a', ['length']],
    ['NOLOWER1!', ['lowercase']],
    ['noupper1!', ['uppercase']],
    ['NoDigits!!', ['digit']],
    ['NoSpecial12', ['special']],
    ['', ['length', 'lowercase', 'uppercase', 'digit', 'special']],
  ])('reports exactly the unmet rules for %j', (password, expected) => {
    expect(failing(password)).toEqual(expected);
    expect(meetsPasswordRules(password)).toBe(false);
  });

  it('treats exactly 8 characters as long enough', () => {
    expect(failing('Abcdef1!')).toEqual([]);
  });

  it('accepts every character of the special set and nothing outside it', () => {
    for (const ch of PASSWORD_SPECIAL_CHARACTERS) {
      expect(meetsPasswordRules(`Abcdefg1${ch}`), `special character ${ch}`).toBe(true);
    }
    expect(meetsPasswordRules('Abcdefg1 ')).toBe(false);
    expect(meetsPasswordRules('Abcdefg1€')).toBe(false);
    expect(meetsPasswordRules('Abcdefg1é')).toBe(false);
  });

  it('uses the exact special set the backend enforces', () => {
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('!@#$%^&*()_+-=[]{};\':"\\|,.<>/?`~');
  });
});
