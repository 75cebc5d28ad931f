import { Command } from '@nestjs/cqrs';

export interface AgeCheckView {
  /** This account (or, signed out, this browser) declared being 18 or older. */
  confirmed: boolean;
  /** When the account's declaration was recorded; null for a browser's own or none. */
  recordedAt: string | null;
}

/** A signed-in fan declares being 18 or older: recorded once, with its date (a second call keeps the first date). */
export class RecordAgeCheckCommand extends Command<AgeCheckView> {
  constructor(readonly userId: string) {
    super();
  }
}
