import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { MessageReads } from '../queries/message-views/message-views.queries.js';
import { unreadCounts } from '../queries/unread-counts/unread-counts.queries.js';
import { MessagingRealtime } from './messaging-realtime.js';

/** A message that reached its recipient, to announce after the commit. */
export interface Arrived {
  conversationId: string;
  messageId: string;
  recipientId: string;
  recipientUnread: number;
  recipientMuted: boolean;
}

/**
 * Announces a message that arrived, after its commit, as a send does: the message (read back, as every
 * reader will see it) on the conversation's channel, the badge on the recipient's (unless muted).
 */
@Injectable()
export class MessageArrivals {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async announce(arrived: Arrived): Promise<void> {
    const em = this.orm.em.fork();
    const row = await this.messages.byId(em, arrived.conversationId, arrived.messageId);
    if (!row) return;
    await this.realtime.message((await this.messages.views(em, [row], null))[0]);
    if (!arrived.recipientMuted) {
      const totals = await unreadCounts(em, arrived.recipientId);
      await this.realtime.unread(arrived.recipientId, {
        total: totals.total,
        conversationId: arrived.conversationId,
        unread: arrived.recipientUnread,
      });
    }
  }
}
