import { Migration } from '@mikro-orm/migrations';
import {
  AUDIT_LOG_ADD_PARTITIONS_SQL,
  AUDIT_LOG_REFUSE_CHANGE_SQL,
} from './20261201110000-audit-log-partitions.migration.js';

/**
 * One keeper for every table partitioned by month (docs/scaling.md §5): a module registers its table
 * in monthly_partitioned_tables (monthlyPartitionsSql() in its migration), and the daily
 * keep-partitions job calls monthly_partitions_add() for each. audit_log, the first such table, moves
 * to it; its own function goes.
 *
 * monthly_partitions_add(table) creates `<table>_YYYY_MM` for this month up to months_ahead, and for
 * any month a row in `<table>_default` belongs to, moving those rows into their month. Rows leave the
 * default partition only there, with fanmint.repartitioning set for the transaction: immutability
 * triggers let a delete from a default partition through then, and nothing else.
 */
export class Migration20261202100000MonthlyPartitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table monthly_partitioned_tables (
        parent_table text primary key,
        partition_column text not null,
        months_ahead int not null default 12 check (months_ahead between 1 and 120),
        -- Called with each new partition once attached: statement triggers are not inherited by partitions.
        on_new_partition text null
      )`);

    this.addSql(`
      create function monthly_partitions_add(parent text, months_ahead int default null) returns int language plpgsql as $$
      declare
        plan monthly_partitioned_tables;
        this_month date := date_trunc('month', now() at time zone 'UTC')::date;
        month date;
        lower_bound timestamptz;
        upper_bound timestamptz;
        partition_name text;
        default_name text := parent || '_default';
        waiting bigint;
        foreign_keys jsonb := null;
        fk record;
        added int := 0;
      begin
        select * into plan from monthly_partitioned_tables t where t.parent_table = parent;
        if not found then
          raise exception 'table % is not registered in monthly_partitioned_tables', parent using errcode = '42P01';
        end if;
        perform pg_advisory_xact_lock(hashtext('monthly_partitions:' || parent));
        for month in execute format(
          'select m::date from generate_series($1::date, $2::date, interval ''1 month'') m
           union select date_trunc(''month'', %I at time zone ''UTC'')::date from %I order by 1', plan.partition_column, default_name)
          using this_month, (this_month + make_interval(months => coalesce(months_ahead, plan.months_ahead)))::date
        loop
          partition_name := format('%s_%s', parent, to_char(month, 'YYYY_MM'));
          -- A month detached for archiving keeps its name: it is not made again.
          continue when to_regclass(partition_name) is not null;
          lower_bound := month::timestamp at time zone 'UTC';
          upper_bound := (month + interval '1 month')::timestamp at time zone 'UTC';
          execute format('create table %I (like %I including defaults including constraints)', partition_name, parent);
          execute format('select count(*) from %I where %I >= $1 and %I < $2', default_name, plan.partition_column, plan.partition_column)
            into waiting using lower_bound, upper_bound;
          if waiting > 0 then
            -- Attaching requires the month's rows out of the default partition. A foreign key that
            -- references the table refuses a referenced row leaving it (the key is checked per
            -- partition), so such keys are dropped until the month is attached, then put back and validated.
            if foreign_keys is null then
              select coalesce(jsonb_agg(jsonb_build_object('tbl', c.conrelid::regclass::text, 'name', c.conname, 'def', pg_get_constraintdef(c.oid))), '[]'::jsonb)
                into foreign_keys from pg_constraint c where c.contype = 'f' and c.confrelid = parent::regclass and c.conparentid = 0;
              for fk in select * from jsonb_to_recordset(foreign_keys) as x(tbl text, name text, def text) loop
                execute format('alter table %s drop constraint %I', fk.tbl, fk.name);
              end loop;
            end if;
            perform set_config('fanmint.repartitioning', 'on', true);
            execute format('with moved as (delete from %I where %I >= $1 and %I < $2 returning *) insert into %I select * from moved',
                           default_name, plan.partition_column, plan.partition_column, partition_name) using lower_bound, upper_bound;
            perform set_config('fanmint.repartitioning', 'off', true);
          end if;
          execute format('alter table %I attach partition %I for values from (%L) to (%L)', parent, partition_name, lower_bound, upper_bound);
          if plan.on_new_partition is not null then
            execute format('select %s($1)', plan.on_new_partition::regproc) using partition_name::regclass;
          end if;
          added := added + 1;
        end loop;
        for fk in select * from jsonb_to_recordset(coalesce(foreign_keys, '[]'::jsonb)) as x(tbl text, name text, def text) loop
          execute format('alter table %s add constraint %I %s not valid', fk.tbl, fk.name, fk.def);
          execute format('alter table %s validate constraint %I', fk.tbl, fk.name);
        end loop;
        return added;
      end $$`);

    // For a migration that has just created `parent ... partition by range (column)`.
    this.addSql(`
      create function monthly_partitions_register(parent text, partition_column text, months_ahead int default 12, on_new_partition text default null)
      returns int language plpgsql as $$
      begin
        insert into monthly_partitioned_tables values (parent, partition_column, months_ahead, on_new_partition::regproc::text)
        on conflict (parent_table) do update set partition_column = excluded.partition_column, months_ahead = excluded.months_ahead, on_new_partition = excluded.on_new_partition;
        if to_regclass(parent || '_default') is null then
          execute format('create table %I partition of %I default', parent || '_default', parent);
          if on_new_partition is not null then
            execute format('select %s($1)', on_new_partition::regproc) using (parent || '_default')::regclass;
          end if;
        end if;
        return monthly_partitions_add(parent);
      end $$`);

    // UUIDv7 ids carry their creation time: a row's id alone names its month, so a lookup by id reads
    // one partition. Other versions name no month (-infinity to infinity). Not STRICT: PostgreSQL inlines
    // a SQL function into the query (and folds it for pruning) only if it is not strict or its body is;
    // called instead, each use costs a function execution (several per purchase written or looked up).
    this.addSql(`
      create function uuid_v7_month_start(id uuid) returns timestamptz language sql immutable parallel safe as $$
        select case when substr(id::text, 15, 1) = '7'
          then date_trunc('month', to_timestamp(('x' || substr(id::text, 1, 8) || substr(id::text, 10, 4))::bit(48)::bigint / 1000.0) at time zone 'UTC') at time zone 'UTC'
          else '-infinity'::timestamptz end
      $$`);
    this.addSql(`
      create function uuid_v7_month_end(id uuid) returns timestamptz language sql immutable parallel safe as $$
        select case when substr(id::text, 15, 1) = '7'
          then (date_trunc('month', to_timestamp(('x' || substr(id::text, 1, 8) || substr(id::text, 10, 4))::bit(48)::bigint / 1000.0) at time zone 'UTC') + interval '1 month') at time zone 'UTC'
          else 'infinity'::timestamptz end
      $$`);

    // audit_log moves to the keeper; its trigger lets only the keeper's delete from the default partition through.
    this.addSql(`
      create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
      begin
        if tg_op = 'DELETE' and tg_table_name = 'audit_log_default' and current_setting('fanmint.repartitioning', true) = 'on' then
          return old;
        end if;
        return null;
      end $$`);
    this.addSql(`drop function audit_log_add_partitions(int)`);
    this.addSql(`select monthly_partitions_register('audit_log', 'created_at', 12)`);
  }

  override async down(): Promise<void> {
    this.addSql(AUDIT_LOG_REFUSE_CHANGE_SQL.replace('create function', 'create or replace function'));
    this.addSql(AUDIT_LOG_ADD_PARTITIONS_SQL);
    this.addSql(
      `drop function uuid_v7_month_end(uuid), uuid_v7_month_start(uuid), monthly_partitions_register(text, text, int, text), monthly_partitions_add(text, int)`,
    );
    this.addSql(`drop table monthly_partitioned_tables`);
  }
}
