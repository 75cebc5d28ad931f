import type {
  ActivityEntry,
  ActivityPage,
  LedgerTransaction,
  Payout,
  SalesReport,
  Statement,
} from '../services/earnings-types';

export const salesReport = (overrides: Partial<SalesReport> = {}): SalesReport => ({
  currency: 'USD',
  totals: { grossMinor: 12_345, netMinor: 9_258, count: 7, refundedMinor: 999 },
  daily: [
    { date: '2026-03-01', grossMinor: 2_500, count: 2 },
    { date: '2026-03-02', grossMinor: 0, count: 0 },
    { date: '2026-03-03', grossMinor: 9_845, count: 5 },
  ],
  byKind: [
    { kind: 'content', grossMinor: 8_000, count: 4 },
    { kind: 'subscription', grossMinor: 2_997, count: 3 },
  ],
  items: [
    {
      id: 'sale-1',
      kind: 'content',
      title: 'Full body burn',
      buyer: 'fan••3f2a',
      grossMinor: 1_299,
      netMinor: 974,
      currency: 'USD',
      method: 'card',
      status: 'paid',
      disputeStage: null,
      message: null,
      createdAt: '2026-03-03T10:00:00.000Z',
    },
    {
      id: 'sale-2',
      kind: 'tip',
      title: 'Tip',
      buyer: 'fan••9c1d',
      grossMinor: 500,
      netMinor: null,
      currency: 'USD',
      method: 'crypto',
      status: 'refunded',
      disputeStage: null,
      message: 'Keep the videos coming!',
      createdAt: '2026-03-01T09:00:00.000Z',
    },
  ],
  ...overrides,
});

export const emptySales = (): SalesReport =>
  salesReport({ totals: { grossMinor: 0, netMinor: 0, count: 0, refundedMinor: 0 }, daily: [], byKind: [], items: [] });

export const activityEntry = (overrides: Partial<ActivityEntry> = {}): ActivityEntry => ({
  id: '3',
  kind: 'tip',
  purchaseId: 'sale-2',
  text: 'fan••9c1d sent you a $5.00 tip',
  message: 'Keep the videos coming!',
  amountMinor: 500,
  currency: 'USD',
  createdAt: '2026-03-03T10:00:00.000Z',
  readAt: null,
  ...overrides,
});

export const activityPage = (overrides: Partial<ActivityPage> = {}): ActivityPage => ({
  items: [
    activityEntry(),
    activityEntry({
      id: '2',
      kind: 'sale',
      purchaseId: 'sale-1',
      text: 'fan••3f2a bought "Full body burn" for $12.99',
      message: null,
      amountMinor: 1_299,
    }),
    activityEntry({
      id: '1',
      kind: 'subscriber',
      purchaseId: 'sale-0',
      text: 'fan••77aa subscribed to your store for $9.99 a month',
      message: null,
      amountMinor: 999,
      readAt: '2026-03-02T10:00:00.000Z',
    }),
  ],
  nextCursor: null,
  unreadCount: 2,
  ...overrides,
});

export const HOLD_REASON = 'New creators’ earnings are held 21 days until 4 months of clean history.';

export const statement = (overrides: Partial<Statement> = {}): Statement => ({
  currency: 'USD',
  pendingMinor: 45_600,
  currentMinor: 120_050,
  adjustmentsMinor: -1_500,
  schedule: 'monthly',
  holdReason: '',
  heldUntil: null,
  nextPayoutOn: '2026-03-31',
  nextPayoutMinor: 120_050,
  payoutMethod: null,
  balances: [{ currency: 'USD', pendingMinor: 45_600, currentMinor: 120_050, adjustmentsMinor: -1_500 }],
  ...overrides,
});

export const transaction = (overrides: Partial<LedgerTransaction> = {}): LedgerTransaction => ({
  id: 'tx-1',
  transactionId: 1,
  kind: 'sale',
  description: 'Sale: Full body burn',
  amountMinor: 974,
  currency: 'USD',
  balance: 'pending',
  occurredAt: '2026-03-03T10:00:00.000Z',
  releaseOn: '2026-03-24',
  payoutOn: '2026-03-31',
  holdReason: HOLD_REASON,
  status: 'pending',
  ...overrides,
});

export const payout = (overrides: Partial<Payout> = {}): Payout => ({
  id: 'payout-1',
  failureReason: null,
  period: '2026-02',
  amountMinor: 80_000,
  currency: 'USD',
  method: 'bank',
  destination: 'DE•• •••• 3000',
  status: 'paid',
  createdAt: '2026-02-28T23:00:00.000Z',
  paidAt: '2026-02-28T23:30:00.000Z',
  ...overrides,
});

export const VALID_IBAN = 'DE89 3704 0044 0532 0130 00';
export const SOLANA_ADDRESS = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
