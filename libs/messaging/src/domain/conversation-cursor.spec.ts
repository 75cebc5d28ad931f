import { describe, expect, it } from '@jest/globals';
import { decodeConversationCursor, encodeConversationCursor } from './conversation-cursor.js';

describe('conversation list cursors', () => {
  it('round-trip the activity time and id', () => {
    const cursor = { at: new Date('2026-12-03T10:11:12.345Z'), id: '0190b3d2-7c1e-7a00-8abc-0123456789ab' };
    expect(decodeConversationCursor(encodeConversationCursor(cursor))).toEqual(cursor);
  });

  it.each([
    '',
    'x',
    Buffer.from('[1,2]').toString('base64url'),
    Buffer.from('["nope","0190b3d2-7c1e-7a00-8abc-0123456789ab"]').toString('base64url'),
    Buffer.from('["2026-12-03T10:11:12Z","x"]').toString('base64url'),
    Buffer.from('{"a":1}').toString('base64url'),
  ])('refuses %j', (text) => {
    expect(decodeConversationCursor(text)).toBeNull();
  });
});
