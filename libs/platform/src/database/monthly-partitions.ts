import { randomFillSync } from 'node:crypto';

export { monthlyPartitionsSql, type MonthlyPartitionsOptions } from './sql/monthly-partitions-register.js';

let lastMs = -1;
let sequence = 0;

/** Random bytes drawn 4 KiB at a time (one call per 256 ids instead of one per id: a month-end close makes 100,000s). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function random16(): Buffer {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const bytes = Buffer.from(pool.subarray(poolOffset, poolOffset + 16));
  poolOffset += 16;
  return bytes;
}

/**
 * A UUIDv7 (RFC 9562) for a row created at `at`: 48 bits of Unix milliseconds, a 12-bit counter,
 * then random bits. Ids of a table partitioned by month name their row's month (SQL:
 * uuid_v7_month_start/end(id)), so a lookup by id reads one partition; the row's time must be `at`
 * (a check constraint can hold it). Ids made in one process in the same millisecond count up in the
 * rand_a field (RFC 9562 method 1), so they sort in the order they were made.
 */
export function uuidV7(at: Date): string {
  const ms = at.getTime();
  const bytes = random16();
  if (ms === lastMs && sequence < 0xfff) sequence += 1;
  else {
    lastMs = ms;
    // Start in the lower half so a burst within one millisecond has room to count.
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  }
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (sequence >> 8);
  bytes[7] = sequence & 0xff;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
