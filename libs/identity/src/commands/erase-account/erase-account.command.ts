import { Command } from '@nestjs/cqrs';
import type { AuthContext } from '../../auth/bearer.guard.js';
import type { ClientInfo } from '../../auth/session-issuer.js';

/**
 * Deletes the signed-in account for good (GDPR erasure): proven by the password, or with 2FA on
 * by a second factor in the last few minutes. The row stays, anonymised, so the ledger and the
 * purchases it owns keep balancing; every session ends and the old address gets a last email.
 */
export class EraseAccountCommand extends Command<{ deleted_at: string }> {
  constructor(
    readonly auth: AuthContext,
    readonly password: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
