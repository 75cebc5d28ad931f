import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

export class SignUpCommand extends Command<Record<string, unknown>> {
  constructor(
    readonly email: string | undefined,
    readonly password: string | undefined,
    readonly data: Record<string, unknown>,
    readonly client: ClientInfo,
    /** PKCE (contract §8): the client's code challenge and method, and where the link sends the code. */
    readonly codeChallenge?: unknown,
    readonly codeChallengeMethod?: unknown,
    readonly redirectTo?: string,
  ) {
    super();
  }
}
