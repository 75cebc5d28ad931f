import { TOKEN_IDO_QUARTER } from '../../content/site-facts';
import { fillBrand } from '../../lib/site';
import steps from './content/token-roadmap.json';
import data from './content/tokenomics.json';

export interface Allocation {
  label: string;
  percent: number;
  tokens: number;
  unlock: string;
}

export interface TokenRoadmapStep {
  title: string;
  description: string;
}

export const TOTAL_SUPPLY = data.totalSupply;

/** SPEC §9 allocation, with each share's token count worked out from the total supply. */
export const ALLOCATIONS: Allocation[] = data.allocations.map((a) => ({
  ...a,
  tokens: (TOTAL_SUPPLY * a.percent) / 100,
}));

export const DEX_LIQUIDITY = data.dexLiquidity;
export const COMMUNITY_AIRDROP = data.communityAirdrop;
export const MEGA_DRAW = data.megaDraw;
export const IDO_QUARTER = TOKEN_IDO_QUARTER;

export const TOKEN_ROADMAP: TokenRoadmapStep[] = steps.map((step) => ({
  title: fillBrand(step.title),
  description: fillBrand(step.description),
}));

const SCALES: [number, string, string][] = [
  [1e12, 'T', 'trillion'],
  [1e9, 'B', 'billion'],
  [1e6, 'M', 'million'],
];

/** 200000000000 → '200B'; with `long`, '200 billion'. */
export function formatTokens(amount: number, long = false): string {
  for (const [scale, short, word] of SCALES) {
    if (amount >= scale) {
      const value = Number((amount / scale).toFixed(2));
      return long ? `${value} ${word}` : `${value}${short}`;
    }
  }
  return String(amount);
}

/** Digits grouped with commas, independent of the visitor's locale (server and browser must agree). */
export function formatFull(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
