import { MikroORM } from '@mikro-orm/postgresql';
import type { TestPlatform } from './test-platform.js';

/**
 * Moving a row's time into the past: the one place the api suites write SQL to seed state. The product
 * stamps these columns when the thing happens (sign-up, sign-in, a verification's decision, a hosted
 * checkout's opening, a subscription period's end), some from the database's own clock (now()), which the injected Clock does not
 * reach, and the periods involved (30 days, 10 minutes, years of retention) are longer than a suite can
 * wait or than its sessions and TOTP codes live on an advanced Clock. Each statement moves exactly one
 * timestamp of one row and never a status: what follows from the passing time (an expiry, a purge, a
 * re-authentication prompt) is still done by the product.
 */
const STATEMENTS = {
  accountCreatedAt: `update users set created_at = ? where id = ?`,
  sessionAuthenticatedAt: `update sessions set authenticated_at = ? where id = ?`,
  verificationRetainedUntil: `update verification_submissions set retained_until = ? where user_id = ?`,
  checkoutExpiresAt: `update purchases set checkout_expires_at = ? where id = ?`,
  subscriptionPeriodEnd: `update subscriptions set current_period_end = ? where id = ?`,
} as const;

export type TimeTravelTarget = keyof typeof STATEMENTS;

/** Sets `target` of the row `id` (a user id for verificationRetainedUntil) to `at`. */
export async function timeTravel(
  platform: Pick<TestPlatform, 'api'>,
  target: TimeTravelTarget,
  id: string,
  at: Date,
): Promise<void> {
  await platform.api.get(MikroORM).em.fork().execute(STATEMENTS[target], [at, id]);
}

/** `ms` before `from` (default: the wall clock). */
export const ago = (ms: number, from: Date = new Date()) => new Date(from.getTime() - ms);
export const DAY_MS = 24 * 60 * 60 * 1000;
export const MINUTE_MS = 60 * 1000;
