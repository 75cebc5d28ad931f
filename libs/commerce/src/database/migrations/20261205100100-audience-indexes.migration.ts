import { Migration } from '@mikro-orm/migrations';

/**
 * The audiences of a store, read in fan-id order (keyset pages) by messaging's mass messages:
 * its subscribers, its favourites and the paid buyers of one item.
 */
export class Migration20261205100100AudienceIndexes extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create index subscriptions_by_store on subscriptions (store_id, subscriber_id) include (status, current_period_end)`,
    );
    this.addSql(`create index favorites_by_store on favorites (store_id, user_id)`);
    this.addSql(
      `create index purchases_paid_by_content on purchases (content_id, buyer_id) where kind = 'content' and status = 'paid'`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists purchases_paid_by_content`);
    this.addSql(`drop index if exists favorites_by_store`);
    this.addSql(`drop index if exists subscriptions_by_store`);
  }
}
