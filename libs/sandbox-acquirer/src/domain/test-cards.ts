/**
 * The sandbox's card network: what happens to a card is decided by its number when it is entered,
 * kept with the card's random token, and the number itself is then forgotten.
 */

export type CardBehaviour =
  | 'approve'
  | 'decline'
  | 'insufficient_funds'
  | 'three_ds_then_approve'
  | 'three_ds_then_decline'
  | 'fraud'
  | 'approve_then_dispute';

export interface TestCard {
  number: string;
  behaviour: CardBehaviour;
  description: string;
}

export const TEST_CARDS: readonly TestCard[] = [
  { number: '4242424242424242', behaviour: 'approve', description: 'Approved' },
  { number: '4000000000000002', behaviour: 'decline', description: 'Declined (card_declined)' },
  { number: '4000000000009995', behaviour: 'insufficient_funds', description: 'Declined (insufficient_funds)' },
  { number: '4000000000003220', behaviour: 'three_ds_then_approve', description: '3-D Secure required, then approved' },
  {
    number: '4000008400001629',
    behaviour: 'three_ds_then_decline',
    description: '3-D Secure required, then declined (card_declined)',
  },
  { number: '4100000000000019', behaviour: 'fraud', description: 'Blocked as fraud (fraudulent)' },
  {
    number: '4000000000000259',
    behaviour: 'approve_then_dispute',
    description: 'Approved, then charged back (a dispute opens shortly after)',
  },
];

const BY_NUMBER = new Map(TEST_CARDS.map((card) => [card.number, card.behaviour]));

/** Any other Luhn-valid number approves. */
export function behaviourOf(number: string): CardBehaviour {
  return BY_NUMBER.get(number) ?? 'approve';
}

export function needsThreeDSecure(behaviour: CardBehaviour): boolean {
  return behaviour === 'three_ds_then_approve' || behaviour === 'three_ds_then_decline';
}

export interface Decline {
  code: string;
  message: string;
}

export const DECLINES = {
  card_declined: { code: 'card_declined', message: 'Your card was declined. Try another card or contact your bank.' },
  insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds. Try another card.' },
  fraudulent: { code: 'fraudulent', message: 'Your card was declined. Try another card or contact your bank.' },
  authentication_failed: {
    code: 'authentication_failed',
    message: "We couldn't confirm it's you with your bank. Try again or use another card.",
  },
  expired_card: { code: 'expired_card', message: 'Your card has expired. Try another card.' },
} as const satisfies Record<string, Decline>;

export type DeclineCode = keyof typeof DECLINES;

/**
 * The authorisation outcome once any 3-D Secure step is behind us (`authenticated` says it passed).
 * Merchant-initiated charges skip 3-D Secure (they are exempt), so `authenticated` is true for them.
 */
export function authorise(behaviour: CardBehaviour, { authenticated }: { authenticated: boolean }): Decline | null {
  switch (behaviour) {
    case 'decline':
      return DECLINES.card_declined;
    case 'three_ds_then_decline':
      return authenticated ? DECLINES.card_declined : DECLINES.authentication_failed;
    case 'insufficient_funds':
      return DECLINES.insufficient_funds;
    case 'fraud':
      return DECLINES.fraudulent;
    case 'three_ds_then_approve':
      return authenticated ? null : DECLINES.authentication_failed;
    default:
      return null;
  }
}

export function isDeclineCode(value: string): value is DeclineCode {
  return Object.hasOwn(DECLINES, value);
}
