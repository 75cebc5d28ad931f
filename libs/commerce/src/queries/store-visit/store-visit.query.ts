import { Query } from '@nestjs/cqrs';
import type { StoreVisitor } from '../../domain/store-access.js';

/** A store as another module shows it to one visitor (posts: its page's posts, one post). */
export interface StoreVisitView {
  storeId: string;
  ownerId: string;
  slug: string;
  displayName: string;
  currency: string;
  isNsfw: boolean;
  /** The visitor owns the store. */
  isOwner: boolean;
  /** The visitor has a live subscription to it. */
  subscribed: boolean;
}

/**
 * An active store found by slug or owner, for a visitor: answers what the store page would (404
 * store_not_found, 401 age_check_required for an adult store's anonymous visitor without the age check).
 */
export class StoreVisitQuery extends Query<StoreVisitView> {
  constructor(
    readonly by: { slug: string } | { ownerId: string },
    readonly visitor: StoreVisitor,
  ) {
    super();
  }
}

/** A store a fan follows (favourite) or subscribes to, with whether the subscription is live. */
export interface FollowedStoreView {
  ownerId: string;
  slug: string;
  displayName: string;
  currency: string;
  subscribed: boolean;
}

/** The active stores a fan follows or has a live subscription to, most recently followed first (at most `limit`). */
export class FollowedStoresQuery extends Query<FollowedStoreView[]> {
  constructor(
    readonly fanId: string,
    readonly limit = 1_000,
  ) {
    super();
  }
}
