import { Migration } from '@mikro-orm/migrations';

/**
 * Once, so that an existing database keeps selling: the items approved or removed before
 * content-moderation announced its changes, at the revision they had then (the next event is newer).
 * The only read of content_items outside content-moderation, and only here: a migration runs before
 * the new code, when no event can yet have been missed. Rows already there are left alone, so a
 * second run changes nothing.
 */
export class Migration20261126100200SellableItemsBackfill extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      insert into sellable_items (content_id, creator_id, kind, title, price_minor, currency, status, version, updated_at)
      select id, creator_id, kind, title, price_minor, currency::text, case status when 'approved' then 'sellable' else 'withdrawn' end, revision, now()
        from content_items
       where status in ('approved', 'removed')
      on conflict (content_id) do nothing`);
  }

  override async down(): Promise<void> {
    // Nothing to undo: the rows are what the events would have written.
  }
}
