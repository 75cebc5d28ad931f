import { Migration } from '@mikro-orm/migrations';

/** The shared Coming Soon password: at most one row, bcrypt hash only. */
export class Migration20261122000100SiteGate extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table site_password (
        id smallint primary key default 1 check (id = 1),
        password_hash text not null,
        updated_at timestamptz not null default now(),
        updated_by uuid null references users (id) on delete set null deferrable initially deferred
      )`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table site_password`);
  }
}
