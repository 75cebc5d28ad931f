import type { LimitRule } from '#app/platform';

/** Messages one sender may send, across all their conversations. */
export const SEND_RATE: LimitRule = { points: 30, duration: 60 };
/** An account this young is new: it starts few conversations, and as a fan sends no links. */
export const NEW_ACCOUNT_DAYS = 7;
/** Conversations a new account may start in a day. */
export const NEW_ACCOUNT_CONVERSATIONS: LimitRule = { points: 5, duration: 24 * 3600 };
/** The same text (10 characters or more) may reach at most this many conversations in the window. */
export const DUPLICATE_RULE = { maxConversations: 3, windowMs: 10 * 60_000, minLength: 10 };

const DAY_MS = 24 * 3600_000;

export function isNewAccount(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS;
}

/** The duplicate rule looks at texts long enough to be a pitch; "thank you!" is not spam. */
export const duplicateRuleApplies = (text: string) => text.length >= DUPLICATE_RULE.minLength;

/** The text already went to `others` other conversations in the window: this one would be one too many. */
export const isDuplicateSpam = (others: number) => others >= DUPLICATE_RULE.maxConversations;
