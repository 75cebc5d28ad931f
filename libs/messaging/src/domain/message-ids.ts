import { randomBytes } from 'node:crypto';

let lastMs = -1;
let sequence = 0;

/**
 * A UUIDv7 (RFC 9562) carrying `at` to the millisecond, so a message id alone names the month
 * partition its row is in. Ids made in one process in the same millisecond count up in the 12-bit
 * rand_a field (RFC 9562 method 1), so they sort in the order they were made.
 */
export function messageId(at: Date): string {
  const ms = at.getTime();
  const bytes = randomBytes(16);
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

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** When a message id was made, or null when the text is not a UUIDv7. */
export function timeOfId(id: string): Date | null {
  if (!V7.test(id)) return null;
  return new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}
