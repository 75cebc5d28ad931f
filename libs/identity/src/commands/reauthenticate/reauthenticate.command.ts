import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

/** The signed-in user proves their password again; the session's authentication time becomes now. */
export class ReauthenticateCommand extends Command<{ authenticated_at: string }> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly password: string,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
