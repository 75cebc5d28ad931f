import type { EntityManager } from '@mikro-orm/postgresql';

/** A payout method as stored: a bank account (IBAN) or a crypto wallet. */
export interface StoredPayoutMethod {
  kind: 'bank' | 'crypto';
  account_holder: string | null;
  iban: string | null;
  currency: string | null;
  network: string | null;
  address: string | null;
}

/** The one writer of `payout_methods`: one method per user, replaced whole or removed. */

/** Sets the user's method, replacing the one they had. */
export async function savePayoutMethod(
  em: EntityManager,
  userId: string,
  method: StoredPayoutMethod,
  at: Date,
): Promise<void> {
  await em.execute(
    `insert into payout_methods (user_id, kind, account_holder, iban, currency, network, address, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (user_id) do update set kind = excluded.kind, account_holder = excluded.account_holder, iban = excluded.iban, currency = excluded.currency,
       network = excluded.network, address = excluded.address, updated_at = excluded.updated_at`,
    [userId, method.kind, method.account_holder, method.iban, method.currency, method.network, method.address, at],
  );
}

/** Removes the user's method; the one removed, or null when there was none. */
export async function removePayoutMethod(em: EntityManager, userId: string): Promise<StoredPayoutMethod | null> {
  const [removed] = await em.execute<StoredPayoutMethod[]>(
    `delete from payout_methods where user_id = ? returning kind, account_holder, iban, currency, network, address`,
    [userId],
  );
  return removed ?? null;
}
