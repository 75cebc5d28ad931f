import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

export class RecoverPasswordCommand extends Command<void> {
  constructor(
    readonly email: string | undefined,
    readonly redirectTo: string | undefined,
    readonly client: ClientInfo,
    readonly codeChallenge?: unknown,
    readonly codeChallengeMethod?: unknown,
  ) {
    super();
  }
}
