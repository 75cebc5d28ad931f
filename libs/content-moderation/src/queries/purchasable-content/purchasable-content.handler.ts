import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { PreparedStatements } from '#app/platform';
import type { ContentKind } from '../../entities/content-item.entity.js';
import { PURCHASABLE_CONTENT_SQL, PurchasableContentQuery, type PurchasableContent } from './purchasable-content.query.js';

interface Row {
  id: string;
  creator_id: string;
  kind: ContentKind;
  title: string;
  price_minor: number;
  currency: string;
}

/** On the purchase hot path: one indexed read, no entity hydration, a prepared statement. */
@QueryHandler(PurchasableContentQuery)
export class PurchasableContentHandler implements IQueryHandler<PurchasableContentQuery> {
  constructor(@Inject(PreparedStatements) private readonly statements: PreparedStatements) {}

  async execute({ contentId }: PurchasableContentQuery): Promise<PurchasableContent | null> {
    const [row] = await this.statements.query<Row>(PURCHASABLE_CONTENT_SQL, [contentId]);
    return row ? { id: row.id, creatorId: row.creator_id, kind: row.kind, title: row.title, priceMinor: Number(row.price_minor), currency: row.currency } : null;
  }
}
