import { Command } from '@nestjs/cqrs';

/** Support turns a user's 2FA off after verifying their identity (SPEC §6); audited. */
export class DisableUserMfaCommand extends Command<{ removedFactors: number }> {
  constructor(
    readonly actorId: string,
    readonly userId: string,
    readonly userEmail: string | null,
    readonly reason: string,
    readonly ip: string,
  ) {
    super();
  }
}
