import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ContentKind } from '../../entities/content-item.entity.js';
import { PurchasableContentQuery, type PurchasableContent } from './purchasable-content.query.js';

interface Row {
  id: string;
  creator_id: string;
  kind: ContentKind;
  title: string;
  price_minor: number;
  currency: string;
}

/** On the purchase hot path: one indexed read, no entity hydration. */
@QueryHandler(PurchasableContentQuery)
export class PurchasableContentHandler implements IQueryHandler<PurchasableContentQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ contentId }: PurchasableContentQuery): Promise<PurchasableContent | null> {
    const [row] = await this.orm.em
      .getConnection()
      .execute<Row[]>(`select id, creator_id, kind, title, price_minor, currency from content_items where id = ? and status = 'approved'`, [contentId]);
    return row ? { id: row.id, creatorId: row.creator_id, kind: row.kind, title: row.title, priceMinor: Number(row.price_minor), currency: row.currency } : null;
  }
}
