import type { EntityManager } from '@mikro-orm/postgresql';

export interface AirdropEligible {
  userId: string;
  walletAddress: string;
  walletAddedAt: Date;
  telegramUsername: string | null;
}

/** Accounts whose wallet was added before the snapshot, in the order they added it. */
export async function airdropEligible(em: EntityManager, snapshot: Date): Promise<AirdropEligible[]> {
  const rows = await em.execute<
    { user_id: string; wallet_address: string; wallet_added_at: Date | string; telegram_username: string | null }[]
  >(
    `select user_id, wallet_address, wallet_added_at, telegram_username from user_rewards
        where wallet_address is not null and wallet_added_at < ? order by wallet_added_at, user_id`,
    [snapshot],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    walletAddress: row.wallet_address,
    walletAddedAt: new Date(row.wallet_added_at),
    telegramUsername: row.telegram_username,
  }));
}
