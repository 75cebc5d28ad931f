import { Module } from '@nestjs/common';
import { MessageMediaFactsHandler } from './queries/open-attachment/message-media-facts.handler.js';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { StartConversationHandler } from './commands/start-conversation/start-conversation.handler.js';
import { SendMessageHandler } from './commands/send-message/send-message.handler.js';
import { AttachmentResolver } from './commands/send-message/attachment-resolver.js';
import { MarkReadHandler } from './commands/mark-read/mark-read.handler.js';
import { BlockMemberHandler } from './commands/block-member/block-member.handler.js';
import { MuteConversationHandler } from './commands/mute-conversation/mute-conversation.handler.js';
import { ReportConversationHandler } from './commands/report-conversation/report-conversation.handler.js';
import { UpdateMessagingSettingsHandler } from './commands/update-messaging-settings/update-messaging-settings.handler.js';
import { CreateMessageMediaHandler } from './commands/create-message-media/create-message-media.handler.js';
import { RecordMediaReviewJob } from './commands/record-media-review/record-media-review.job.js';
import { ListConversationsHandler } from './queries/list-conversations/list-conversations.handler.js';
import { GetConversationHandler } from './queries/get-conversation/get-conversation.handler.js';
import { ListMessagesHandler } from './queries/list-messages/list-messages.handler.js';
import { UnreadCountsHandler } from './queries/unread-counts/unread-counts.handler.js';
import { SearchMessagesHandler } from './queries/search-messages/search-messages.handler.js';
import { MessagingSettingsHandler } from './queries/messaging-settings/messaging-settings.handler.js';
import { MessagingSettings } from './queries/messaging-settings/messaging-settings.js';
import { OpenAttachmentHandler } from './queries/open-attachment/open-attachment.handler.js';
import { MessageReportHandler } from './queries/message-report/message-report.handler.js';
import { ConversationViews } from './queries/conversation-views.js';
import { ExportMessagesHandler } from './queries/export-messages/export-messages.handler.js';
import {
  ConversationBlockHandler,
  MessageOfferHandler,
  TipConversationHandler,
} from './queries/message-offers/message-offers.handler.js';
import { PayHeldMessageHandler } from './commands/pay-held-message/pay-held-message.handler.js';
import { FollowMessagePurchaseJob } from './commands/follow-message-purchase/follow-message-purchase.job.js';
import { MessageReads } from './queries/message-views/message-views.queries.js';
import { OwnedItems } from './queries/owned-items/owned-items.js';
import { OwnedAttachmentsHandler } from './queries/owned-items/owned-attachments.handler.js';
import { MassMessageRepository } from './repositories/mass-message.repository.js';
import { MessagingStore } from './repositories/messaging-store.js';
import { PostgresMessagingStore } from './repositories/postgres-messaging-store.js';
import { MessageArrivals } from './realtime/message-arrivals.js';
import { SendMassMessageHandler } from './commands/send-mass-message/send-mass-message.handler.js';
import { UnsendMassMessageHandler, UnsendMessageHandler } from './commands/unsend/unsend.handler.js';
import { FanOutMassMessageJob } from './commands/fan-out-mass-message/fan-out-mass-message.job.js';
import { MassSendPages } from './commands/fan-out-mass-message/mass-send-pages.js';
import {
  GetMassMessageHandler,
  ListMassMessagesHandler,
  MassAudienceHandler,
} from './queries/mass-messages/mass-messages.handler.js';
import { MassMessagesController } from './http/mass-messages.controller.js';
import { MessagingRealtime } from './realtime/messaging-realtime.js';
import { ConversationTopicPolicy } from './realtime/conversation-topic.policy.js';
import { ConversationsController } from './http/conversations.controller.js';
import { MessagesController } from './http/messages.controller.js';
import { AdminMessagesController, MessagingController } from './http/messaging.controller.js';
import {
  DigestUnsubscribeController,
  MessagingPreferencesController,
} from './http/messaging-preferences.controller.js';
import { UpdateMessagingPreferencesHandler } from './commands/update-messaging-preferences/update-messaging-preferences.handler.js';
import { UnsubscribeDigestHandler } from './commands/unsubscribe-digest/unsubscribe-digest.handler.js';
import { DigestLinks } from './commands/unsubscribe-digest/digest-links.js';
import { SendMessageDigestsJob } from './commands/send-message-digest/send-message-digests.job.js';
import { SendMessageDigestJob } from './commands/send-message-digest/send-message-digest.job.js';
import { MessagingPreferencesHandler } from './queries/messaging-preferences/messaging-preferences.handler.js';
import { MessagingOwners } from './review/messaging-owners.js';

/**
 * Messaging (issue 22): one conversation per fan and creator, who may write to a creator, text and
 * reviewed media, read receipts and unread counts, search, block, mute, reports and spam rules.
 * Stored first, announced on /realtime/v1 after commit (RealtimeModule, global).
 */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [
    ConversationsController,
    MessagesController,
    MassMessagesController,
    MessagingController,
    AdminMessagesController,
    MessagingPreferencesController,
    DigestUnsubscribeController,
  ],
  providers: [
    MessagingOwners,
    MessageMediaFactsHandler,
    MessageReads,
    { provide: MessagingStore, useClass: PostgresMessagingStore },
    OwnedItems,
    OwnedAttachmentsHandler,
    MessagingSettings,
    ConversationViews,
    MessagingRealtime,
    ConversationTopicPolicy,
    AttachmentResolver,
    StartConversationHandler,
    SendMessageHandler,
    MarkReadHandler,
    BlockMemberHandler,
    MuteConversationHandler,
    ReportConversationHandler,
    UpdateMessagingSettingsHandler,
    CreateMessageMediaHandler,
    ListConversationsHandler,
    GetConversationHandler,
    ListMessagesHandler,
    UnreadCountsHandler,
    SearchMessagesHandler,
    MessagingSettingsHandler,
    OpenAttachmentHandler,
    MessageReportHandler,
    DigestLinks,
    MessagingPreferencesHandler,
    UpdateMessagingPreferencesHandler,
    UnsubscribeDigestHandler,
    MassMessageRepository,
    SendMassMessageHandler,
    UnsendMessageHandler,
    UnsendMassMessageHandler,
    ListMassMessagesHandler,
    GetMassMessageHandler,
    MassAudienceHandler,
    MessageOfferHandler,
    TipConversationHandler,
    ConversationBlockHandler,
    ExportMessagesHandler,
    PayHeldMessageHandler,
  ],
})
export class MessagingModule {}

/** The worker's half: media held in messages released or removed as content-moderation decides; paid messages follow commerce's purchases; mass messages delivered; the unread-messages digest. */
@Module({
  providers: [
    MessageReads,
    { provide: MessagingStore, useClass: PostgresMessagingStore },
    OwnedItems,
    MessagingRealtime,
    MessageArrivals,
    RecordMediaReviewJob,
    FollowMessagePurchaseJob,
    MassSendPages,
    FanOutMassMessageJob,
    DigestLinks,
    SendMessageDigestsJob,
    SendMessageDigestJob,
  ],
})
export class MessagingJobsModule {}
