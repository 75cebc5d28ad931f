import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayeeHistory } from '../domain/hold-policy.js';

/**
 * The one writer of `payee_profiles`: what the hold policy knows about a payee. The first earning
 * opens the profile; a chargeback restarts the clean history.
 */

/** The payee's history for a hold decided at `at`, opening the profile on their first earning. */
export async function openPayeeProfile(em: EntityManager, payeeId: string, at: Date): Promise<PayeeHistory> {
  await em.execute(
    `insert into payee_profiles (user_id, first_earning_at) values (?, ?) on conflict (user_id) do nothing`,
    [payeeId, at],
  );
  const [row] = await em.execute<{ first_earning_at: Date; high_risk: boolean; last_incident_at: Date | null }[]>(
    `select first_earning_at, high_risk, last_incident_at from payee_profiles where user_id = ?`,
    [payeeId],
  );
  return {
    firstEarningAt: new Date(row.first_earning_at),
    highRisk: row.high_risk,
    lastIncidentAt: row.last_incident_at && new Date(row.last_incident_at),
  };
}

/** A chargeback at `at`: the payee's clean history starts again from then (never moved back by an older event). */
export async function recordIncident(em: EntityManager, payeeId: string, at: Date): Promise<void> {
  await em.execute(
    `update payee_profiles set last_incident_at = greatest(coalesce(last_incident_at, ?), ?) where user_id = ?`,
    [at, at, payeeId],
  );
}
