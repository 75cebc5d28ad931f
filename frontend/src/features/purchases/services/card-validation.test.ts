import { describe, expect, it } from 'vitest';
import { cardNumberError, cvcError, expiryError, formatCardNumber, formatExpiry, luhnValid, nameError } from './card-validation';

describe('card validation', () => {
  it('checks card numbers with Luhn, ignoring spaces', () => {
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242 4242 4242 4241')).toBe(false);
    expect(cardNumberError('')).toBe('Enter your card number');
    expect(cardNumberError('1234 5678')).toBe('This card number is not valid. Check the digits.');
    expect(cardNumberError('4242 4242 4242 4242')).toBeNull();
  });

  it('formats the number in groups of four and the expiry as MM/YY while typing', () => {
    expect(formatCardNumber('42424242x42424242999999')).toBe('4242 4242 4242 4242 999');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('12');
  });

  it('accepts an expiry through the end of its month and refuses past or malformed ones', () => {
    const now = new Date(2026, 10, 15);
    expect(expiryError('11/26', now)).toBeNull();
    expect(expiryError('10/26', now)).toBe('This card has expired');
    expect(expiryError('01/25', now)).toBe('This card has expired');
    expect(expiryError('13/30', now)).toBe('The month must be between 01 and 12');
    expect(expiryError('1/30', now)).toBe('Enter the expiry date as MM/YY');
  });

  it('needs a 3-4 digit CVC and a name', () => {
    expect(cvcError('12')).toBe('Enter the 3 or 4 digit security code');
    expect(cvcError('123')).toBeNull();
    expect(cvcError('1234')).toBeNull();
    expect(nameError(' ')).toBe('Enter the name shown on the card');
    expect(nameError('Jane Doe')).toBeNull();
  });
});
