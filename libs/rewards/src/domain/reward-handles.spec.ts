import bs58 from 'bs58';
import { checkSolanaAddress, checkTelegramUsername } from './reward-handles.js';

describe('checkSolanaAddress', () => {
  it('accepts real 32-byte keys, including the system program and a typical wallet', () => {
    for (const address of [
      '11111111111111111111111111111111',
      'So11111111111111111111111111111111111111112',
      '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    ]) {
      expect(checkSolanaAddress(address)).toEqual({ ok: true, value: address });
    }
    expect(checkSolanaAddress('  9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM ')).toEqual({
      ok: true,
      value: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    });
  });

  it('refuses characters outside base58, with the reason', () => {
    const result = checkSolanaAddress('0xAbC1230000000000000000000000000000000000');
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/base58/) });
    expect(checkSolanaAddress('9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWl').ok).toBe(false);
  });

  it('refuses base58 text that does not decode to 32 bytes (an Ethereum-length key, a 64-byte secret key)', () => {
    expect(checkSolanaAddress(bs58.encode(new Uint8Array(20).fill(7)))).toEqual({
      ok: false,
      message: expect.stringMatching(/20 bytes instead of 32/),
    });
    expect(checkSolanaAddress(bs58.encode(new Uint8Array(64).fill(9))).ok).toBe(false);
    expect(checkSolanaAddress('').ok).toBe(false);
  });
});

describe('checkTelegramUsername', () => {
  it('accepts 5 to 32 letters, digits and underscores and strips one leading @', () => {
    expect(checkTelegramUsername('@fanmint_fan')).toEqual({ ok: true, value: 'fanmint_fan' });
    expect(checkTelegramUsername('abcde')).toEqual({ ok: true, value: 'abcde' });
    expect(checkTelegramUsername('a'.repeat(32)).ok).toBe(true);
  });

  it('refuses too short, too long and other characters', () => {
    for (const bad of ['abcd', '@abcd', 'a'.repeat(33), 'fan mint', 'fan-mint', '@@fanmint', '']) {
      expect(checkTelegramUsername(bad).ok).toBe(false);
    }
  });
});
