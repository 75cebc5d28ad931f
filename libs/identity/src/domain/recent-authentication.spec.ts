import { describe, expect, it } from '@jest/globals';
import { assertRecentlyAuthenticated } from './recent-authentication.js';

describe('assertRecentlyAuthenticated', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

  it('accepts a proof up to 10 minutes old and refuses an older one or none', () => {
    expect(() => assertRecentlyAuthenticated(minutesAgo(0), now)).not.toThrow();
    expect(() => assertRecentlyAuthenticated(minutesAgo(10), now)).not.toThrow();
    expect(() => assertRecentlyAuthenticated(minutesAgo(10.01), now)).toThrow(
      expect.objectContaining({ status: 403, code: 'reauthentication_needed' }),
    );
    expect(() => assertRecentlyAuthenticated(null, now)).toThrow(
      expect.objectContaining({ code: 'reauthentication_needed' }),
    );
  });
});
