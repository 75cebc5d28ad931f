import { describe, expect, it } from 'vitest';
import { isSolanaAddress, isValidIban, normalizeIban } from './payout-checks';

describe('isValidIban', () => {
  it.each([
    'DE89370400440532013000',
    'GB82 WEST 1234 5698 7654 32',
    'fr14 2004 1010 0505 0001 3m02 606',
    'NO9386011117947',
  ])('accepts %s', (iban) => expect(isValidIban(iban)).toBe(true));

  it('refuses a wrong checksum', () => expect(isValidIban('DE89370400440532013001')).toBe(false));
  it('refuses a wrong length for the country', () => expect(isValidIban('DE8937040044053201300')).toBe(false));
  it('refuses a missing country code', () => expect(isValidIban('1289370400440532013000')).toBe(false));
  it('refuses letters in the check digits', () => expect(isValidIban('DEAB370400440532013000')).toBe(false));
  it('refuses an empty value', () => expect(isValidIban('')).toBe(false));

  it('normalises spaces and case', () => expect(normalizeIban(' gb82 west 1234 ')).toBe('GB82WEST1234'));
});

describe('isSolanaAddress', () => {
  it('accepts a base58 address of 32-44 characters', () => {
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(true);
    expect(isSolanaAddress('11111111111111111111111111111111')).toBe(true);
  });

  it('refuses characters outside base58 and wrong lengths', () => {
    expect(isSolanaAddress('0WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).toBe(false);
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWMl')).toBe(false);
    expect(isSolanaAddress('9WzDXwBbmkg8ZTbN')).toBe(false);
  });
});
