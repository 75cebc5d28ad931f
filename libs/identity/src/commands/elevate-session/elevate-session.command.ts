import { Command } from '@nestjs/cqrs';
import type { SessionResponse } from '../../auth/session-issuer.js';

export type SecondFactorMethod = 'totp' | 'recovery_code';

/** Lifts a session to aal2 after a second factor was proven (sent by the mfa module). */
export class ElevateSessionCommand extends Command<SessionResponse> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly method: SecondFactorMethod,
    readonly factorId: string | null,
  ) {
    super();
  }
}
