import cardValidator from 'card-validator';
/** Client-side checks of the card form; the server checks again (the sandbox applies the same rules). */

export const digitsOnly = (value: string) => value.replace(/\D/g, '');

/** '4242424242424242' → '4242 4242 4242 4242' while typing (at most 19 digits). */
export const formatCardNumber = (value: string) =>
  digitsOnly(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** '1', '12', '123' → '1', '12/', '12/3' while typing. */
export function formatExpiry(value: string, previous = ''): string {
  const digits = digitsOnly(value).slice(0, 4);
  // Deleting the slash must not put it straight back.
  if (digits.length === 2 && previous.length > value.length) return digits;
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A number of a known card brand with a valid check digit (Luhn), by Braintree's card-validator. */
export function luhnValid(number: string): boolean {
  const digits = digitsOnly(number);
  return digits.length >= 12 && digits.length <= 19 && cardValidator.number(digits).isValid;
}

export function cardNumberError(value: string): string | null {
  if (!digitsOnly(value)) return 'Enter your card number';
  return luhnValid(value) ? null : 'This card number is not valid. Check the digits.';
}

export function expiryError(value: string, now = new Date()): string | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(value.trim());
  if (!match) return 'Enter the expiry date as MM/YY';
  const month = Number(match[1]);
  if (month < 1 || month > 12) return 'The month must be between 01 and 12';
  const year = 2000 + Number(match[2]);
  // A card is valid through the last day of its expiry month.
  if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1)) return 'This card has expired';
  return null;
}

export const cvcError = (value: string) => (/^\d{3,4}$/.test(value) ? null : 'Enter the 3 or 4 digit security code');

export const nameError = (value: string) => (value.trim().length >= 2 ? null : 'Enter the name shown on the card');
