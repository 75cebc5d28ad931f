import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ContentByIdQuery } from '#app/content-moderation';
import { PurchaseFactsQuery } from '#app/entitlements';
import { ownsItem } from '../../domain/owned-items.js';

/** What a fan already owns among a creator's store items, and the items' titles, asked of the modules that own them. */
@Injectable()
export class OwnedItems {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  /** Of `contentIds` (store items of `creatorId`), those `fanId` owns now. */
  async of(fanId: string, creatorId: string, contentIds: string[]): Promise<Set<string>> {
    const owned = new Set<string>();
    for (const contentId of new Set(contentIds)) {
      if (ownsItem(await this.queries.execute(new PurchaseFactsQuery(fanId, creatorId, contentId))))
        owned.add(contentId);
    }
    return owned;
  }

  /** Each item's title and purpose, as content-moderation keeps them (no links are made). */
  async describe(contentIds: string[]): Promise<Map<string, { title: string; creatorId: string; store: boolean }>> {
    const described = new Map<string, { title: string; creatorId: string; store: boolean }>();
    for (const contentId of new Set(contentIds)) {
      const item = await this.queries.execute(new ContentByIdQuery(contentId));
      if (item)
        described.set(contentId, { title: item.title, creatorId: item.creatorId, store: item.purpose === 'store' });
    }
    return described;
  }
}
