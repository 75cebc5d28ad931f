import cardValidator from 'card-validator';
import type { FieldProblem } from './store-settings.js';

export interface CardInput {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

/** Digits only: fans type card numbers with spaces or dashes. */
export const cardDigits = (number: string): string => number.replace(/[\s-]/g, '');

/** A number of a known card brand with a valid check digit (Luhn), by Braintree's card-validator. */
export function passesLuhn(digits: string): boolean {
  return /^\d{12,19}$/.test(digits) && cardValidator.number(digits).isValid;
}

/** A card is usable through the last day of its expiry month (UTC). */
export function expiryInPast(expiry: string, now: Date): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!match) return true;
  const year = 2000 + Number(match[2]);
  const month = Number(match[1]);
  return Date.UTC(year, month, 1) <= now.getTime();
}

/** What is wrong with the card details, field by field (empty when they can be charged). */
export function checkCard(card: CardInput, now: Date): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!passesLuhn(cardDigits(card.number))) problems.push({ field: 'card.number', message: 'Your card number is invalid.' });
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(card.expiry)) problems.push({ field: 'card.expiry', message: 'Enter the expiry date as MM/YY.' });
  else if (expiryInPast(card.expiry, now)) problems.push({ field: 'card.expiry', message: "Your card's expiration date is in the past." });
  if (!/^\d{3,4}$/.test(card.cvc)) problems.push({ field: 'card.cvc', message: "Your card's security code (CVC) has 3 or 4 digits." });
  if (card.name.trim().length === 0) problems.push({ field: 'card.name', message: 'Enter the name on the card.' });
  return problems;
}
