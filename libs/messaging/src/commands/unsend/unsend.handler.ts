import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { MessagingErrors } from '../../messaging.errors.js';
import { MessagingStore, type Withdrawal } from '../../repositories/messaging-store.js';
import { unreadOfMembers } from '../../queries/unread-counts/unread-counts.queries.js';
import { MessagingRealtime } from '../../realtime/messaging-realtime.js';
import { UnsendMassMessageCommand, UnsendMessageCommand, type UnsendView } from './unsend.command.js';

/** After the commit: each copy leaves its open thread, and each recipient's badge is recounted. */
async function announce(orm: MikroORM, realtime: MessagingRealtime, withdrawal: Withdrawal): Promise<void> {
  if (withdrawal.gone.length === 0) return;
  const em = orm.em.fork();
  const members = await unreadOfMembers(
    em,
    withdrawal.gone.map((copy) => ({ userId: copy.recipientId, conversationId: copy.conversationId })),
  );
  for (const copy of withdrawal.gone) await realtime.withdrawn(copy.conversationId, copy.id);
  for (const member of members)
    await realtime.unread(member.user_id, {
      total: member.total,
      conversationId: member.conversation_id,
      unread: member.unread_count,
    });
}

@CommandHandler(UnsendMessageCommand)
export class UnsendMessageHandler implements ICommandHandler<UnsendMessageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ userId, conversationId, messageId }: UnsendMessageCommand): Promise<UnsendView> {
    const withdrawal = await this.store.transaction(async ({ conversations, messages }) => {
      const conversation = await conversations.find(conversationId);
      if (!conversation?.memberRole(userId)) throw MessagingErrors.conversationNotFound();
      const message = await messages.byId(conversationId, messageId);
      if (!message) throw MessagingErrors.messageNotFound();
      // The aggregate's rules (its sender only, a priced message only); the withdrawal re-checks both where it writes.
      message.assertWithdrawableBy(userId);
      const at = message.snapshot().createdAt;
      return messages.withdrawMany({ conversationId, messageId, at }, userId, this.clock.now());
    });
    await announce(this.orm, this.realtime, withdrawal);
    return { withdrawnFrom: withdrawal.gone.length, keptBy: withdrawal.keptBy };
  }
}

@CommandHandler(UnsendMassMessageCommand)
export class UnsendMassMessageHandler implements ICommandHandler<UnsendMassMessageCommand> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MessagingStore) private readonly store: MessagingStore,
    @Inject(MessagingRealtime) private readonly realtime: MessagingRealtime,
  ) {}

  async execute({ creatorId, massMessageId }: UnsendMassMessageCommand): Promise<UnsendView> {
    const now = this.clock.now();
    const withdrawal = await this.store.transaction(async ({ massSends, messages }) => {
      // The fan-out holds this row for each page: a page under way finishes, the next one finds it withdrawn.
      const mass = await massSends.lock(massMessageId);
      if (!mass || mass.creatorId !== creatorId) throw MessagingErrors.massMessageNotFound();
      if (mass.price === null) throw MessagingErrors.notUnsendable();
      await massSends.markWithdrawn(massMessageId, now);
      return messages.withdrawMany({ massMessageId }, creatorId, now);
    });
    await announce(this.orm, this.realtime, withdrawal);
    return { withdrawnFrom: withdrawal.gone.length, keptBy: withdrawal.keptBy };
  }
}
