import bs58 from 'bs58';

export type Checked = { ok: true; value: string } | { ok: false; message: string };

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;

/** A Solana address is a base58-encoded 32-byte public key (32 to 44 characters once encoded). */
export function checkSolanaAddress(input: string): Checked {
  const value = input.trim();
  if (value === '') return { ok: false, message: 'Enter your Solana wallet address' };
  if (!BASE58.test(value)) {
    return { ok: false, message: 'A Solana wallet address uses only base58 characters (no 0, O, I or l, no spaces)' };
  }
  const bytes = bs58.decode(value);
  if (bytes.length !== 32) {
    return {
      ok: false,
      message: `This is not a Solana wallet address: it decodes to ${bytes.length} bytes instead of 32`,
    };
  }
  return { ok: true, value };
}

const TELEGRAM = /^[A-Za-z0-9_]{5,32}$/;

/** Telegram usernames: 5 to 32 letters, digits or underscores; a leading @ is accepted and dropped. */
export function checkTelegramUsername(input: string): Checked {
  const value = input.trim().replace(/^@/, '');
  if (value === '') return { ok: false, message: 'Enter your Telegram username' };
  if (!TELEGRAM.test(value)) {
    return { ok: false, message: 'A Telegram username has 5 to 32 characters: letters, digits or underscores' };
  }
  return { ok: true, value };
}
