import { Command } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../auth/bearer.guard.js';
import type { ClientInfo } from '../../auth/session-issuer.js';

/**
 * Deletes the signed-in account for good (GDPR erasure): proven by the password, or with 2FA on
 * by a second factor in the last few minutes. The row stays, anonymised, so the ledger and the
 * purchases it owns keep balancing; every session ends and the old address gets a last email.
 */
/**
 * What the other modules erase in the same transaction, run once the account row is locked and
 * the proof checked, before the row is anonymised: a throw here (earnings still owed) leaves
 * everything as it was. `now` is the deletion's time.
 */
export type ErasureSteps = (em: EntityManager, userId: string, now: Date) => Promise<void>;

export class EraseAccountCommand extends Command<{ deleted_at: string }> {
  constructor(
    readonly auth: AuthContext,
    readonly password: string | undefined,
    readonly client: ClientInfo,
    readonly steps: ErasureSteps = async () => {},
  ) {
    super();
  }
}
