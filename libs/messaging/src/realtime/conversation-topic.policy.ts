import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { TopicPolicies, type TopicAccess, type TopicPolicy } from '#app/realtime';
import { membersOf } from '../queries/conversation-members/conversation-members.queries.js';
import { conversationAccess } from '../domain/topic-access.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Who may join `conversation:<id>` on /realtime/v1: its two members (domain/topic-access.ts says what a block changes). */
@Injectable()
export class ConversationTopicPolicy implements TopicPolicy, OnModuleInit {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(TopicPolicies) private readonly policies: TopicPolicies,
  ) {}

  onModuleInit(): void {
    this.policies.register('conversation', this);
  }

  async access(userId: string, id: string): Promise<TopicAccess | null> {
    if (!UUID.test(id)) return null;
    const rows = await membersOf(this.orm.em.fork(), id);
    if (!rows.some((row) => row.user_id === userId)) return conversationAccess(null);
    return conversationAccess({ blocked: rows.some((row) => row.blocked_at !== null) });
  }
}
