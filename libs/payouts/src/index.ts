import { Migration20261122001200Ledger } from './database/migrations/20261122001200-ledger.migration.js';
import { Migration20261122001400CloseLocality } from './database/migrations/20261122001400-close-locality.migration.js';
import { Migration20261202120000LedgerPartitions } from './database/migrations/20261202120000-ledger-partitions.migration.js';
import { Migration20261206120200LedgerRepartitioningOwnerOnly } from './database/migrations/20261206120200-ledger-repartitioning-owner-only.migration.js';
import { Migration20261206150000PayeeSuspense } from './database/migrations/20261206150000-payee-suspense.migration.js';

export { PayoutsModule, PayoutsJobsModule } from './payouts.module.js';
export { MonthEndClose, type RunSummary } from './commands/month-end/month-end-close.js';
export { BookSale } from './commands/book-sale/book-sale.js';
export { BookReversal } from './commands/book-reversal/book-reversal.js';
export { PayeeShares } from './commands/book-sale/payee-shares.js';
export { RestoreWonDispute } from './commands/restore-won-dispute/restore-won-dispute.js';
/** The ledger's one writer: exported for its own tests; other modules go through the payouts jobs. */
export { Ledger } from './ledger/ledger.repository.js';
export { DispatchPayouts } from './commands/dispatch-payouts/dispatch-payouts.js';
export { OwedEarnings, type OwedLine } from './queries/owed-earnings/owed-earnings.read-model.js';
export { StatementQuery } from './queries/statement/statement.query.js';
export { TransactionsQuery } from './queries/transactions/transactions.query.js';
export { SaleEarningsQuery } from './queries/sale-earnings/sale-earnings.query.js';
export { EarningsSummaryQuery, type EarningsSummaryView } from './queries/earnings-summary/earnings-summary.query.js';
export { MonthEndJobHandler } from './jobs/payouts-jobs.js';
export { SANDBOX_FAILING_HOLDER } from './payout-provider/sandbox-payout-provider.js';
export { HOLD_REASONS } from './domain/hold-policy.js';
export const payoutsEntities = [];
export const payoutsMigrations = [
  Migration20261122001200Ledger,
  Migration20261122001400CloseLocality,
  Migration20261202120000LedgerPartitions,
  Migration20261206120200LedgerRepartitioningOwnerOnly,
  Migration20261206150000PayeeSuspense,
];
export { SEED_PAYEES_SQL, SEED_SALES_SQL } from './testing/synthetic-ledger.js';
