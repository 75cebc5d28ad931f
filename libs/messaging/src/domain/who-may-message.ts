/**
 * Who may write to a creator (issue 22): their subscribers only, anyone signed in, or anyone for a
 * price per message. The creator's replies are never limited by their own setting.
 */
export const AUDIENCES = ['subscribers', 'signed_in', 'paid'] as const;
export type Audience = (typeof AUDIENCES)[number];

export interface MessagingSetting {
  audience: Audience;
  priceMinor: number | null;
  currency: string | null;
}

/** A creator who never chose: anyone signed in may write. */
export const DEFAULT_SETTING: MessagingSetting = { audience: 'signed_in', priceMinor: null, currency: null };
export const PRICE_LIMITS = { min: 50, max: 100_000 };

export type FanVerdict =
  | { ok: true; fee: null }
  | { ok: true; fee: { priceMinor: number; currency: string } }
  | { ok: false; reason: 'subscribers_only' };

/**
 * May the fan send in this conversation now? Subscribers-only is waived in a conversation the
 * creator started (they chose to write to this fan); a price applies to every fan message: it is
 * held until paid (`fee`).
 */
export function fanVerdict(
  setting: MessagingSetting,
  fan: { subscribed: boolean; creatorStarted: boolean },
): FanVerdict {
  if (setting.audience === 'paid')
    return { ok: true, fee: { priceMinor: setting.priceMinor!, currency: setting.currency! } };
  if (setting.audience === 'subscribers' && !fan.subscribed && !fan.creatorStarted)
    return { ok: false, reason: 'subscribers_only' };
  return { ok: true, fee: null };
}

/**
 * May a creator start a conversation with this fan? Only with someone who chose their store: a
 * subscriber (live or lapsed), a buyer of anything, or a fan who has it in their favourites.
 */
export function creatorMayStart(ties: {
  subscribed: boolean;
  everSubscribed: boolean;
  bought: boolean;
  favourite: boolean;
}): boolean {
  return ties.subscribed || ties.everSubscribed || ties.bought || ties.favourite;
}

export type SettingProblem = { field: 'priceMinor' | 'audience'; message: string };

/** The setting as stored: a price only with 'paid', in the store's currency, within limits. */
export function checkSetting(
  audience: Audience,
  priceMinor: number | undefined,
  currency: string,
): { ok: true; setting: MessagingSetting } | { ok: false; problem: SettingProblem } {
  if (audience !== 'paid') {
    if (priceMinor !== undefined)
      return { ok: false, problem: { field: 'priceMinor', message: "priceMinor goes with audience 'paid' only" } };
    return { ok: true, setting: { audience, priceMinor: null, currency: null } };
  }
  if (
    priceMinor === undefined ||
    !Number.isInteger(priceMinor) ||
    priceMinor < PRICE_LIMITS.min ||
    priceMinor > PRICE_LIMITS.max
  ) {
    return {
      ok: false,
      problem: {
        field: 'priceMinor',
        message: `priceMinor is a whole number of minor units from ${PRICE_LIMITS.min} to ${PRICE_LIMITS.max}`,
      },
    };
  }
  return { ok: true, setting: { audience, priceMinor, currency } };
}
