import { liveSubscriptionSql } from '../queries/purchased-content/entitlements.read-model.js';
import type { SaleItem } from './purchase.repository.js';

/** The columns of `s` a sale of no message leaves empty. */
const NO_MESSAGE = `null::uuid as message_id, null::timestamptz as message_created_at`;
/** The column of `s` a sale of no post leaves empty. */
const NO_POST = `null::uuid as post_id`;

/**
 * What is sold, as CTEs ending in `s` (id, owner_id, slug, display_name, referrals_enabled, content_id, content_title, content_kind,
 * amount_minor, currency, message_id, message_created_at, conversation_id, post_id).
 */
export function saleSource(item: SaleItem, buyerId: string, kind: string): { ctes: string; params: unknown[] } {
  if (item.kind === 'content') {
    // The item as commerce's read model has it (sellable), in its creator's store, open to the buyer.
    return {
      ctes: `c as (select content_id as id, creator_id, kind, title, price_minor, currency from sellable_items
                    where content_id = ?::uuid and status = 'sellable'),
             s as (select st.id, st.owner_id, st.slug, st.display_name, st.referrals_enabled,
                          c.id as content_id, c.title as content_title, c.kind as content_kind,
                          c.price_minor as amount_minor, c.currency, ${NO_MESSAGE}, null::uuid as conversation_id, ${NO_POST}
                     from c join stores st on st.owner_id = c.creator_id and st.status = 'active'
                    where c.creator_id <> ?::uuid and c.price_minor > 0
                      and (st.visibility = 'public' or ${liveSubscriptionSql('?::uuid', 'st.id')}))`,
      params: [item.contentId, buyerId, buyerId, item.at],
    };
  }
  if (item.kind === 'message') {
    // The message as messaging answered it, sold by its sender's active store.
    const { offer } = item;
    return {
      ctes: `s as (select id, owner_id, slug, display_name, false as referrals_enabled, null::uuid as content_id,
                          ?::text || display_name as content_title, null::text as content_kind, ?::bigint as amount_minor, ?::text as currency,
                          ?::uuid as message_id, ?::timestamptz as message_created_at, ?::uuid as conversation_id, ${NO_POST}
                     from stores where owner_id = ?::uuid and status = 'active' and owner_id <> ?::uuid)`,
      params: [
        ...[kind === 'message' ? 'Message: ' : 'Paid message to ', offer.priceMinor, offer.currency],
        ...[offer.messageId, offer.messageCreatedAt, offer.conversationId, offer.sellerId, buyerId],
      ],
    };
  }
  if (item.kind === 'post') {
    // The post as posts answered it, sold by its creator's active store; no referral commission (as messages).
    const { offer } = item;
    return {
      ctes: `s as (select id, owner_id, slug, display_name, false as referrals_enabled, null::uuid as content_id,
                          'Post: ' || display_name as content_title, null::text as content_kind, ?::bigint as amount_minor, ?::text as currency,
                          ${NO_MESSAGE}, null::uuid as conversation_id, ?::uuid as post_id
                     from stores where owner_id = ?::uuid and status = 'active' and owner_id <> ?::uuid)`,
      params: [offer.priceMinor, offer.currency, offer.postId, offer.sellerId, buyerId],
    };
  }
  return {
    ctes: `s as (select id, owner_id, slug, display_name, referrals_enabled, null::uuid as content_id, null::text as content_title, null::text as content_kind,
                        ?::bigint as amount_minor, ?::text as currency, ${NO_MESSAGE}, ?::uuid as conversation_id, ${NO_POST}
                   from stores where id = ?::uuid and status = 'active')`,
    params: [item.amountMinor, item.currency, item.conversationId, item.storeId],
  };
}
