import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { StatementQuery } from '../statement/statement.query.js';
import { EarningsSummaryQuery, type EarningsSummaryView } from './earnings-summary.query.js';
import { monthTotals } from './earnings-summary.queries.js';

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
    const month = await monthTotals(this.orm.em.fork(), userId, statement.currency, monthStart);
    return {
      currency: statement.currency,
      monthGrossMinor: Number(month.gross),
      monthNetMinor: Number(month.net),
      pendingMinor: statement.pendingMinor,
      currentMinor: statement.currentMinor,
      nextPayout: statement.nextPayoutOn
        ? { on: statement.nextPayoutOn, amountMinor: statement.nextPayoutMinor }
        : null,
      schedule: statement.schedule,
      heldUntil: statement.heldUntil,
      payoutMethodSet: statement.payoutMethod !== null,
    };
  }
}
