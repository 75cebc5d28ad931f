import { Migration } from '@mikro-orm/migrations';

export class Migration20261122000000AuditLog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table audit_log (
        id bigserial primary key,
        actor_id uuid null,
        action text not null,
        target_type text null,
        target_id text null,
        details jsonb not null default '{}'::jsonb,
        ip_address text null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`create index audit_log_target_idx on audit_log (target_type, target_id, created_at desc)`);
    // Entries are immutable: the application may add rows, never change or remove them.
    this.addSql(`create rule audit_log_no_update as on update to audit_log do instead nothing`);
    this.addSql(`create rule audit_log_no_delete as on delete to audit_log do instead nothing`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists audit_log`);
  }
}
