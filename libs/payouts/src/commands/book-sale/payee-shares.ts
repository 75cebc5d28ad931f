import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FindUserQuery } from '#app/identity';
import { Ledger } from '../../ledger/ledger.repository.js';
import { holdFor, type Hold } from '../../domain/hold-policy.js';

interface ProfileRow {
  first_earning_at: Date;
  high_risk: boolean;
  last_incident_at: Date | null;
}

/** The payee's hold for earnings made at `at`; the first earning opens the payee profile. */
export async function payeeHold(em: EntityManager, payeeId: string, at: Date): Promise<Hold> {
  await em.execute(`insert into payee_profiles (user_id, first_earning_at) values (?, ?) on conflict (user_id) do nothing`, [payeeId, at]);
  const [row] = await em.execute<ProfileRow[]>(`select first_earning_at, high_risk, last_incident_at from payee_profiles where user_id = ?`, [payeeId]);
  return holdFor({ firstEarningAt: new Date(row.first_earning_at), highRisk: row.high_risk, lastIncidentAt: row.last_incident_at && new Date(row.last_incident_at) }, at);
}

/** Where a payee's share of a sale goes, and how its line reads. */
export interface ShareDestination {
  accountId: number;
  releaseOn: string | null;
  holdReason: string;
  /** The payee's account was deleted: the share is in the platform's suspense account. */
  inSuspense: boolean;
}

export const SUSPENSE_REASON = 'Payee account deleted: the share is held in platform suspense, not paid out';

/**
 * A payee's share goes to their pending earnings under their hold, unless their account was deleted:
 * nobody can be paid then, so it goes to the platform's payee suspense account (kept, with the
 * reason on the transaction, until support settles it by hand). Called under the payee's lock, which
 * the account erasure also takes, so an erasure in flight is either seen here or sees this booking.
 */
@Injectable()
export class PayeeShares {
  constructor(
    @Inject(Ledger) private readonly ledger: Ledger,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async destination(em: EntityManager, payeeId: string, currency: string, at: Date): Promise<ShareDestination> {
    if ((await this.queries.execute(new FindUserQuery(payeeId)))?.deleted) {
      return { accountId: await this.ledger.platformAccount(em, 'payee_suspense', currency), releaseOn: null, holdReason: SUSPENSE_REASON, inSuspense: true };
    }
    const hold = await payeeHold(em, payeeId, at);
    const accounts = await this.ledger.payeeAccounts(em, payeeId, currency);
    return { accountId: accounts.pending, releaseOn: hold.releaseOn, holdReason: hold.reason, inSuspense: false };
  }
}
