// Format checks the payout form runs before sending; the server checks again.

/** IBAN lengths of the SEPA countries (SWIFT IBAN registry); other countries get the general 15-34 bound. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/** As the bank prints it ('DE89 3704 ...') or typed in lower case: upper case without spaces. */
export const normalizeIban = (input: string) => input.replace(/[\s-]+/g, '').toUpperCase();

/** ISO 13616 check: country code, check digits, the country's length, and the mod-97 checksum equal to 1. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const expected = IBAN_LENGTHS[iban.slice(0, 2)];
  if (expected !== undefined && iban.length !== expected) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    // Letters count as two digits (A = 10 ... Z = 35); the remainder is carried piece by piece.
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A Solana address: base58 (no 0, O, I or l), 32-44 characters. */
export const isSolanaAddress = (input: string) => /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(input.trim());
