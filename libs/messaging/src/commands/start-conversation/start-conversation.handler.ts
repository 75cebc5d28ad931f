import { Inject } from '@nestjs/common';
import { CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { MikroORM, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { Clock, RateLimits, RateLimiterRes } from '#app/platform';
import { FindUserQuery } from '#app/identity';
import { FanRelationshipQuery, StoreOwnerQuery } from '#app/commerce';
import { Conversation as OpenedConversation } from '../../domain/conversation.js';
import { creatorMayStart, fanVerdict } from '../../domain/who-may-message.js';
import { isNewAccount, NEW_ACCOUNT_CONVERSATIONS } from '../../domain/spam-rules.js';
import { Conversation } from '../../entities/conversation.entity.js';
import { MessagingErrors } from '../../messaging.errors.js';
import { ConversationViews } from '../../queries/conversation-views.js';
import { MessagingSettings } from '../../queries/messaging-settings/messaging-settings.js';
import { MessagingStore } from '../../repositories/messaging-store.js';
import { StartConversationCommand } from './start-conversation.command.js';

@CommandHandler(StartConversationCommand)
export class StartConversationHandler implements ICommandHandler<StartConversationCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(RateLimits) private readonly limits: RateLimits,
    @Inject(MessagingSettings) private readonly settings: MessagingSettings,
    @Inject(ConversationViews) private readonly views: ConversationViews,
  ) {}

  async execute({ actor, target }: StartConversationCommand) {
    const { fanId, creatorId } = await this.pair(actor.id, target);
    const em = this.orm.em.fork();
    const existing = await em.findOne(Conversation, { fanId, creatorId });
    if (existing) return { conversation: (await this.views.build(em, actor.id, [existing]))[0], created: false };

    const ties = await this.queries.execute(new FanRelationshipQuery(creatorId, fanId));
    if (actor.id === fanId) {
      const verdict = fanVerdict(await this.settings.of(creatorId), {
        subscribed: ties.subscribed,
        creatorStarted: false,
      });
      // A price is asked per message: the conversation opens, its messages wait for paid messages.
      if (!verdict.ok && verdict.reason === 'subscribers_only') throw MessagingErrors.subscribersOnly();
    } else if (!creatorMayStart(ties)) {
      throw MessagingErrors.noRelationship();
    }
    const now = this.clock.now();
    if (isNewAccount(actor.accountCreatedAt, now)) await this.spendNewConversation(actor.id);

    let conversation: Conversation;
    try {
      const opened = OpenedConversation.open({ id: randomUUID(), fanId, creatorId, startedBy: actor.id, at: now });
      await this.store.transaction(({ conversations }) => conversations.add(opened));
      conversation = await em.findOneOrFail(Conversation, opened.id);
    } catch (error) {
      // Both sides opened it at once: the pair's unique key kept one.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      const fresh = this.orm.em.fork();
      const winner = await fresh.findOneOrFail(Conversation, { fanId, creatorId });
      return { conversation: (await this.views.build(fresh, actor.id, [winner]))[0], created: false };
    }
    return { conversation: (await this.views.build(em, actor.id, [conversation]))[0], created: true };
  }

  private async pair(
    actorId: string,
    target: StartConversationCommand['target'],
  ): Promise<{ fanId: string; creatorId: string }> {
    if ('storeSlug' in target) {
      const store = await this.queries.execute(StoreOwnerQuery.bySlug(target.storeSlug));
      if (!store || !store.active) throw MessagingErrors.storeNotFound();
      if (store.ownerId === actorId) throw MessagingErrors.ownStore();
      return { fanId: actorId, creatorId: store.ownerId };
    }
    if (target.fanId === actorId) throw MessagingErrors.ownStore();
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(actorId));
    if (!store) throw MessagingErrors.notACreator();
    if (!(await this.queries.execute(new FindUserQuery(target.fanId)))) throw MessagingErrors.fanNotFound();
    return { fanId: target.fanId, creatorId: actorId };
  }

  private async spendNewConversation(userId: string): Promise<void> {
    try {
      await (await this.limits.limiter('messagingNewConversations', NEW_ACCOUNT_CONVERSATIONS)).consume(userId);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw MessagingErrors.newConversations(Math.ceil(error.msBeforeNext / 1000));
      throw error;
    }
  }
}
