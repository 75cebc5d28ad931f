/** Card currencies the sandbox takes (ISO 4217); amounts are integers in each one's minor unit. */
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'JPY'] as const;

export type Currency = (typeof CURRENCIES)[number];

/** "$12.50", "€9.99", "¥500": the amount as a customer reads it. */
export function formatAmount(amountMinor: number, currency: string, locale = 'en-US'): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
