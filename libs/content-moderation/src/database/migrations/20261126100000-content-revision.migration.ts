import { Migration } from '@mikro-orm/migrations';

/**
 * Each item counts the changes it announced to other modules (approved, removed, restored): the
 * version its integration events carry, so a consumer can ignore an older event arriving late.
 */
export class Migration20261126100000ContentRevision extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table content_items add column revision integer not null default 0 check (revision >= 0)`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table content_items drop column revision`);
  }
}
