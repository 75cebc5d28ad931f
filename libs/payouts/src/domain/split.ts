export interface RevenueSplit {
  id: number;
  rail: 'fiat' | 'token';
  creatorBps: number;
  referralBps: number;
}

export interface SaleShares {
  creator: number;
  referral: number;
  platform: number;
}

/**
 * Splits a gross amount in minor units. Shares round down and the platform takes the remainder,
 * so the three always add up to the gross exactly; the referral commission comes out of the
 * platform's share (SPEC §1), never the creator's.
 */
export function splitSale(grossMinor: number, split: RevenueSplit, referred: boolean): SaleShares {
  if (!Number.isSafeInteger(grossMinor) || grossMinor <= 0)
    throw new Error(`gross must be a positive whole number of minor units, got ${grossMinor}`);
  const creator = Math.floor((grossMinor * split.creatorBps) / 10_000);
  const referral = referred ? Math.floor((grossMinor * split.referralBps) / 10_000) : 0;
  return { creator, referral, platform: grossMinor - creator - referral };
}
