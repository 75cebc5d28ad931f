import { Migration } from '@mikro-orm/migrations';

export class Migration20261205090000LeaseLocks extends Migration {
  override async up(): Promise<void> {
    // Without Redis, LeaseLocks keeps its leases here: one row per held lock, owned by the random
    // token of its holder until expires_at (database time). An expired row is taken over in place.
    this.addSql(`
      create table lease_locks (
        namespace text not null,
        key text not null,
        token uuid not null,
        expires_at timestamptz not null,
        primary key (namespace, key)
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists lease_locks`);
  }
}
