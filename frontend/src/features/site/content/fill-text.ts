import { REVENUE_SPLIT, TARGETS_QUARTER } from '../../../content/site-facts';
import { fillBrand } from '../../../lib/site';

const FACTS: Record<string, string | number> = {
  quarter: TARGETS_QUARTER,
  fiatCreator: REVENUE_SPLIT.fiat.creator,
  fiatPlatform: REVENUE_SPLIT.fiat.platform,
  tokenCreator: REVENUE_SPLIT.token.creator,
  tokenPlatform: REVENUE_SPLIT.token.platform,
  referral: REVENUE_SPLIT.referralCommissionPercent,
};

/** Fills the brand placeholders and the shared figures ({{tokenCreator}}, {{quarter}}…) in content text. */
export function fillText(text: string): string {
  return fillBrand(text).replace(/\{\{(\w+)\}\}/g, (match, key: string) => String(FACTS[key] ?? match));
}
