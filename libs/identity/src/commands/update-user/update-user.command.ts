import { Command } from '@nestjs/cqrs';
import type { ClientInfo } from '../../auth/session-issuer.js';

export class UpdateUserCommand extends Command<Record<string, unknown>> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
    readonly aal: 'aal1' | 'aal2',
    readonly password: string | undefined,
    readonly data: Record<string, unknown> | undefined,
    readonly client: ClientInfo,
    readonly email?: string,
    readonly redirectTo?: string,
    /** Checked against the stored hash when sent with a new password. */
    readonly currentPassword?: string,
    /** With a new password: the code GET /reauthenticate mailed to the address on file. */
    readonly nonce?: string,
  ) {
    super();
  }
}
