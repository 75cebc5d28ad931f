import { Migration } from '@mikro-orm/migrations';

/**
 * Commerce's own copy of what it may sell, kept by content-moderation's events (approved, removed,
 * restored): a purchase reads it instead of the content module's tables. The item's store is the
 * creator's store (stores.owner_id), looked up at purchase time: a creator may open a store after
 * their items were approved, and a suspended store stops selling at once.
 */
export class Migration20261126100100SellableItems extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table sellable_items (
        content_id uuid primary key,
        creator_id uuid not null,
        kind text not null check (kind in ('video', 'album')),
        title text not null,
        price_minor bigint not null check (price_minor >= 0),
        currency text not null,
        status text not null check (status in ('sellable', 'withdrawn')),
        -- The content item's revision of the latest event applied: an older one changes nothing.
        version integer not null check (version >= 0),
        updated_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table sellable_items`);
  }
}
