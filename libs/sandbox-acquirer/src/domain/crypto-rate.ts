/** Fixed sandbox rates: tokens per major unit of each currency the crypto invoices accept. */
export const TOKENS_PER_MAJOR_UNIT = { USD: 100, EUR: 108, GBP: 127 } as const;

export type CryptoCurrency = keyof typeof TOKENS_PER_MAJOR_UNIT;

export function isCryptoCurrency(currency: string): currency is CryptoCurrency {
  return Object.hasOwn(TOKENS_PER_MAJOR_UNIT, currency);
}

/** Whole tokens for an amount in minor units (cents, pence), rounded up so the merchant is never short. */
export function tokenAmount(amountMinor: number, currency: CryptoCurrency): number {
  return Math.ceil((amountMinor * TOKENS_PER_MAJOR_UNIT[currency]) / 100);
}
