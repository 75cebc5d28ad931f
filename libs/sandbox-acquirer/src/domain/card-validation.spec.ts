import { describe, expect, it } from '@jest/globals';
import { cardBrand, isExpired, parseExpiry, passesLuhn, validateCard } from './card-validation.js';

const now = new Date('2026-11-15T12:00:00Z');
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Ada Lovelace' };

describe('card validation', () => {
  it('checks the Luhn sum', () => {
    expect(passesLuhn('4242424242424242')).toBe(true);
    expect(passesLuhn('4000000000003220')).toBe(true);
    expect(passesLuhn('4242424242424241')).toBe(false);
    expect(passesLuhn('42424242a4242424')).toBe(false);
  });

  it('names the brand from the leading digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('9999999999999995')).toBe('unknown');
  });

  it('reads MM/YY and MM/YYYY expiry dates and refuses impossible months', () => {
    expect(parseExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('7 / 2031')).toEqual({ month: 7, year: 2031 });
    expect(parseExpiry('0729')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('tomorrow')).toBeNull();
  });

  it('treats a card as valid through the end of its expiry month', () => {
    expect(isExpired(11, 2026, now)).toBe(false);
    expect(isExpired(10, 2026, now)).toBe(true);
    expect(isExpired(1, 2027, now)).toBe(false);
  });

  it('accepts a good card and keeps only what the rest of the flow needs', () => {
    expect(validateCard(good, now)).toEqual({
      card: {
        number: '4242424242424242',
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        name: 'Ada Lovelace',
      },
    });
  });

  it('explains each bad field', () => {
    const result = validateCard({ number: '4242 4242 4242 4241', expiry: '10/26', cvc: '12', name: ' ' }, now);
    expect(result).toEqual({
      errors: {
        number: 'Your card number is incomplete or incorrect.',
        expiry: "Your card's expiry date is in the past.",
        cvc: 'The security code is 3 or 4 digits.',
        name: 'Enter the name on your card.',
      },
    });
    expect(validateCard({ ...good, number: '', expiry: '', cvc: '' }, now)).toEqual({
      errors: {
        number: 'Enter your card number.',
        expiry: "Enter your card's expiry date.",
        cvc: "Enter your card's security code.",
      },
    });
    expect(validateCard({ ...good, expiry: '99/99' }, now)).toEqual({
      errors: { expiry: 'Enter the expiry date as MM / YY.' },
    });
    expect(validateCard({ ...good, cvc: '1234' }, now)).toHaveProperty('card');
  });
});
