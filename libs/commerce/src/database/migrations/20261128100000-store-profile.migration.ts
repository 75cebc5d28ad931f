import { Migration } from '@mikro-orm/migrations';

/**
 * The public store page (issue 20): a banner and an avatar (re-encoded files under STORAGE_DIR,
 * the row keeps their keys), whether fans see the subscriber count, and fans' age checks: one row
 * per account, asked once and recorded with its date.
 */
export class Migration20261128100000StoreProfile extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      alter table stores
        add column banner_key text null check (banner_key ~ '^[a-z0-9-]+\\.webp$'),
        add column avatar_key text null check (avatar_key ~ '^[a-z0-9-]+\\.webp$'),
        add column show_subscriber_count boolean not null default false`);
    this.addSql(`
      create table age_confirmations (
        user_id uuid primary key,
        confirmed_at timestamptz not null
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table age_confirmations`);
    this.addSql(`alter table stores drop column banner_key, drop column avatar_key, drop column show_subscriber_count`);
  }
}
