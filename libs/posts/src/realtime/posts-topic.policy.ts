import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { StoreVisitQuery } from '#app/commerce';
import { AppError } from '#app/platform';
import { TopicPolicies, type TopicAccess, type TopicPolicy } from '#app/realtime';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Who may join `posts:<creator id>` on /realtime/v1: any account the creator's active store shows to
 * (accounts pass an adult store's gate). Only the server speaks there (`post.published`): no client
 * broadcast, no presence. One message per post, whatever the number of followers.
 */
@Injectable()
export class PostsTopicPolicy implements TopicPolicy, OnModuleInit {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(TopicPolicies) private readonly policies: TopicPolicies,
  ) {}

  onModuleInit(): void {
    this.policies.register('posts', this);
  }

  async access(userId: string, creatorId: string): Promise<TopicAccess | null> {
    if (!UUID.test(creatorId)) return null;
    try {
      await this.queries.execute(new StoreVisitQuery({ ownerId: creatorId }, { viewerId: userId, ageChecked: false }));
    } catch (error) {
      if (error instanceof AppError && error.status < 500) return null;
      throw error;
    }
    return { write: false, presence: false };
  }
}
