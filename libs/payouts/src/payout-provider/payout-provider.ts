import type { Tx } from '../repositories/tx.js';

export interface PayoutInstruction {
  payoutId: string;
  payeeId: string;
  amountMinor: number;
  currency: string;
  method: 'bank' | 'crypto';
  destination: string;
}

export type PayoutOutcome =
  | { payoutId: string; status: 'paid'; reference: string }
  | { payoutId: string; status: 'failed'; reason: string }
  | { payoutId: string; status: 'submitted'; reference: string };

/**
 * The port to whoever moves the money out (a bank-transfer partner for local currency, a crypto
 * payout service for wallets). Submitting the same payout id twice must not pay twice: real
 * providers take our payout id as their idempotency key.
 */
export abstract class PayoutProvider {
  abstract submit(tx: Tx, payouts: PayoutInstruction[], now: Date): Promise<PayoutOutcome[]>;
}
