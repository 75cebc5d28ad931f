import { Command } from '@nestjs/cqrs';
import type { ClientInfo, SessionResponse } from '../../auth/session-issuer.js';

/** `POST /token?grant_type=pkce`: an auth code from a PKCE email link plus the client's code verifier. */
export class ExchangeCodeCommand extends Command<SessionResponse> {
  constructor(
    readonly authCode: string | undefined,
    readonly codeVerifier: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
