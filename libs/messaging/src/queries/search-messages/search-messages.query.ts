import { Query } from '@nestjs/cqrs';
import type { MessageView } from '../../queries/message-views/message-views.queries.js';

export interface MessageSearchView {
  /** Newest first, from the caller's own conversations only. */
  items: MessageView[];
}

/** Words of a message text (each matched as a word prefix, all required) in the caller's conversations. */
export class SearchMessagesQuery extends Query<MessageSearchView> {
  constructor(
    readonly userId: string,
    readonly text: string,
    readonly limit: number,
  ) {
    super();
  }
}
