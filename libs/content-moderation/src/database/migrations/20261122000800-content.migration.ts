import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000800Content extends Migration {
  override async up(): Promise<void> {
    // What creators sell: a video or a photo album, private until a moderator approves it.
    this.addSql(`
      create table content_items (
        id uuid primary key,
        creator_id uuid not null,
        kind text not null check (kind in ('video', 'album')),
        title text not null check (length(title) between 2 and 120),
        description text not null default '',
        price_minor integer not null check (price_minor between 0 and 100000),
        currency char(3) not null,
        status text not null default 'draft' check (status in ('draft', 'pending_review', 'approved', 'rejected', 'removed')),
        rejection_reason text null,
        submitted_at timestamptz null,
        claimed_by uuid null,
        claimed_at timestamptz null,
        decided_by uuid null,
        decided_at timestamptz null,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        check ((status = 'rejected') = (rejection_reason is not null))
      )`);
    this.addSql(`create index content_review_queue on content_items (status, submitted_at, id)`);
    this.addSql(`create index content_by_creator on content_items (creator_id, created_at desc)`);
    // Each uploaded file (tus), then what the worker made of it.
    this.addSql(`
      create table content_media (
        id uuid primary key,
        content_id uuid not null references content_items (id) on delete cascade,
        upload_id text not null unique,
        media_type text not null check (media_type in ('video', 'image')),
        format text not null,
        original_name text not null,
        size_bytes bigint not null,
        status text not null default 'uploaded' check (status in ('uploaded', 'ready', 'failed')),
        width integer null,
        height integer null,
        duration_seconds numeric null,
        thumbnail_key text null,
        clean_key text null,
        error text null,
        position integer not null,
        created_at timestamptz not null
      )`);
    this.addSql(`create index content_media_by_content on content_media (content_id, position)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table content_media`);
    this.addSql(`drop table content_items`);
  }
}
