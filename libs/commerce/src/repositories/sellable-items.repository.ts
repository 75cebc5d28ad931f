import type { EntityManager } from '@mikro-orm/postgresql';
import type { ContentSaleEvent } from '#app/platform';

/**
 * Writes the item as the event says, only over an older version; false when a newer (or the same)
 * version was written before.
 */
export async function upsertSellableItem(
  em: EntityManager,
  event: ContentSaleEvent,
  status: 'sellable' | 'withdrawn',
  now: Date,
): Promise<boolean> {
  const written = await em.execute<{ content_id: string }[]>(
    `insert into sellable_items as s (content_id, creator_id, kind, title, price_minor, currency, status, version, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (content_id) do update
       set creator_id = excluded.creator_id, kind = excluded.kind, title = excluded.title, price_minor = excluded.price_minor,
           currency = excluded.currency, status = excluded.status, version = excluded.version, updated_at = excluded.updated_at
     where s.version < excluded.version
     returning content_id`,
    [
      event.contentId,
      event.creatorId,
      event.kind,
      event.title,
      event.priceMinor,
      event.currency,
      status,
      event.version,
      now,
    ],
  );
  return written.length > 0;
}
