import { describe, expect, it } from '@jest/globals';
import { REVIEW_CLAIM_TTL_MS, claimRefusal, claimView, liveClaimant, notOwnWorkSql } from './review-claim.js';

const now = new Date('2026-11-25T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('the review claim rule', () => {
  it('holds a claim for 30 minutes, then lets it lapse', () => {
    expect(liveClaimant({ claimedBy: 'a', claimedAt: ago(REVIEW_CLAIM_TTL_MS - 1) }, now)).toBe('a');
    expect(liveClaimant({ claimedBy: 'a', claimedAt: ago(REVIEW_CLAIM_TTL_MS) }, now)).toBeNull();
  });

  it('is exclusive, and deciding needs your own live claim', () => {
    const held = { claimedBy: 'a', claimedAt: ago(1000) };
    expect(claimRefusal(held, 'claim', 'b', [], now)).toBe('claimed_by_other');
    expect(claimRefusal(held, 'decide', 'b', [], now)).toBe('claimed_by_other');
    expect(claimRefusal(held, 'decide', 'a', [], now)).toBeNull();
    expect(claimRefusal({ claimedBy: null, claimedAt: null }, 'decide', 'a', [], now)).toBe('not_claimed');
    expect(claimRefusal({ claimedBy: 'a', claimedAt: ago(REVIEW_CLAIM_TTL_MS) }, 'claim', 'b', [], now)).toBeNull();
  });

  it('refuses your own work at every step, even with a claim in hand', () => {
    for (const step of ['claim', 'release', 'decide'] as const)
      expect(claimRefusal({ claimedBy: 'a', claimedAt: ago(1) }, step, 'a', [null, 'a'], now)).toBe('own_work');
  });

  it('writes the same rule as SQL for the queues', () => {
    expect(notOwnWorkSql('a', ['i.creator_id'], ['select x from t'])).toEqual({
      sql: '((i.creator_id) is distinct from ? and ? <> all(array(select x from t)))',
      params: ['a', 'a'],
    });
    expect(notOwnWorkSql('a', [])).toEqual({ sql: 'true', params: [] });
  });

  it('tells each viewer what they may do, with the same rule', () => {
    const held = { claimedBy: 'a', claimedAt: ago(1000) };
    const expiresAt = new Date(held.claimedAt.getTime() + REVIEW_CLAIM_TTL_MS).toISOString();
    expect(claimView(held, 'a', ['c'], true, now)).toEqual({ state: 'mine', expiresAt });
    expect(claimView(held, 'b', ['c'], true, now)).toEqual({ state: 'taken', expiresAt });
    expect(claimView(held, 'c', ['c'], true, now)).toEqual({ state: 'own_work', expiresAt });
    expect(claimView({ claimedBy: 'a', claimedAt: ago(REVIEW_CLAIM_TTL_MS) }, 'b', [null], true, now)).toEqual({
      state: 'open',
      expiresAt: null,
    });
    expect(claimView({ claimedBy: null, claimedAt: null }, 'c', ['c'], true, now)).toEqual({
      state: 'own_work',
      expiresAt: null,
    });
    expect(claimView(held, 'a', [], false, now)).toEqual({ state: 'closed', expiresAt: null });
  });
});
