import { Migration } from '@mikro-orm/migrations';

/**
 * A purchase no longer key-share-locks its store row. The foreign-key check took a row lock on the
 * store for every purchase; a popular store's concurrent purchases turned it into a MultiXact
 * written on each insert. The purchase insert reads the active store row in the same statement,
 * and stores are never deleted (they close), so the reference holds without the lock.
 */
export class Migration20261122001300PurchasesHotStore extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table purchases drop constraint purchases_store_id_fkey`);
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table purchases add constraint purchases_store_id_fkey foreign key (store_id) references stores (id)`,
    );
  }
}
