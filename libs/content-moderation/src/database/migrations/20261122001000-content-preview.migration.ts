import { Migration } from '@mikro-orm/migrations';

export class Migration20261122001000ContentPreview extends Migration {
  override async up(): Promise<void> {
    // A short, small teaser of each video that fans may watch before buying.
    this.addSql(`alter table content_media add column preview_key text null`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table content_media drop column preview_key`);
  }
}
