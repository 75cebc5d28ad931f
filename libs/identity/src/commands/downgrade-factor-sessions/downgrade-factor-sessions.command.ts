import { Command } from '@nestjs/cqrs';

/**
 * Factors were removed: sessions that proved them lose every second-factor claim (TOTP and
 * recovery code) and fall back to aal1. When 2FA is off altogether (`everySession`), all of the
 * user's sessions do, whichever factor raised them.
 */
export class DowngradeFactorSessionsCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly factorIds: readonly string[],
    readonly everySession: boolean,
  ) {
    super();
  }
}
