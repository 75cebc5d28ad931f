import { Migration } from '@mikro-orm/migrations';

/**
 * How a creator presents an item: the order of its files (content_media.position, now unique per
 * item), the cover of an album, and the free teaser the store shows ('blurred' card or a 'preview').
 */
export class Migration20261126200000AlbumPresentation extends Migration {
  override async up(): Promise<void> {
    // Positions were the file count at upload time, so a removal left duplicates: renumber in the order readers saw.
    this.addSql(`
      update content_media m set position = ranked.n
        from (select id, row_number() over (partition by content_id order by position, created_at, id) - 1 as n from content_media) ranked
       where ranked.id = m.id and m.position <> ranked.n`);
    // Deferred, so a reorder may pass through duplicates inside its transaction.
    this.addSql(
      `alter table content_media add constraint content_media_position_unique unique (content_id, position) deferrable initially deferred`,
    );
    this.addSql(`alter table content_media add constraint content_media_position_positive check (position >= 0)`);
    this.addSql(
      `alter table content_items add column cover_media_id uuid null references content_media (id) on delete set null`,
    );
    this.addSql(
      `alter table content_items add column teaser text not null default 'blurred' check (teaser in ('blurred', 'preview'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table content_items drop column teaser`);
    this.addSql(`alter table content_items drop column cover_media_id`);
    this.addSql(`alter table content_media drop constraint content_media_position_positive`);
    this.addSql(`alter table content_media drop constraint content_media_position_unique`);
  }
}
