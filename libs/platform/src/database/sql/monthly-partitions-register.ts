const IDENTIFIER = /^[a-z_][a-z0-9_]{0,40}$/;

export interface MonthlyPartitionsOptions {
  /** How many months ahead the daily job keeps ready (12). */
  monthsAhead?: number;
  /** A function `(partition regclass)` called on each new partition once attached, the default one included (per-partition statement triggers). */
  onNewPartition?: string;
}

/**
 * For a module's migration, right after `create table <table> (...) partition by range (<column>)`:
 * registers the table with the daily keep-partitions job (KeepPartitionsJob), creates `<table>_default`
 * (no insert ever fails for want of a month) and the months from this one to monthsAhead.
 */
export function monthlyPartitionsSql(table: string, column: string, options: MonthlyPartitionsOptions = {}): string {
  for (const name of [table, column, options.onNewPartition ?? 'x'])
    if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  const monthsAhead = options.monthsAhead ?? 12;
  if (!Number.isInteger(monthsAhead) || monthsAhead < 1 || monthsAhead > 120)
    throw new Error(`monthsAhead must be 1..120, got ${monthsAhead}`);
  return `select monthly_partitions_register('${table}', '${column}', ${monthsAhead}, ${options.onNewPartition ? `'${options.onNewPartition}'` : 'null'})`;
}
