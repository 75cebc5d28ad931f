import { Command } from '@nestjs/cqrs';

/** A factor was removed: sessions that proved it lose that claim and fall back to aal1. */
export class DowngradeFactorSessionsCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly factorId: string,
  ) {
    super();
  }
}
