import { Migration } from '@mikro-orm/migrations';

/**
 * A purchase's version, raised by every save: a writer that decided on the purchase as it read it
 * (the checkout that just wrote it) saves only if nobody changed it since, without holding a lock
 * across the decision. A column with a constant default: no table rewrite.
 */
export class Migration20261127110000PurchaseVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table purchases add column version integer not null default 1`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table purchases drop column version`);
  }
}
