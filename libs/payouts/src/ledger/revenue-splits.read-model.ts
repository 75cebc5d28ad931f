import type { EntityManager } from '@mikro-orm/postgresql';
import type { RevenueSplit } from '../domain/split.js';

/** The split version in force when the sale happened: a new version applies only to later sales. */
export async function splitAt(em: EntityManager, rail: 'fiat' | 'token', at: Date): Promise<RevenueSplit> {
  const [row] = await em.execute<{ id: number; creator_bps: number; referral_bps: number }[]>(
    `select id, creator_bps, referral_bps from revenue_splits where rail = ? and effective_from <= ? order by effective_from desc limit 1`,
    [rail, at],
  );
  if (!row) throw new Error(`no ${rail} revenue split in force at ${at.toISOString()}`);
  return { id: row.id, rail, creatorBps: row.creator_bps, referralBps: row.referral_bps };
}
