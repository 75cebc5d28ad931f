import bs58 from 'bs58';

export type PayoutMethodInput =
  | { kind: 'bank'; accountHolder: string; iban: string; currency: string }
  | { kind: 'crypto'; network: 'solana'; address: string };

export const PAYOUT_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;

/** ISO 13616: country code, two check digits, mod 97 of the rearranged number equals 1. */
export function normaliseIban(input: string): string | null {
  const iban = input.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return null;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1 ? iban : null;
}

export function isSolanaAddress(address: string): boolean {
  try {
    return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address) && bs58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** Problems with a payout method, as field → message; empty when it can be saved. */
export function checkPayoutMethod(input: PayoutMethodInput): { field: string; message: string }[] {
  if (input.kind === 'bank') {
    const problems: { field: string; message: string }[] = [];
    if (input.accountHolder.trim().length < 2 || input.accountHolder.trim().length > 120)
      problems.push({ field: 'accountHolder', message: 'Enter the account holder name (2-120 characters)' });
    if (!normaliseIban(input.iban))
      problems.push({ field: 'iban', message: 'Enter a valid IBAN (country code, check digits and account number)' });
    if (!(PAYOUT_CURRENCIES as readonly string[]).includes(input.currency))
      problems.push({ field: 'currency', message: `The payout currency is one of ${PAYOUT_CURRENCIES.join(', ')}` });
    return problems;
  }
  return isSolanaAddress(input.address) ? [] : [{ field: 'address', message: 'Enter a valid Solana wallet address' }];
}
