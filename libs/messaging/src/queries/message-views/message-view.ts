import type { AttachmentState } from '../../domain/attachments.js';
import type { Money, MessageKind, MessageStatus } from '../../domain/message.js';

export type { Money, MessageKind, MessageStatus } from '../../domain/message.js';

export interface MessageRow {
  id: string;
  created_at: Date;
  conversation_id: string;
  sender_id: string;
  client_id: string;
  body: string;
  kind: MessageKind;
  price_minor: string | null;
  currency: string | null;
  tip_minor: string | null;
  tip_currency: string | null;
  mass_message_id: string | null;
  withdrawn_at: Date | null;
  status: MessageStatus;
  fee_minor: string | null;
  fee_currency: string | null;
}

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

/** A keyset position in a conversation: a message's time and id. */
export interface MessagePosition {
  id: string;
  at: Date;
}
