import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { StatementQuery } from '../statement/statement.query.js';
import { EarningsSummaryQuery, type EarningsSummaryView } from './earnings-summary.query.js';

@QueryHandler(EarningsSummaryQuery)
export class EarningsSummaryHandler implements IQueryHandler<EarningsSummaryQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: EarningsSummaryQuery): Promise<EarningsSummaryView> {
    const statement = await this.queries.execute(new StatementQuery(userId));
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [month] = await this.orm.em.fork().execute<{ gross: string; net: string }[]>(
      `select coalesce(sum(t.gross_minor) filter (where t.kind = 'sale'), 0) as gross,
              coalesce((select sum(e.amount_minor) from ledger_transactions x
                          join ledger_entries e on e.transaction_id = x.id and e.occurred_at = x.occurred_at
                          join ledger_accounts a on a.id = e.account_id and a.owner_id = x.payee_id
                         where x.payee_id = ? and x.currency = ? and x.kind in ('sale', 'referral', 'refund', 'chargeback', 'correction') and x.occurred_at >= ?), 0) as net
         from ledger_transactions t where t.payee_id = ? and t.currency = ? and t.kind = 'sale' and t.occurred_at >= ?`,
      [userId, statement.currency, monthStart, userId, statement.currency, monthStart],
    );
    return {
      currency: statement.currency,
      monthGrossMinor: Number(month.gross),
      monthNetMinor: Number(month.net),
      pendingMinor: statement.pendingMinor,
      currentMinor: statement.currentMinor,
      nextPayout: statement.nextPayoutOn ? { on: statement.nextPayoutOn, amountMinor: statement.nextPayoutMinor } : null,
      schedule: statement.schedule,
      heldUntil: statement.heldUntil,
      payoutMethodSet: statement.payoutMethod !== null,
    };
  }
}
