import type { ApiSchemas } from '../../../lib/api/types';
import type { PurchaseDto as PurchaseView } from '@/features/purchases';

export type Conversation = ApiSchemas['ConversationDto'];
export type ConversationPage = ApiSchemas['ConversationListDto'];
export interface Money {
  amountMinor: number;
  currency: string;
}

/**
 * Issue 22's fields of a message (the paid-messages contract). Optional here: a bubble still sending
 * has none of them yet, and an absent one reads as its default (a free, unlocked, sent message).
 */
export interface PaidMessageFields {
  kind: 'message' | 'tip';
  /** A pay-per-view message, priced by its creator. */
  price: Money | null;
  /** Only for the recipient of a priced message they have not bought: the text shows, the media do not open. */
  locked: boolean;
  /** kind 'tip': the fan's tip; the text is their note. */
  tip: Money | null;
  massMessageId: string | null;
  /** Unsent by its creator: only the sender (and a buyer, who keeps it) still sees it. */
  withdrawn: boolean;
  /** The sender's view of a priced message: how many bought it. */
  unlockCount: number | null;
  /** A fan's message to a paid creator waits for its payment before it is delivered. */
  status: 'sent' | 'awaiting_payment';
  /** A priced message: what unlocking it opens, each marked when the viewer owns it already (they get it free when they own all). */
  unlocks: UnlockItem[];
}

export type UnlockItem = ApiSchemas['UnlockItemDto'];
export type OwnedAttachments = ApiSchemas['OwnedAttachmentsDto'];

export type Attachment = Omit<ApiSchemas['AttachmentDto'], 'locked'> & { locked?: boolean };
export type Message = Omit<ApiSchemas['MessageDto'], keyof PaidMessageFields | 'attachments'> &
  Partial<PaidMessageFields> & { attachments: Attachment[] };
export type MessagePage = Omit<ApiSchemas['MessagePageDto'], 'items'> & { items: Message[] };
export type OpenedAttachment = ApiSchemas['OpenedAttachmentDto'];
export type Unread = ApiSchemas['UnreadDto'];
export type MessagingSettings = ApiSchemas['MessagingSettingsViewDto'];
export type MessagingSettingsRequest = ApiSchemas['MessagingSettingsDto'];
export type ReportReason = ApiSchemas['ReportConversationDto']['reason'];
export type ReportRequest = ApiSchemas['ReportConversationDto'];

/** A message shown before the server stored it (optimistic), or one that failed to send. */
export interface ThreadMessage extends Message {
  pending?: boolean;
  failed?: string;
}

/** Topic events, as the server publishes them (README "Messages"). */
export interface ReadEvent {
  userId: string;
  messageId: string;
}

export const MESSAGE_MAX_LENGTH = 2000;

/** A creator's price on a message with media (minor units of their store currency). */
export const MESSAGE_PRICE_MIN_MINOR = 50;
export const MESSAGE_PRICE_MAX_MINOR = 100_000;

/** The send answer of a fan writing to a paid creator: 202, the held message and the checkout of its fee. */
export interface HeldSend {
  message: Message;
  purchase: PurchaseView;
}

/** POST .../unsend answers how many lost the message and how many buyers keep it. */
export interface UnsendResult {
  withdrawnFrom: number;
  keptBy: number;
}

export type MassSegment = 'subscribers_active' | 'subscribers_expired' | 'buyers' | 'favourites';

/** A creator's message to a segment of their fans, with what it earned ("message sales"). */
export interface MassMessage {
  id: string;
  segment: MassSegment;
  contentId: string | null;
  text: string;
  attachments: Attachment[];
  price: Money | null;
  status: 'queued' | 'sending' | 'sent' | 'withdrawn';
  recipients: number | null;
  delivered: number;
  unlocks: number;
  revenueMinor: number;
  currency: string;
  createdAt: string;
  sentAt: string | null;
  withdrawnAt: string | null;
}

export interface MassMessagePage {
  items: MassMessage[];
  nextCursor: string | null;
}

export interface NewMassMessage {
  clientId: string;
  segment: MassSegment;
  contentId?: string;
  text?: string;
  attachments?: string[];
  priceMinor?: number;
}
