import { Query } from '@nestjs/cqrs';
import type { AudienceSegment } from '#app/commerce';
import type { MassMessageView } from '../../repositories/mass-message.repository.js';

export interface MassMessageListView {
  items: MassMessageView[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** The creator's mass messages, newest first, each with its delivery and sales. */
export class ListMassMessagesQuery extends Query<MassMessageListView> {
  constructor(
    readonly creatorId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}

/** One of the creator's mass messages (404 for anyone else's). */
export class GetMassMessageQuery extends Query<MassMessageView> {
  constructor(
    readonly creatorId: string,
    readonly massMessageId: string,
  ) {
    super();
  }
}

/** How many fans a segment reaches now, before sending. */
export class MassAudienceQuery extends Query<{ recipients: number }> {
  constructor(
    readonly creatorId: string,
    readonly segment: AudienceSegment,
    readonly contentId: string | null,
  ) {
    super();
  }
}
