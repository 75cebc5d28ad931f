import { Command } from '@nestjs/cqrs';
import type { ClientInfo, SessionResponse } from '../../auth/session-issuer.js';

export class RefreshSessionCommand extends Command<SessionResponse> {
  constructor(
    readonly refreshToken: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
