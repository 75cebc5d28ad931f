import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

/** GoTrue's `GET /reauthenticate`: mails the signed-in user a code that a password change may carry as `nonce`. */
export class SendReauthenticationCodeCommand extends Command<Record<string, never>> {
  constructor(
    readonly userId: string,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
