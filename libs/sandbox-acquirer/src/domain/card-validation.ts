/** The hosted page's own checks of what a customer typed; messages are shown next to the field. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown';

export const BRAND_LABELS: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9][1-9]|2[3-9]\d|[3-6]\d\d|7[01]\d|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface ValidCard {
  number: string;
  brand: CardBrand;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
}

export type CardErrors = Partial<Record<keyof CardInput, string>>;

/** "MM / YY", "MM/YY" or "MM/YYYY" → month and four-digit year, or null. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(month: number, year: number, now: Date): boolean {
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) < current;
}

export function validateCard(input: CardInput, now: Date = new Date()): { card: ValidCard } | { errors: CardErrors } {
  const errors: CardErrors = {};
  const number = digitsOnly(input.number);
  const brand = cardBrand(number);
  if (!number) errors.number = 'Enter your card number.';
  else if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    errors.number = 'Your card number is incomplete or incorrect.';

  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = "Enter your card's expiry date.";
  else if (!expiry) errors.expiry = 'Enter the expiry date as MM / YY.';
  else if (isExpired(expiry.month, expiry.year, now)) errors.expiry = "Your card's expiry date is in the past.";
  else if (expiry.year > now.getUTCFullYear() + 20) errors.expiry = "Your card's expiry year is invalid.";

  const cvc = input.cvc.trim();
  if (!cvc) errors.cvc = "Enter your card's security code.";
  else if (!/^\d{3,4}$/.test(cvc)) errors.cvc = 'The security code is 3 or 4 digits.';

  const name = input.name.trim();
  if (!name) errors.name = 'Enter the name on your card.';
  else if (name.length > 100) errors.name = 'The name is too long.';

  if (Object.keys(errors).length > 0 || !expiry) return { errors };
  return { card: { number, brand, last4: number.slice(-4), expMonth: expiry.month, expYear: expiry.year, name } };
}
