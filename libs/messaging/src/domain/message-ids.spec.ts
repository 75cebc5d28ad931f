import { describe, expect, it } from '@jest/globals';
import { messageId, timeOfId } from './message-ids.js';

describe('message ids', () => {
  it('are UUIDv7 carrying the given instant to the millisecond', () => {
    const at = new Date('2027-03-31T23:59:59.999Z');
    const id = messageId(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(timeOfId(id)).toEqual(at);
  });

  it('sort in the order they were made, also within one millisecond and across milliseconds', () => {
    const at = new Date('2026-12-03T10:00:00.000Z');
    const ids = [
      ...Array.from({ length: 500 }, () => messageId(at)),
      messageId(new Date(at.getTime() + 1)),
      messageId(new Date(at.getTime() + 60_000)),
    ];
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('reads no time out of anything but a UUIDv7', () => {
    expect(timeOfId('3f1f4c52-1a2b-4c3d-8e4f-5a6b7c8d9e0f')).toBeNull();
    expect(timeOfId('not-an-id')).toBeNull();
    expect(timeOfId('')).toBeNull();
  });
});
