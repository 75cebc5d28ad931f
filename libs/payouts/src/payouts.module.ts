import { Module } from '@nestjs/common';
import { OwedEarnings } from './queries/owed-earnings/owed-earnings.read-model.js';
import { CqrsModule } from '@nestjs/cqrs';
import { IdentityModule } from '#app/identity';
import { Ledger } from './ledger/ledger.repository.js';
import { BookSale } from './commands/book-sale/book-sale.js';
import { BookReversal } from './commands/book-reversal/book-reversal.js';
import { RestoreWonDispute } from './commands/restore-won-dispute/restore-won-dispute.js';
import { PayeeShares } from './commands/book-sale/payee-shares.js';
import { MonthEndClose } from './commands/month-end/month-end-close.js';
import { DispatchPayouts } from './commands/dispatch-payouts/dispatch-payouts.js';
import { SetPayoutMethodHandler } from './commands/set-payout-method/set-payout-method.js';
import { PayoutProvider } from './payout-provider/payout-provider.js';
import { SandboxPayoutProvider } from './payout-provider/sandbox-payout-provider.js';
import { StatementHandler } from './queries/statement/statement.handler.js';
import { TransactionsHandler } from './queries/transactions/transactions.handler.js';
import { PayoutHistoryHandler } from './queries/payout-history/payout-history.handler.js';
import { PayoutMethodHandler } from './queries/payout-method/payout-method.handler.js';
import { SaleEarningsHandler } from './queries/sale-earnings/sale-earnings.handler.js';
import { EarningsSummaryHandler } from './queries/earnings-summary/earnings-summary.handler.js';
import { PayoutRuns } from './queries/payout-runs/payout-runs.read-model.js';
import { PayoutRepository, PostgresPayoutRepository } from './repositories/payout.repository.js';
import { PayoutRunRepository } from './repositories/payout-run.repository.js';
import { Transactions } from './repositories/tx.js';
import { OrmTransactions } from './repositories/orm-transactions.js';
import { AdminPayoutsController, PayoutsController } from './http/payouts.controller.js';
import { PayoutsLiveGuard } from './http/payouts-live.guard.js';
import {
  DispatchPayoutsJobHandler,
  MonthEndJobHandler,
  PostDisputeWonJobHandler,
  PostReversalJobHandler,
  PostSaleJobHandler,
} from './jobs/payouts-jobs.js';

const core = [
  Ledger,
  BookSale,
  PayeeShares,
  BookReversal,
  RestoreWonDispute,
  MonthEndClose,
  DispatchPayouts,
  PayoutRuns,
  PayoutRunRepository,
  { provide: Transactions, useClass: OrmTransactions },
  { provide: PayoutRepository, useClass: PostgresPayoutRepository },
  { provide: PayoutProvider, useClass: SandboxPayoutProvider },
  SetPayoutMethodHandler,
  StatementHandler,
  TransactionsHandler,
  PayoutHistoryHandler,
  PayoutMethodHandler,
  SaleEarningsHandler,
  EarningsSummaryHandler,
];

/** Payouts (SPEC §3, §4, §9): the ledger, splits, holds, the month-end close and payouts; HTTP for the api. */
@Module({
  imports: [CqrsModule, IdentityModule],
  controllers: [PayoutsController, AdminPayoutsController],
  providers: [...core, PayoutsLiveGuard, OwedEarnings],
  exports: [MonthEndClose, BookSale, BookReversal, OwedEarnings],
})
export class PayoutsModule {}

/** The same services plus the queue consumers, for the worker. */
@Module({
  imports: [CqrsModule],
  providers: [
    ...core,
    PostSaleJobHandler,
    PostReversalJobHandler,
    PostDisputeWonJobHandler,
    DispatchPayoutsJobHandler,
    MonthEndJobHandler,
  ],
  exports: [MonthEndClose, BookSale, BookReversal, DispatchPayouts],
})
export class PayoutsJobsModule {}
