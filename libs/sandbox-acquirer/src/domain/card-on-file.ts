import type { CardBehaviour } from './test-cards.js';

/** A card as the sandbox network knows it once the number is gone: its token, behaviour and display details. */
export interface CardOnFile {
  token: string;
  behaviour: CardBehaviour;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  /** Set when the card is a saved payment method. */
  paymentMethodId: string | null;
  /** A saved card told (through the test API) to decline its next charges. */
  declineCode?: string | null;
}
