// Response shapes of the sales and payouts API (issue 7 contract), kept here until the backend's
// OpenAPI document has them; then they become `ApiSchemas[...]` aliases in this one file.

export type SaleKind = 'content' | 'subscription' | 'tip';
export type PaymentMethod = 'card' | 'crypto';
export type SaleStatus = 'pending' | 'paid' | 'failed' | 'refunded' | 'charged_back';

export interface SalesReport {
  currency: string;
  totals: { grossMinor: number; count: number; refundedMinor: number };
  daily: { date: string; grossMinor: number; count: number }[];
  byKind: { kind: SaleKind; grossMinor: number; count: number }[];
  items: Sale[];
}

export interface Sale {
  id: string;
  kind: SaleKind;
  title: string;
  /** Masked by the server, e.g. 'fan••3f2a'. */
  buyer: string;
  grossMinor: number;
  currency: string;
  method: PaymentMethod;
  status: SaleStatus;
  createdAt: string;
}

export type BankPayoutMethod = { kind: 'bank'; accountHolder: string; ibanLast4: string; currency: string };
export type CryptoPayoutMethod = { kind: 'crypto'; network: 'solana'; address: string };
export type PayoutMethod = BankPayoutMethod | CryptoPayoutMethod;

export type PayoutMethodRequest =
  | { kind: 'bank'; accountHolder: string; iban: string; currency: string }
  | { kind: 'crypto'; network: 'solana'; address: string };

export interface CurrencyBalance {
  currency: string;
  pendingMinor: number;
  currentMinor: number;
  adjustmentsMinor: number;
}

export interface Statement extends CurrencyBalance {
  schedule: 'monthly' | 'held';
  holdReason: string;
  heldUntil: string | null;
  nextPayoutOn: string;
  payoutMethod: PayoutMethod | null;
  balances: CurrencyBalance[];
}

export type TransactionKind = 'sale' | 'referral' | 'refund' | 'chargeback' | 'release' | 'payout' | 'payout_returned';

export interface LedgerTransaction {
  id: string;
  kind: TransactionKind;
  description: string;
  /** Signed: the effect on the creator's balance. */
  amountMinor: number;
  currency: string;
  balance: 'pending' | 'current';
  occurredAt: string;
  releaseOn: string | null;
  holdReason: string | null;
  status: 'pending' | 'released' | 'paid' | null;
}

export interface TransactionsPage {
  items: LedgerTransaction[];
  nextCursor: string | null;
}

export type PayoutStatus = 'pending' | 'submitted' | 'paid' | 'failed';

export interface Payout {
  id: string;
  period: string;
  amountMinor: number;
  currency: string;
  method: 'bank' | 'crypto';
  /** Masked by the server. */
  destination: string;
  status: PayoutStatus;
  createdAt: string;
  paidAt: string | null;
}

export interface PayoutHistory {
  items: Payout[];
}
