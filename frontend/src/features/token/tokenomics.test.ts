import { describe, expect, it } from 'vitest';
import { TOKEN_IDO_QUARTER } from '../../content/site-facts';
import {
  ALLOCATIONS,
  COMMUNITY_AIRDROP,
  DEX_LIQUIDITY,
  formatFull,
  formatTokens,
  MEGA_DRAW,
  TOKEN_ROADMAP,
  TOTAL_SUPPLY,
} from './tokenomics';

describe('tokenomics (SPEC §9)', () => {
  it('splits 1 trillion tokens into shares that add up to 100%', () => {
    expect(TOTAL_SUPPLY).toBe(1_000_000_000_000);
    expect(ALLOCATIONS.reduce((sum, a) => sum + a.percent, 0)).toBe(100);
    expect(ALLOCATIONS.reduce((sum, a) => sum + a.tokens, 0)).toBe(TOTAL_SUPPLY);
  });

  it('has every allocation with its unlock schedule', () => {
    expect(ALLOCATIONS.map((a) => [a.label, a.percent, formatTokens(a.tokens), a.unlock])).toEqual([
      ['IDO, liquidity and pre-sale', 20, '200B', 'No unlock schedule'],
      ['CEX reserve', 20, '200B', 'None'],
      ['Rewards and community', 20, '200B', 'Released over 5 years'],
      ['Marketing', 15, '150B', 'Bi-monthly unlocks over 24 months'],
      ['Team and talent', 15, '150B', '3-month cliff, then vesting over 36 months'],
      ['Strategic reserve', 10, '100B', '12-month cliff; relocked if unused'],
    ]);
  });

  it('keeps the liquidity, airdrop and mega draw figures consistent', () => {
    expect(DEX_LIQUIDITY).toEqual({ tokens: 50_000_000_000, percent: 5, pairedWith: 'SOL' });
    expect((DEX_LIQUIDITY.tokens / TOTAL_SUPPLY) * 100).toBe(DEX_LIQUIDITY.percent);
    expect(COMMUNITY_AIRDROP.tokens).toBe(5_000_000_000);
    expect(MEGA_DRAW).toEqual({ tokens: 1_000_000_000, monthlyRelease: 100_000_000, months: 10 });
    expect(MEGA_DRAW.monthlyRelease * MEGA_DRAW.months).toBe(MEGA_DRAW.tokens);
  });

  it('has a nine-step token roadmap whose IDO step names the planned quarter', () => {
    expect(TOKEN_ROADMAP).toHaveLength(9);
    expect(TOKEN_ROADMAP.find((step) => step.title === 'Token IDO')?.description).toContain(TOKEN_IDO_QUARTER);
    expect(TOKEN_ROADMAP.some((step) => step.description.includes('{{'))).toBe(false);
  });
});

describe('formatting', () => {
  it.each([
    [1_000_000_000_000, '1T', '1 trillion'],
    [200_000_000_000, '200B', '200 billion'],
    [5_000_000_000, '5B', '5 billion'],
    [1_500_000_000, '1.5B', '1.5 billion'],
    [100_000_000, '100M', '100 million'],
    [999, '999', '999'],
  ])('%d is %s / %s', (amount, short, long) => {
    expect(formatTokens(amount)).toBe(short);
    expect(formatTokens(amount, true)).toBe(long);
  });

  it('groups digits with commas whatever the locale', () => {
    expect(formatFull(1_000_000_000_000)).toBe('1,000,000,000,000');
    expect(formatFull(100_000_000)).toBe('100,000,000');
    expect(formatFull(999)).toBe('999');
  });
});
