import { Command } from '@nestjs/cqrs';
import type { ClientInfo, SessionResponse } from '../../auth/session-issuer.js';

export type EmailLinkType = 'signup' | 'recovery';

export class VerifyOtpCommand extends Command<SessionResponse> {
  constructor(
    readonly type: string | undefined,
    readonly token: string | undefined,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
