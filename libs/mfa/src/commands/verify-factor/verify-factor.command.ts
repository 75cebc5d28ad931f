import { Command } from '@nestjs/cqrs';
import type { AuthContext, SessionResponse } from '#app/identity';

export class VerifyFactorCommand extends Command<SessionResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly factorId: string,
    readonly challengeId: string | undefined,
    readonly code: string | undefined,
    readonly ip: string,
  ) {
    super();
  }
}
