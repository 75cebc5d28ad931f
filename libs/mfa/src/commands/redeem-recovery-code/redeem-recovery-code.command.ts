import { Command } from '@nestjs/cqrs';
import type { AuthContext, SessionResponse } from '#app/identity';

export class RedeemRecoveryCodeCommand extends Command<SessionResponse> {
  constructor(
    readonly auth: AuthContext,
    readonly code: string,
    readonly ip: string,
  ) {
    super();
  }
}
