import { Inject, Injectable, Logger } from '@nestjs/common';
import { RealtimePublisher } from '#app/realtime';
import type { MessageView } from '../queries/message-views/message-views.queries.js';

export interface ReadReceipt {
  conversationId: string;
  userId: string;
  messageId: string;
  readAt: string;
}

export interface UnreadTotals {
  /** The badge: unread messages in conversations that are not muted. */
  total: number;
  conversationId: string;
  /** That conversation's own unread count (muted or not). */
  unread: number;
}

/**
 * What messaging announces on /realtime/v1, always after the commit that stored it (a client that
 * missed an event catches up from the database with `after`). A failed publish is logged, never
 * thrown into a request whose change is already committed.
 */
@Injectable()
export class MessagingRealtime {
  private readonly logger = new Logger(MessagingRealtime.name);

  constructor(@Inject(RealtimePublisher) private readonly publisher: RealtimePublisher) {}

  message(view: MessageView): Promise<void> {
    return this.send(`conversation:${view.conversationId}`, 'message', view);
  }

  /** An attachment was released (approved) or removed (rejected, taken down). */
  messageUpdated(view: MessageView): Promise<void> {
    return this.send(`conversation:${view.conversationId}`, 'message_updated', view);
  }

  /** The sender unsent a priced message: it leaves the open thread of a recipient who did not pay for it. */
  withdrawn(conversationId: string, messageId: string): Promise<void> {
    return this.send(`conversation:${conversationId}`, 'message_withdrawn', { conversationId, messageId });
  }

  read(receipt: ReadReceipt): Promise<void> {
    return this.send(`conversation:${receipt.conversationId}`, 'read', receipt);
  }

  unread(userId: string, totals: UnreadTotals): Promise<void> {
    return this.send(`user:${userId}`, 'unread', totals);
  }

  /** Ends both members' live subscriptions (a block): they join again under the new access. */
  async revokeMembers(conversationId: string, userIds: string[]): Promise<void> {
    for (const userId of userIds) {
      await this.publisher
        .revoke(`conversation:${conversationId}`, userId)
        .catch((error: Error) => this.logger.warn(`revoke conversation:${conversationId} failed: ${error.message}`));
    }
  }

  private async send(topic: string, event: string, payload: object): Promise<void> {
    try {
      await this.publisher.publish(topic, event, payload as Record<string, unknown>);
    } catch (error) {
      this.logger.warn(`publish ${event} on ${topic} failed: ${(error as Error).message}`);
    }
  }
}
