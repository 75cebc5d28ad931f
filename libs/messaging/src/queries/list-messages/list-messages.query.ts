import { Query } from '@nestjs/cqrs';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';

export interface MessagePageView {
  /** Newest first. */
  items: MessageView[];
  /** More messages lie beyond this page in the direction asked (older for `before` and the first page, newer for `after`). */
  hasMore: boolean;
}

/**
 * A page of a conversation, newest first: the latest messages, those older than `before`, or the
 * oldest ones newer than `after` (how a reconnecting client catches up: ask again with the newest id
 * while `hasMore`).
 */
export class ListMessagesQuery extends Query<MessagePageView> {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly cursor: { before?: string; after?: string },
    readonly limit: number,
  ) {
    super();
  }
}
