import { Migration } from '@mikro-orm/migrations';

const COLUMNS = 'id, actor_id, action, target_type, target_id, details, ip_address, created_at';

/** As this migration made them; a later migration's down() puts them back. */
export const AUDIT_LOG_REFUSE_CHANGE_SQL = `
      create function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        if current_setting('fanmint.audit_log_repartitioning', true) = 'on' then
          return case tg_op when 'DELETE' then old else new end;
        end if;
        return null;
      end $$`;

export const AUDIT_LOG_ADD_PARTITIONS_SQL = `
      create function audit_log_add_partitions(months_ahead int default 12) returns int language plpgsql as $$
      declare
        this_month date := date_trunc('month', now() at time zone 'UTC')::date;
        month date;
        lower_bound timestamptz;
        upper_bound timestamptz;
        partition_name text;
        added int := 0;
      begin
        perform pg_advisory_xact_lock(hashtext('audit_log_add_partitions'));
        -- From the oldest month waiting in the default partition (or this month) to months_ahead from now.
        select least(this_month, date_trunc('month', min(created_at) at time zone 'UTC')::date) into month from audit_log_default;
        month := coalesce(month, this_month);
        while month <= this_month + make_interval(months => months_ahead) loop
          partition_name := format('audit_log_%s', to_char(month, 'YYYY_MM'));
          if to_regclass(partition_name) is null then
            lower_bound := month::timestamp at time zone 'UTC';
            upper_bound := (month + interval '1 month')::timestamp at time zone 'UTC';
            execute format('create table %I (like audit_log including defaults including constraints)', partition_name);
            -- Attaching checks that no row of that month is left in the default partition.
            perform set_config('fanmint.audit_log_repartitioning', 'on', true);
            execute format('with moved as (delete from audit_log_default where created_at >= %L and created_at < %L returning *) insert into %I select * from moved',
                           lower_bound, upper_bound, partition_name);
            perform set_config('fanmint.audit_log_repartitioning', 'off', true);
            execute format('alter table audit_log attach partition %I for values from (%L) to (%L)', partition_name, lower_bound, upper_bound);
            added := added + 1;
          end if;
          month := month + interval '1 month';
        end loop;
        return added;
      end $$`;

/**
 * audit_log becomes a table partitioned by month of created_at (docs/scaling.md): old months can be
 * detached and archived whole instead of deleted row by row, and a query for a time range reads only
 * its months. Monthly partitions run 12 months ahead; a default partition takes any row past them, so
 * a write never fails, and audit_log_add_partitions() moves such rows into their month when it runs.
 */
export class Migration20261201110000AuditLogPartitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table audit_log rename to audit_log_unpartitioned`);
    this.addSql(`alter table audit_log_unpartitioned rename constraint audit_log_pkey to audit_log_unpartitioned_pkey`);
    this.addSql(`alter index audit_log_target_idx rename to audit_log_unpartitioned_target_idx`);
    // A partitioned table's primary key must hold its partition key; ids stay unique through the sequence.
    this.addSql(`
      create table audit_log (
        id bigint not null default nextval('audit_log_id_seq'),
        actor_id uuid null,
        action text not null,
        target_type text null,
        target_id text null,
        details jsonb not null default '{}'::jsonb,
        ip_address text null,
        created_at timestamptz not null default now(),
        primary key (id, created_at)
      ) partition by range (created_at)`);
    this.addSql(`alter sequence audit_log_id_seq owned by audit_log.id`);
    this.addSql(`create index audit_log_target_idx on audit_log (target_type, target_id, created_at desc)`);
    this.addSql(`create table audit_log_default partition of audit_log default`);
    // Rules do not reach partitions; a row trigger on the parent is cloned onto every partition, present
    // and future. It skips the change silently, as the rules did. Only audit_log_add_partitions moves rows.
    this.addSql(AUDIT_LOG_REFUSE_CHANGE_SQL);
    this.addSql(
      `create trigger audit_log_immutable before update or delete on audit_log for each row execute function audit_log_refuse_change()`,
    );
    this.addSql(AUDIT_LOG_ADD_PARTITIONS_SQL);
    // Existing rows land in the default partition first; the function then moves each month into its own.
    this.addSql(`insert into audit_log (${COLUMNS}) select ${COLUMNS} from audit_log_unpartitioned`);
    this.addSql(`select audit_log_add_partitions(12)`);
    this.addSql(`drop table audit_log_unpartitioned`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table audit_log rename to audit_log_partitioned`);
    this.addSql(`alter table audit_log_partitioned rename constraint audit_log_pkey to audit_log_partitioned_pkey`);
    this.addSql(`alter index audit_log_target_idx rename to audit_log_partitioned_target_idx`);
    this.addSql(`
      create table audit_log (
        id bigint primary key default nextval('audit_log_id_seq'),
        actor_id uuid null,
        action text not null,
        target_type text null,
        target_id text null,
        details jsonb not null default '{}'::jsonb,
        ip_address text null,
        created_at timestamptz not null default now()
      )`);
    this.addSql(`alter sequence audit_log_id_seq owned by audit_log.id`);
    this.addSql(`insert into audit_log (${COLUMNS}) select ${COLUMNS} from audit_log_partitioned`);
    this.addSql(`drop table audit_log_partitioned`);
    this.addSql(`drop function audit_log_add_partitions(int)`);
    this.addSql(`drop function audit_log_refuse_change()`);
    this.addSql(`create index audit_log_target_idx on audit_log (target_type, target_id, created_at desc)`);
    this.addSql(`create rule audit_log_no_update as on update to audit_log do instead nothing`);
    this.addSql(`create rule audit_log_no_delete as on delete to audit_log do instead nothing`);
  }
}
