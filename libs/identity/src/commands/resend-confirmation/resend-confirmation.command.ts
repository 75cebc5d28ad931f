import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

export class ResendConfirmationCommand extends Command<void> {
  constructor(
    readonly email: string | undefined,
    readonly type: string | undefined,
    readonly client: ClientInfo,
    readonly redirectTo?: string,
    readonly codeChallenge?: unknown,
    readonly codeChallengeMethod?: unknown,
  ) {
    super();
  }
}
