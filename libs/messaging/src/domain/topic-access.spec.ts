import { describe, expect, it } from '@jest/globals';
import { conversationAccess } from './topic-access.js';

describe('realtime access to a conversation', () => {
  it('refuses anyone who is not a member', () => {
    expect(conversationAccess(null)).toBeNull();
  });

  it('lets members type and show presence, and only read while a block stands', () => {
    expect(conversationAccess({ blocked: false })).toEqual({ write: true, presence: true });
    expect(conversationAccess({ blocked: true })).toEqual({ write: false, presence: false });
  });
});
