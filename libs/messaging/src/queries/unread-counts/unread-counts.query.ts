import { Query } from '@nestjs/cqrs';

export interface UnreadCountsView {
  /** The badge: unread messages in conversations that are not muted. */
  total: number;
  /** Conversations (not muted) with anything unread. */
  conversations: number;
}

export class UnreadCountsQuery extends Query<UnreadCountsView> {
  constructor(readonly userId: string) {
    super();
  }
}
