import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { GetUserQuery, ListSessionsQuery } from '#app/identity';
import { ListConsentRecordsQuery } from '#app/consent';
import { ListPurchasesQuery, MySubscriptionsQuery } from '#app/commerce';
import { StatementQuery, TransactionsQuery } from '#app/payouts';
import { ExportMessagesQuery } from '#app/messaging';
import { EXPORT_FORMAT, ExportAccountDataQuery, type AccountExport } from './export-account-data.query.js';

const PAGE = 200;

/** Asks each module for the person's own data; never reads another module's tables. */
@QueryHandler(ExportAccountDataQuery)
export class ExportAccountDataHandler implements IQueryHandler<ExportAccountDataQuery> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ auth }: ExportAccountDataQuery): Promise<AccountExport> {
    const userId = auth.user.id;
    const [account, sessions, consents, purchases, subscriptions, statement, transactions, messages] =
      await Promise.all([
        this.queries.execute(new GetUserQuery(auth.user)),
        this.queries.execute(new ListSessionsQuery(userId, auth.sessionId)),
        this.queries.execute(new ListConsentRecordsQuery(userId)),
        this.allPurchases(userId),
        this.queries.execute(new MySubscriptionsQuery(userId)),
        this.queries.execute(new StatementQuery(userId)),
        this.queries.execute(new TransactionsQuery(userId, null, null)),
        this.queries.execute(new ExportMessagesQuery(userId)),
      ]);
    return {
      format: EXPORT_FORMAT,
      exported_at: this.clock.now().toISOString(),
      account,
      sessions,
      consents,
      purchases,
      subscriptions,
      earnings: {
        balances: statement.balances,
        payout_method: statement.payoutMethod,
        transactions: transactions.items,
      },
      messages,
    };
  }

  private async allPurchases(buyerId: string): Promise<unknown[]> {
    const all: unknown[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.queries.execute(new ListPurchasesQuery(buyerId, cursor, PAGE));
      all.push(...page.items.map(({ checkoutUrl: _checkoutUrl, ...purchase }) => purchase));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return all;
  }
}
