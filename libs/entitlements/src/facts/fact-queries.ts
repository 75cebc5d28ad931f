import { Query } from '@nestjs/cqrs';
import type { ContentMediaFacts, IdImageFacts } from '../domain/entitlement-rules.js';

/**
 * The facts the entitlement rules need, each answered by the module that owns them (entitlements
 * imports none of them). Only facts travel: the decision stays in domain/entitlement-rules.ts.
 */

/** Commerce: what `viewerId` holds in the store of `creatorId` for item `contentId` (null: no such store). */
export class PurchaseFactsQuery extends Query<ContentMediaFacts['purchase']> {
  constructor(
    readonly viewerId: string,
    readonly creatorId: string,
    readonly contentId: string,
  ) {
    super();
  }
}

/** Messaging: whether one message carries item `contentId` to `viewerId`, and whether it opens for them. */
export class MessageMediaFactsQuery extends Query<ContentMediaFacts['message']> {
  constructor(
    readonly viewerId: string,
    readonly conversationId: string,
    readonly messageId: string,
    readonly contentId: string,
  ) {
    super();
  }
}

/** Posts: whether post `postId` carries item `contentId` and opens for `viewerId` (null: anonymous); null when it does not carry it. */
export class PostMediaFactsQuery extends Query<ContentMediaFacts['post']> {
  constructor(
    readonly viewerId: string | null,
    readonly postId: string,
    readonly contentId: string,
  ) {
    super();
  }
}

/** Verification: the case's applicant and live claim holder, and `staffId`'s role now (null: no such case). */
export class IdImageFactsQuery extends Query<IdImageFacts | null> {
  constructor(
    readonly submissionId: string,
    readonly staffId: string,
  ) {
    super();
  }
}

/** Commerce: whether the store of `ownerId` is an adult store (null: they have no store). */
export class StoreAudienceFactsQuery extends Query<{ isNsfw: boolean } | null> {
  constructor(readonly ownerId: string) {
    super();
  }
}
