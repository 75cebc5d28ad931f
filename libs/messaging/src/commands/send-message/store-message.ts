import type { Arrival } from '../../domain/conversation.js';
import type { Message } from '../../domain/message.js';
import { previewOf } from '../../domain/message-text.js';
import { MessagingErrors } from '../../messaging.errors.js';
import type { MessagePosition, MessagingStore } from '../../repositories/messaging-store.js';

export type StoredMessage = { stored: true; arrival: Arrival } | { stored: false; existing: MessagePosition };

/**
 * The step of a send that commits: under the conversation's lock a block is checked again (one that
 * landed since the first check wins), the message is stored unless its client id was used, and the
 * recipient's unread count grows. A held message changes neither the count nor the list entry
 * until it is paid and delivered (FollowMessagePurchaseJob).
 */
export function storeMessage(store: MessagingStore, message: Message): Promise<StoredMessage> {
  return store.transaction(async ({ conversations, messages }): Promise<StoredMessage> => {
    const conversation = await conversations.find(message.conversationId);
    if (!conversation) throw MessagingErrors.conversationNotFound();
    conversation.assertOpenFor(message.senderId);
    const added = await messages.add(message);
    if (!added.stored) return added;
    if (message.held)
      return { stored: true, arrival: { ...conversation.recipientOf(message.senderId), recipientMuted: true } };
    const { body, attachments, createdAt } = message.snapshot();
    const arrival = conversation.receive({
      id: message.id,
      senderId: message.senderId,
      at: createdAt,
      preview: previewOf(body, attachments.length),
    });
    await conversations.save(conversation);
    return { stored: true, arrival };
  });
}
