import type { ApiSchemas } from '../../../lib/api/types';

/** The sales and payouts API's shapes, generated from the server's OpenAPI document. */
export type SalesReport = ApiSchemas['SalesDto'];
export type Sale = ApiSchemas['SaleItemDto'];
/** Issue 22: unlocked messages and price-per-message fees are sales too. */
export type SaleKind = ApiSchemas['SalesByKindDto']['kind'] | 'message' | 'message_fee';
export type SaleStatus = Sale['status'];
export type DisputeStage = NonNullable<Sale['disputeStage']>;
export type PaymentMethod = Sale['method'];

export type ActivityPage = ApiSchemas['NotificationsPageDto'];
export type ActivityEntry = ApiSchemas['CreatorNotificationDto'];
export type ActivityKind = ActivityEntry['kind'];

export type CurrencyBalance = ApiSchemas['BalanceDto'];
export type Statement = ApiSchemas['StatementDto'];
export type LedgerTransaction = ApiSchemas['StatementLineDto'];
export type TransactionKind = LedgerTransaction['kind'];
export type TransactionsPage = ApiSchemas['StatementLinesDto'];
export type Payout = ApiSchemas['PayoutDto'];
export type PayoutStatus = Payout['status'];
export type PayoutHistory = ApiSchemas['PayoutHistoryDto'];

/**
 * The payout method as the page reads it: the generated DTO (one shape, optional fields) narrowed
 * to its two kinds. The server always fills the fields of the kind it answers.
 */
type MethodDto = ApiSchemas['PayoutMethodDto'];
export type BankPayoutMethod = Omit<MethodDto, 'kind'> & {
  kind: 'bank';
  accountHolder: string;
  ibanLast4: string;
  currency: string;
};
export type CryptoPayoutMethod = Omit<MethodDto, 'kind'> & { kind: 'crypto'; network: 'solana'; address: string };
export type PayoutMethod = BankPayoutMethod | CryptoPayoutMethod;

export type PayoutMethodRequest = ApiSchemas['SetPayoutMethodDto'];
