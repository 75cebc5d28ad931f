import { cardDigits } from '../../domain/card.js';

export type SandboxOutcome = 'approve' | 'decline' | 'insufficient_funds';

/** The sandbox's test cards (any other valid number is approved). */
export const SANDBOX_CARDS: Record<string, SandboxOutcome> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'decline',
  '4000000000009995': 'insufficient_funds',
};

export const FAILURE_MESSAGES: Record<Exclude<SandboxOutcome, 'approve'>, string> = {
  decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

export const outcomeOfCard = (number: string): SandboxOutcome => SANDBOX_CARDS[cardDigits(number)] ?? 'approve';

/** Platform tokens per major unit of each currency at the sandbox's fixed rate. */
const TOKENS_PER_MAJOR: Record<string, number> = { USD: 100, EUR: 108, GBP: 127 };

export function tokenAmount(amountMinor: number, currency: string): string {
  return String(Math.ceil((amountMinor * (TOKENS_PER_MAJOR[currency] ?? 100)) / 100));
}
