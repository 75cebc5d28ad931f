import { Command } from '@nestjs/cqrs';

export type ReviewAction =
  { kind: 'claim' } | { kind: 'release' } | { kind: 'accept' } | { kind: 'reject'; reason: string };

/** A moderator works a queue item: claim it, let it go, or decide (only while holding the claim). */
export class ReviewVerificationCommand extends Command<void> {
  constructor(
    readonly submissionId: string,
    readonly staffId: string,
    readonly action: ReviewAction,
    readonly ip: string | null,
  ) {
    super();
  }
}
