import { Command } from '@nestjs/cqrs';
import type { ClientInfo, SessionResponse } from '../../auth/session-issuer.js';

export class SignInCommand extends Command<SessionResponse> {
  constructor(
    readonly email: string | undefined,
    readonly password: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
