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

export class PurchasableContentQuery extends Query<PurchasableContent | null> {
  constructor(readonly contentId: string) {
    super();
  }
}
