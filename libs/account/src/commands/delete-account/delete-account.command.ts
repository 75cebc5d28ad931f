import { Command } from '@nestjs/cqrs';
import type { AuthContext, ClientInfo } from '#app/identity';

/** The signed-in user deletes their account (GDPR erasure), confirming with their password or a fresh 2FA code. */
export class DeleteAccountCommand extends Command<{ deleted_at: string }> {
  constructor(
    readonly auth: AuthContext,
    readonly password: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
