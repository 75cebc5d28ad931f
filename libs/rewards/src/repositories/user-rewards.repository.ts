import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * `user_rewards`, one row per account: its Solana wallet (dated when first added) and Telegram name.
 * A unique violation from these statements (other than the primary key the upserts resolve) is the
 * wallet or name of another account.
 */
export async function clearRewardsWallet(em: EntityManager, userId: string, now: Date): Promise<void> {
  await em.execute(
    `update user_rewards set wallet_address = null, wallet_added_at = null, updated_at = ? where user_id = ?`,
    [now, userId],
  );
}

export async function clearRewardsTelegram(em: EntityManager, userId: string, now: Date): Promise<void> {
  await em.execute(`update user_rewards set telegram_username = null, updated_at = ? where user_id = ?`, [now, userId]);
}

/** Re-saving the same wallet keeps its first date: eligibility depends on when it was added. */
export async function saveRewardsWallet(em: EntityManager, userId: string, wallet: string, now: Date): Promise<void> {
  await em.execute(
    `insert into user_rewards (user_id, wallet_address, wallet_added_at, created_at, updated_at) values (?, ?, ?, ?, ?)
     on conflict (user_id) do update set
       wallet_added_at = case when user_rewards.wallet_address is distinct from excluded.wallet_address
                              then excluded.wallet_added_at else user_rewards.wallet_added_at end,
       wallet_address = excluded.wallet_address, updated_at = excluded.updated_at`,
    [userId, wallet, now, now, now],
  );
}

export async function saveRewardsTelegram(
  em: EntityManager,
  userId: string,
  username: string,
  now: Date,
): Promise<void> {
  await em.execute(
    `insert into user_rewards (user_id, telegram_username, created_at, updated_at) values (?, ?, ?, ?)
     on conflict (user_id) do update set telegram_username = excluded.telegram_username, updated_at = excluded.updated_at`,
    [userId, username, now, now],
  );
}

/** A deleted account's identifiers go; the row stays, dating its rewards history. */
export async function eraseRewardsContacts(em: EntityManager, userId: string, now: Date): Promise<void> {
  await em.execute(
    `update user_rewards set wallet_address = null, wallet_added_at = null, telegram_username = null, updated_at = ? where user_id = ?`,
    [now, userId],
  );
}
