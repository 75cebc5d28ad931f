import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

export class SignUpCommand extends Command<Record<string, unknown>> {
  constructor(
    readonly email: string | undefined,
    readonly password: string | undefined,
    readonly data: Record<string, unknown>,
    readonly client: ClientInfo,
  ) {
    super();
  }
}
