import { Query } from '@nestjs/cqrs';
import type { ContentKind } from '../../entities/content-item.entity.js';

/** What commerce needs to sell an item: only approved items answer (null otherwise). */
export interface PurchasableContent {
  id: string;
  creatorId: string;
  kind: ContentKind;
  title: string;
  priceMinor: number;
  currency: string;
}

/**
 * The same rule as SQL, for a statement of commerce's that buys in one round trip (a CTE body; one
 * `?`, the item id): the columns of PurchasableContent in snake case.
 */
export const PURCHASABLE_CONTENT_SQL = `select id, creator_id, kind, title, price_minor, currency from content_items where id = ?::uuid and status = 'approved'`;

export class PurchasableContentQuery extends Query<PurchasableContent | null> {
  constructor(readonly contentId: string) {
    super();
  }
}
