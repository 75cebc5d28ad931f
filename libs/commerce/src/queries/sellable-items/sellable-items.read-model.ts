import { Inject, Injectable } from '@nestjs/common';
import { PreparedStatements } from '#app/platform';

/** An item commerce may sell now (content-moderation approved it and has not removed it). */
export interface SellableItem {
  id: string;
  creatorId: string;
  kind: 'video' | 'album';
  title: string;
  priceMinor: number;
  currency: string;
}

/**
 * The sellable item, as SQL for a statement that buys in one round trip (a CTE body; one `?`, the
 * item id): the columns of SellableItem in snake case. An item not (yet) sellable answers nothing,
 * as an unknown one does.
 */
export const SELLABLE_ITEM_SQL = `select content_id as id, creator_id, kind, title, price_minor, currency from sellable_items where content_id = ?::uuid and status = 'sellable'`;

interface Row {
  id: string;
  creator_id: string;
  kind: SellableItem['kind'];
  title: string;
  price_minor: string;
  currency: string;
}

/** Commerce's own read model of what it sells (sellable_items), kept by content-moderation's events. */
@Injectable()
export class SellableItems {
  constructor(@Inject(PreparedStatements) private readonly statements: PreparedStatements) {}

  async find(contentId: string): Promise<SellableItem | null> {
    const [row] = await this.statements.query<Row>(SELLABLE_ITEM_SQL, [contentId]);
    return row
      ? {
          id: row.id,
          creatorId: row.creator_id,
          kind: row.kind,
          title: row.title,
          priceMinor: Number(row.price_minor),
          currency: row.currency,
        }
      : null;
  }
}
