import { Migration } from '@mikro-orm/migrations';

/** Posts reuse the upload and review pipeline (issue 35): an item made for posts ('post') is never in the store. */
export class Migration20261207170000PostMedia extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table content_items drop constraint content_items_purpose_check`);
    this.addSql(
      `alter table content_items add constraint content_items_purpose_check check (purpose in ('store', 'message', 'post'))`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table content_items drop constraint content_items_purpose_check`);
    this.addSql(
      `alter table content_items add constraint content_items_purpose_check check (purpose in ('store', 'message'))`,
    );
  }
}
