import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000700Stores extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table stores (
        id uuid primary key,
        owner_id uuid not null constraint stores_owner_unique unique,
        slug text not null constraint stores_slug_unique unique
          check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) between 3 and 40),
        status text not null default 'active' check (status in ('active', 'suspended')),
        display_name text not null check (char_length(display_name) between 2 and 60),
        tagline text null check (char_length(tagline) <= 120),
        description text null check (char_length(description) <= 2000),
        accent_color text not null check (accent_color ~ '^#[0-9a-f]{6}$'),
        layout text not null check (layout in ('grid', 'list')),
        default_video_price_minor bigint not null check (default_video_price_minor between 0 and 100000),
        default_album_price_minor bigint not null check (default_album_price_minor between 0 and 100000),
        currency text not null check (currency in ('USD', 'EUR', 'GBP')),
        allow_downloads boolean not null,
        visibility text not null check (visibility in ('public', 'subscribers_only')),
        subscription_enabled boolean not null,
        subscription_price_minor bigint not null check (subscription_price_minor between 100 and 100000),
        tips_enabled boolean not null,
        minimum_tip_minor bigint not null check (minimum_tip_minor between 100 and 100000),
        referrals_enabled boolean not null,
        accepts_collaboration_requests boolean not null,
        is_nsfw boolean not null,
        categories text[] not null default '{}' check (cardinality(categories) <= 5),
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check (visibility = 'public' or subscription_enabled)
      )`);
    // Public listing: newest first or by name, active stores only; category filter by array containment.
    this.addSql(`create index stores_listing_newest on stores (created_at desc, id desc) where status = 'active'`);
    this.addSql(`create index stores_listing_name on stores (lower(display_name), id) where status = 'active'`);
    this.addSql(`create index stores_categories on stores using gin (categories)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table stores`);
  }
}
