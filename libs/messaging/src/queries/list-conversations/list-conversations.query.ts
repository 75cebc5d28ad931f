import { Query } from '@nestjs/cqrs';
import type { ConversationView } from '../conversation-views.js';

export interface ConversationListView {
  items: ConversationView[];
  /** Pass as `cursor` for the next page; null on the last one. */
  nextCursor: string | null;
}

/** The caller's conversations, on both sides, most recent activity first. */
export class ListConversationsQuery extends Query<ConversationListView> {
  constructor(
    readonly userId: string,
    readonly cursor: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
