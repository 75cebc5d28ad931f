import { Migration } from '@mikro-orm/migrations';

/**
 * One function keeps any table range-partitioned by month of a timestamptz column (docs/scaling.md
 * §5): it creates `<table>_YYYY_MM` from the oldest month waiting in `<table>_default` (or this month)
 * to `months_ahead` months from now, moving each month's rows out of the default partition before
 * attaching it. Idempotent, serialised per table by an advisory lock. audit_log keeps its own
 * function (its immutability trigger needs a switch while rows move).
 */
export class Migration20261203080000MonthlyPartitions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create function add_monthly_partitions(parent regclass, months_ahead int default 12) returns int language plpgsql as $$
      declare
        parent_name text := (select relname from pg_class where oid = parent);
        default_name text := parent_name || '_default';
        key_column text;
        this_month date := date_trunc('month', now() at time zone 'UTC')::date;
        month date;
        oldest timestamptz;
        lower_bound timestamptz;
        upper_bound timestamptz;
        partition_name text;
        stored_columns text;
        added int := 0;
      begin
        perform pg_advisory_xact_lock(hashtext('add_monthly_partitions:' || parent_name));
        select a.attname into key_column from pg_partitioned_table p join pg_attribute a on a.attrelid = p.partrelid and a.attnum = p.partattrs[0]
         where p.partrelid = parent and p.partstrat = 'r' and p.partnatts = 1;
        if key_column is null then
          raise exception '% is not range-partitioned on one column', parent_name;
        end if;
        if to_regclass(default_name) is not null then
          execute format('select min(%I) from %I', key_column, default_name) into oldest;
        end if;
        -- Generated columns are computed again where the rows land.
        select string_agg(quote_ident(attname), ', ' order by attnum) into stored_columns from pg_attribute
         where attrelid = parent and attnum > 0 and not attisdropped and attgenerated = '';
        month := least(this_month, coalesce(date_trunc('month', oldest at time zone 'UTC')::date, this_month));
        while month <= this_month + make_interval(months => months_ahead) loop
          partition_name := format('%s_%s', parent_name, to_char(month, 'YYYY_MM'));
          if to_regclass(partition_name) is null then
            lower_bound := month::timestamp at time zone 'UTC';
            upper_bound := (month + interval '1 month')::timestamp at time zone 'UTC';
            execute format('create table %I (like %I including defaults including constraints including generated)', partition_name, parent_name);
            -- Attaching checks that no row of that month is left in the default partition.
            if to_regclass(default_name) is not null then
              execute format('with moved as (delete from %I where %I >= %L and %I < %L returning %s) insert into %I (%s) select %s from moved',
                             default_name, key_column, lower_bound, key_column, upper_bound, stored_columns, partition_name, stored_columns, stored_columns);
            end if;
            execute format('alter table %I attach partition %I for values from (%L) to (%L)', parent_name, partition_name, lower_bound, upper_bound);
            added := added + 1;
          end if;
          month := month + interval '1 month';
        end loop;
        return added;
      end $$`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop function add_monthly_partitions(regclass, int)`);
  }
}
