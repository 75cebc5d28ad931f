import { describe, expect, it } from '@jest/globals';
import { checkPassword, passwordTooLong, PASSWORD_SPECIAL_CHARACTERS } from './password-policy.js';

describe('password policy (SPEC §5 plus common-password refusal)', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPassword('Tidal-Orchid-58')).toEqual({ ok: true, reasons: [], message: '' });
  });

  it.each([
    ['Ab1!xyz', ['length']],
    ['tidalorch1!', ['characters']],
    ['TIDALORCH1!', ['characters']],
    ['Tidalorchid!', ['characters']],
    ['Tidalorchid1', ['characters']],
    ['Password1!', ['pwned']],
    ['Qwerty123!', ['pwned']],
    ['short', ['length', 'characters', 'pwned']],
  ])('refuses %s for %j', (password, reasons) => {
    expect(checkPassword(password).reasons).toEqual(reasons);
    expect(checkPassword(password).ok).toBe(false);
  });

  it('counts every character of the documented special set, and nothing else', () => {
    for (const special of PASSWORD_SPECIAL_CHARACTERS) expect(checkPassword(`Tidal${special}Orchid58`).ok).toBe(true);
    expect(checkPassword('Tidal Orchid58').reasons).toEqual(['characters']);
    expect(checkPassword('Tidal€Orchid58').reasons).toEqual(['characters']);
  });

  it('measures the bcrypt limit in bytes, not characters', () => {
    expect(passwordTooLong('a'.repeat(72))).toBe(false);
    expect(passwordTooLong('a'.repeat(73))).toBe(true);
    expect(passwordTooLong('é'.repeat(37))).toBe(true);
  });
});
