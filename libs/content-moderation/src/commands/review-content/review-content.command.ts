import { Command } from '@nestjs/cqrs';

export type ContentReviewAction =
  | { kind: 'claim' }
  | { kind: 'release' }
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'remove'; reason: string }
  | { kind: 'restore' };

/** Pre-publication review by a moderator; removal and restoring by an admin (audited, no notice needed). */
export class ReviewContentCommand extends Command<void> {
  constructor(
    readonly contentId: string,
    readonly staffId: string,
    readonly staffRole: string,
    readonly action: ContentReviewAction,
    readonly ip: string | null,
  ) {
    super();
  }
}
