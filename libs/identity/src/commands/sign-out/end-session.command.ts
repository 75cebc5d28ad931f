import { Command } from '@nestjs/cqrs';

/** Ends one session of the user (another device), refusing sessions that are not theirs. */
export class EndSessionCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly sessionId: string,
  ) {
    super();
  }
}
