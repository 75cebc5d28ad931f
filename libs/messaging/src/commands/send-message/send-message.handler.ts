import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { AppError, Clock, RateLimits, RateLimiterRes } from '#app/platform';
import { FanRelationshipQuery, PurchaseCommand, StoreOwnerQuery, type PurchaseView } from '#app/commerce';
import { messageId } from '../../domain/message-ids.js';
import { cleanText, containsLink, duplicateKey, MAX_ATTACHMENTS, textProblem } from '../../domain/message-text.js';
import {
  DUPLICATE_RULE,
  duplicateRuleApplies,
  isDuplicateSpam,
  isNewAccount,
  SEND_RATE,
} from '../../domain/spam-rules.js';
import { fanVerdict, PRICE_LIMITS } from '../../domain/who-may-message.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { ConversationMember } from '../../entities/conversation-member.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { assertOpenFor } from '../../domain/conversation.js';
import { Message, type Money } from '../../domain/message.js';
import { MessageReads, type MessagePosition } from '../../queries/message-views/message-views.queries.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { MessagingSettings } from '../../queries/messaging-settings/messaging-settings.js';
import { unreadCounts } from '../../queries/unread-counts/unread-counts.queries.js';
import { AttachmentResolver } from './attachment-resolver.js';
import { storeMessage } from './store-message.js';
import { SendMessageCommand } from './send-message.command.js';

@CommandHandler(SendMessageCommand)
export class SendMessageHandler implements ICommandHandler<SendMessageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(MessageReads) private readonly messages: MessageReads,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(MessagingSettings) private readonly settings: MessagingSettings,
    @Inject(AttachmentResolver) private readonly media: AttachmentResolver,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute(command: SendMessageCommand) {
    const { conversationId, sender, clientId } = command;
    const text = cleanText(command.text);
    const problem = textProblem(text, command.attachments.length);
    if (problem) throw problem === 'empty' ? MessagingErrors.emptyMessage() : MessagingErrors.tooLong();
    if (
      new Set(command.attachments).size !== command.attachments.length ||
      command.attachments.length > MAX_ATTACHMENTS
    )
      throw MessagingErrors.duplicateAttachment();

    const em = this.orm.em.fork();
    // A retry of a stored send answers what was stored, before any rule counts it again.
    const earlier = await this.messages.byClientId(em, sender.id, clientId);
    if (earlier) return this.replay(conversationId, sender.id, earlier);
    const conversation = await em.findOne(Conversation, conversationId);
    const role = conversation?.memberRole(sender.id);
    if (!conversation || !role) throw MessagingErrors.conversationNotFound();
    // Checked again where the message is stored (storeMessage), under the conversation's lock.
    assertOpenFor(await em.find(ConversationMember, { conversationId }), sender.id);
    await this.spendSend(sender.id);

    const now = this.clock.now();
    // A fan's message to a creator who charges per message is held until its price is paid.
    // Its price is the one in force now, kept with it: a later change of the setting does not reprice it.
    const fee = role === 'fan' ? await this.checkFan(conversation, command, text, now) : null;
    const price = command.priceMinor === undefined ? null : await this.priceOf(command);
    if (duplicateRuleApplies(text)) {
      const others = await this.messages.conversationsWithText(
        em,
        sender.id,
        duplicateKey(text),
        new Date(now.getTime() - DUPLICATE_RULE.windowMs),
        conversationId,
      );
      if (isDuplicateSpam(others)) throw MessagingErrors.duplicateText();
    }
    const attachments = await this.media.resolve(sender.id, command.attachments);
    const id = messageId(now);

    const message = Message.send({
      id,
      createdAt: now,
      conversationId,
      senderId: sender.id,
      clientId,
      body: text,
      attachments,
      price,
      fee,
    });
    // A fresh unit of work: the rows read above are read again under the lock, not taken from this one's identity map.
    const outcome = await storeMessage(this.store, message);
    if (!outcome.stored) return this.replay(conversationId, sender.id, outcome.existing);
    if (message.held) {
      // Nobody else sees it, nothing is announced: the fan pays, and the payment delivers it (FollowMessagePurchaseJob).
      const em = this.orm.em.fork();
      const [mine] = await this.messages.views(em, [(await this.messages.byId(em, conversationId, id))!], sender.id);
      return { message: mine, created: true, purchase: await this.placeFee(sender.id, id) };
    }
    // Announced after the commit, read back from the database: what every reader will see (a priced message locked, as its recipient sees it).
    const read = this.orm.em.fork();
    const row = (await this.messages.byId(read, conversationId, id))!;
    const [announced] = await this.messages.views(read, [row], null);
    const [view] = await this.messages.views(read, [row], sender.id);
    await this.realtime.message(announced);
    const { arrival } = outcome;
    if (!arrival.recipientMuted) {
      const totals = await unreadCounts(read, arrival.recipientId);
      await this.realtime.unread(arrival.recipientId, {
        total: totals.total,
        conversationId,
        unread: arrival.recipientUnread,
      });
    }
    return { message: view, created: true };
  }

  /** The creator's setting (checked at every message: a subscription may have lapsed), media and the link rule. */
  /** The price per message the fan's message waits for, or null. */
  private async checkFan(
    conversation: Conversation,
    command: SendMessageCommand,
    text: string,
    now: Date,
  ): Promise<Money | null> {
    if (command.priceMinor !== undefined) throw MessagingErrors.priceFromFans();
    if (command.attachments.length > 0) throw MessagingErrors.mediaFromFans();
    const setting = await this.settings.of(conversation.creatorId);
    const subscribed =
      setting.audience === 'subscribers'
        ? (await this.queries.execute(new FanRelationshipQuery(conversation.creatorId, command.sender.id))).subscribed
        : false;
    const verdict = fanVerdict(setting, {
      subscribed,
      creatorStarted: conversation.startedBy === conversation.creatorId,
    });
    if (!verdict.ok) throw MessagingErrors.subscribersOnly();
    if (isNewAccount(command.sender.accountCreatedAt, now) && containsLink(text))
      throw MessagingErrors.linksFromNewFans();
    return verdict.fee && { amountMinor: verdict.fee.priceMinor, currency: verdict.fee.currency };
  }

  /** A pay-per-view price: the creator's, on media, in their store's currency. */
  private async priceOf(command: SendMessageCommand): Promise<Money> {
    const priceMinor = command.priceMinor!;
    if (!Number.isInteger(priceMinor) || priceMinor < PRICE_LIMITS.min || priceMinor > PRICE_LIMITS.max) {
      throw MessagingErrors.badSetting(
        'priceMinor',
        `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}`,
      );
    }
    if (command.attachments.length === 0) throw MessagingErrors.priceNeedsMedia();
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(command.sender.id));
    if (!store) throw MessagingErrors.notACreator();
    return { amountMinor: priceMinor, currency: store.currency };
  }

  private async spendSend(senderId: string): Promise<void> {
    try {
      await (await this.limits.limiter('messagingSends', SEND_RATE)).consume(senderId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw MessagingErrors.sendRate(Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }

  /** The message stored under this client id: the same conversation's, or the id was reused elsewhere. */
  private async replay(conversationId: string, senderId: string, position: MessagePosition) {
    const em = this.orm.em.fork();
    const row = await this.messages.byId(em, conversationId, position.id);
    if (!row) throw MessagingErrors.clientIdReused();
    const [view] = await this.messages.views(em, [row], senderId);
    // A held message sent again answers its checkout again (the same Idempotency-Key: the same purchase).
    if (row.status === 'awaiting_payment')
      return { message: view, created: false, purchase: await this.placeFee(senderId, row.id) };
    return { message: view, created: false };
  }

  /**
   * The checkout of a held message's price per message, through commerce's purchase (kind
   * message_fee). Null when the provider cannot be reached: the message stays held and the fan pays
   * it with POST .../messages/:messageId/pay.
   */
  private async placeFee(buyerId: string, messageId: string): Promise<PurchaseView | null> {
    try {
      const { purchase } = await this.commands.execute(
        new PurchaseCommand(buyerId, `message-fee-${messageId}`, { kind: 'message_fee', messageId, method: 'card' }),
      );
      return purchase;
    } catch (error) {
      if (error instanceof AppError && error.status === 503) return null;
      throw error;
    }
  }
}
