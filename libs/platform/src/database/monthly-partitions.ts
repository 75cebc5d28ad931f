import { randomBytes } from 'node:crypto';

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
  for (const name of [table, column, options.onNewPartition ?? 'x']) if (!IDENTIFIER.test(name)) throw new Error(`not a plain identifier: ${name}`);
  const monthsAhead = options.monthsAhead ?? 12;
  if (!Number.isInteger(monthsAhead) || monthsAhead < 1 || monthsAhead > 120) throw new Error(`monthsAhead must be 1..120, got ${monthsAhead}`);
  return `select monthly_partitions_register('${table}', '${column}', ${monthsAhead}, ${options.onNewPartition ? `'${options.onNewPartition}'` : 'null'})`;
}

/**
 * A UUIDv7 (RFC 9562) for a row created at `at`: 48 bits of Unix milliseconds, then random bits.
 * Ids of a table partitioned by month name their row's month (SQL: uuid_v7_month_start/end(id)), so
 * a lookup by id reads one partition; the row's time must be `at` (a check constraint can hold it).
 */
export function uuidV7(at: Date): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(at.getTime(), 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
