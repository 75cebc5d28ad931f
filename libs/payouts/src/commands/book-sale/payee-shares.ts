import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { FindUserQuery } from '#app/identity';
import { Ledger } from '../../ledger/ledger.repository.js';
import { holdFor, type Hold } from '../../domain/hold-policy.js';
import { openPayeeProfile } from '../../repositories/payee-profile.repository.js';

/** The payee's hold for earnings made at `at`; the first earning opens the payee profile. */
export async function payeeHold(em: EntityManager, payeeId: string, at: Date): Promise<Hold> {
  return holdFor(await openPayeeProfile(em, payeeId, at), at);
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
      return {
        accountId: await this.ledger.platformAccount(em, 'payee_suspense', currency),
        releaseOn: null,
        holdReason: SUSPENSE_REASON,
        inSuspense: true,
      };
    }
    const hold = await payeeHold(em, payeeId, at);
    const accounts = await this.ledger.payeeAccounts(em, payeeId, currency);
    return { accountId: accounts.pending, releaseOn: hold.releaseOn, holdReason: hold.reason, inSuspense: false };
  }
}
