import { Migration } from '@mikro-orm/migrations';

/**
 * fanmint.repartitioning let a delete out of an immutable table's default partition through, and any
 * session may set a custom setting: the application's own role could erase audit rows with it. Now it
 * counts only for members of the table's owner (the migration role). The partition keeper runs as
 * that owner (security definer), so the worker's daily job still moves rows under the app's role.
 */
export class Migration20261206120100RepartitioningOwnerOnly extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function repartitioning_allowed(rel oid) returns boolean language sql stable as $$
        select coalesce(current_setting('fanmint.repartitioning', true), '') = 'on'
           and pg_has_role(current_user, (select relowner from pg_class where oid = rel), 'MEMBER')
      $$`);
    this.addSql(`
      create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and tg_table_name = 'audit_log_default' and repartitioning_allowed(tg_relid) then
          return old;
        end if;
        return null;
      end $$`);
    // A fixed search path: a definer function must not resolve names through the caller's schemas.
    this.addSql(`
      do $$ begin
        execute format('alter function monthly_partitions_add(text, int) security definer set search_path = %I, pg_temp', current_schema());
      end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter function monthly_partitions_add(text, int) security invoker reset search_path`);
    this.addSql(`
      create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and tg_table_name = 'audit_log_default' and current_setting('fanmint.repartitioning', true) = 'on' then
          return old;
        end if;
        return null;
      end $$`);
    this.addSql(`drop function repartitioning_allowed(oid)`);
  }
}
