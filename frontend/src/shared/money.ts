import { formatMoney } from './format';

export const CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type Currency = (typeof CURRENCIES)[number];

const SYMBOLS: Record<Currency, string> = { USD: '$', EUR: '€', GBP: '£' };

export const currencySymbol = (currency: string) => SYMBOLS[currency as Currency] ?? currency;

/** What a money input holds: Mantine's NumberInput gives a number, or a string while it is being typed or empty. */
export type MajorAmount = number | string;

/** Every supported currency has two decimals: 12.5 (major) is sent as 1250 (minor). */
export const toMinor = (major: MajorAmount) => Math.round(Number(major) * 100);
export const toMajor = (minor: number) => minor / 100;

/** A range check for a money input, worded in the units the creator types. */
export function checkAmount(value: MajorAmount, minMinor: number, maxMinor: number, currency: string): string | null {
  const range = `Enter an amount from ${formatMoney(minMinor, currency)} to ${formatMoney(maxMinor, currency)}`;
  if (value === '' || !Number.isFinite(Number(value))) return range;
  const minor = Number(value) * 100;
  if (Math.abs(minor - Math.round(minor)) > 1e-6) return 'Use at most two decimals';
  return minor < minMinor || minor > maxMinor ? range : null;
}
