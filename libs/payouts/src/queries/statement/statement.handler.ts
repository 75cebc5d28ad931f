import { Inject } from '@nestjs/common';
import { QueryHandler, QueryBus, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { holdFor } from '../../domain/hold-policy.js';
import { periodOf } from '../../domain/calendar.js';
import { nextPayout } from '../../domain/next-payout.js';
import { PayoutMethodQuery } from '../payout-method/payout-method.query.js';
import { StatementQuery, type BalanceView, type StatementView } from './statement.query.js';
import { balancesOf, closeHasRun, payeeProfileOf, pendingBucketsOf } from './statement.queries.js';

@QueryHandler(StatementQuery)
export class StatementHandler implements IQueryHandler<StatementQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ userId }: StatementQuery): Promise<StatementView> {
    const em = this.orm.em.fork();
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const rows = await balancesOf(em, userId, monthStart);
    const balances: BalanceView[] = rows.map((row) => ({
      currency: row.currency,
      pendingMinor: Number(row.pending),
      currentMinor: Number(row.current),
      adjustmentsMinor: Number(row.adjustments),
    }));
    const profile = await payeeProfileOf(em, userId);
    const hold = holdFor(
      {
        firstEarningAt: profile ? new Date(profile.first_earning_at) : null,
        highRisk: profile?.high_risk ?? false,
        lastIncidentAt: profile?.last_incident_at ? new Date(profile.last_incident_at) : null,
      },
      now,
    );
    // The operator is Irish: euros until the payee has earned in another currency.
    const main = balances.find((balance) => balance.pendingMinor !== 0 || balance.currentMinor !== 0) ??
      balances[0] ?? { currency: 'EUR', pendingMinor: 0, currentMinor: 0, adjustmentsMinor: 0 };
    const next = nextPayout({
      today: now,
      currentMinor: main.currentMinor,
      pending: await pendingBucketsOf(em, userId, main.currency),
      closedThisMonth: await closeHasRun(em, periodOf(now)),
    });
    return {
      ...main,
      schedule: hold.schedule,
      holdReason: hold.reason,
      heldUntil: hold.heldUntil,
      nextPayoutOn: next?.on ?? null,
      nextPayoutMinor: next?.amountMinor ?? 0,
      payoutMethod: await this.queries.execute(new PayoutMethodQuery(userId)),
      balances,
    };
  }
}
