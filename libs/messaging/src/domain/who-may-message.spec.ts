import { describe, expect, it } from '@jest/globals';
import { checkSetting, creatorMayStart, DEFAULT_SETTING, fanVerdict } from './who-may-message.js';

const NO_TIES = { subscribed: false, everSubscribed: false, bought: false, favourite: false };

describe('who may message a creator', () => {
  it('lets anyone signed in write by default', () => {
    expect(fanVerdict(DEFAULT_SETTING, { subscribed: false, creatorStarted: false })).toEqual({ ok: true, fee: null });
  });

  it('keeps subscribers-only conversations to live subscribers, unless the creator wrote first', () => {
    const setting = { audience: 'subscribers' as const, priceMinor: null, currency: null };
    expect(fanVerdict(setting, { subscribed: false, creatorStarted: false })).toEqual({
      ok: false,
      reason: 'subscribers_only',
    });
    expect(fanVerdict(setting, { subscribed: true, creatorStarted: false })).toEqual({ ok: true, fee: null });
    expect(fanVerdict(setting, { subscribed: false, creatorStarted: true })).toEqual({ ok: true, fee: null });
  });

  it('names the price of every fan message under a price, whoever started', () => {
    const setting = { audience: 'paid' as const, priceMinor: 250, currency: 'EUR' };
    expect(fanVerdict(setting, { subscribed: true, creatorStarted: true })).toEqual({
      ok: true,
      fee: { priceMinor: 250, currency: 'EUR' },
    });
  });

  it('lets a creator start only with subscribers (live or lapsed), buyers and fans who favourited the store', () => {
    expect(creatorMayStart(NO_TIES)).toBe(false);
    for (const tie of ['subscribed', 'everSubscribed', 'bought', 'favourite'] as const)
      expect(creatorMayStart({ ...NO_TIES, [tie]: true })).toBe(true);
  });

  it('stores a price with the paid audience only, within its limits', () => {
    expect(checkSetting('paid', 250, 'EUR')).toEqual({
      ok: true,
      setting: { audience: 'paid', priceMinor: 250, currency: 'EUR' },
    });
    expect(checkSetting('signed_in', undefined, 'EUR')).toEqual({
      ok: true,
      setting: { audience: 'signed_in', priceMinor: null, currency: null },
    });
    expect(checkSetting('paid', undefined, 'EUR')).toMatchObject({ ok: false, problem: { field: 'priceMinor' } });
    expect(checkSetting('paid', 49, 'EUR')).toMatchObject({ ok: false });
    expect(checkSetting('paid', 100_001, 'EUR')).toMatchObject({ ok: false });
    expect(checkSetting('paid', 2.5, 'EUR')).toMatchObject({ ok: false });
    expect(checkSetting('subscribers', 300, 'EUR')).toMatchObject({ ok: false, problem: { field: 'priceMinor' } });
  });
});
