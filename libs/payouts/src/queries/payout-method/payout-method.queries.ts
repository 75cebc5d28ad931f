import type { EntityManager } from '@mikro-orm/postgresql';

export interface MethodRow {
  kind: 'bank' | 'crypto';
  account_holder: string | null;
  iban: string | null;
  currency: string | null;
  network: 'solana' | null;
  address: string | null;
  updated_at: Date;
}

/** The user's payout method as stored (the full IBAN: reduce it before it leaves the server). */
export async function payoutMethodOf(em: EntityManager, userId: string): Promise<MethodRow | null> {
  const [row] = await em.execute<MethodRow[]>(`select * from payout_methods where user_id = ?`, [userId]);
  return row ?? null;
}
