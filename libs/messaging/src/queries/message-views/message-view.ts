import type { AttachmentState } from '../../domain/attachments.js';
import type { Money, MessageKind, MessageStatus } from '../../domain/message.js';

export type { Money, MessageKind, MessageStatus } from '../../domain/message.js';

/** A row of `messages` as its one writer stores it. */
export type { MessageRecord as MessageRow } from '../../repositories/message.repository.js';

export interface MessageView {
  id: string;
  conversationId: string;
  senderId: string;
  clientId: string;
  kind: MessageKind;
  text: string;
  createdAt: string;
  attachments: { contentId: string; kind: 'video' | 'album'; state: AttachmentState; locked: boolean }[];
  /** A pay-per-view message's price; null otherwise. */
  price: Money | null;
  /** The recipient has not unlocked this priced message: its attachments are listed but do not open. */
  locked: boolean;
  /** A priced message: what unlocking it opens (titles only); `owned`: the viewer owns that item already. Empty otherwise. */
  unlocks: UnlockItem[];
  tip: Money | null;
  massMessageId: string | null;
  withdrawn: boolean;
  /** The sender's view of a priced message: how many bought it. */
  unlockCount: number | null;
  status: MessageStatus;
}

export interface UnlockItem {
  contentId: string;
  title: string;
  kind: 'video' | 'album';
  owned: boolean;
}

/**
 * Whose view: a member's (what they may open), or null for the view announced on the
 * conversation's channel, which both members receive: a priced message is locked in it, as its
 * recipient would see it before paying (the sender's client keeps its own copy from the send).
 */
export type Viewer = string | null;

export type { MessagePosition } from '../../repositories/messaging-store.js';
