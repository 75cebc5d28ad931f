import type { EntityManager } from '@mikro-orm/postgresql';

/** What the sandbox partner was asked to pay, one row per payout id (the sandbox's own table, `sandbox_payouts`). */
export interface SandboxPayoutRow {
  payout_id: string;
  destination: string;
  amount_minor: number;
  currency: string;
  outcome: string;
}

/** The account holder names on these payees' payout methods (the sandbox refuses some names). */
export function accountHoldersOf(
  em: EntityManager,
  payeeIds: readonly string[],
): Promise<{ user_id: string; account_holder: string | null }[]> {
  return em.execute<{ user_id: string; account_holder: string | null }[]>(
    `select user_id, account_holder from payout_methods where user_id in (select (value #>> '{}')::uuid from jsonb_array_elements(?::jsonb))`,
    [JSON.stringify(payeeIds)],
  );
}

/** Records the submissions; a payout id seen before keeps its first row (as a real provider's idempotency key would). */
export async function recordSandboxPayouts(
  em: EntityManager,
  rows: readonly SandboxPayoutRow[],
  at: Date,
): Promise<void> {
  await em.execute(
    `insert into sandbox_payouts (payout_id, destination, amount_minor, currency, outcome, received_at)
     select p.payout_id, p.destination, p.amount_minor, p.currency, p.outcome, ?
       from jsonb_to_recordset(?::jsonb) as p(payout_id uuid, destination text, amount_minor bigint, currency text, outcome text)
     on conflict (payout_id) do nothing`,
    [at, JSON.stringify(rows)],
  );
}
