import type { ApiSchemas } from '../../../lib/api/types';

export type Conversation = ApiSchemas['ConversationDto'];
export type ConversationPage = ApiSchemas['ConversationListDto'];
export type Message = ApiSchemas['MessageDto'];
export type MessagePage = ApiSchemas['MessagePageDto'];
export type Attachment = ApiSchemas['AttachmentDto'];
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
