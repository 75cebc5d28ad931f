import { Inject } from '@nestjs/common';
import { QueryHandler, QueryBus, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { holdFor } from '../../domain/hold-policy.js';
import { dayOf, periodOf } from '../../domain/calendar.js';
import { nextPayout, type PendingBucket } from '../../domain/next-payout.js';
import { PayoutMethodQuery } from '../payout-method/payout-method.query.js';
import { StatementQuery, type BalanceView, type StatementView } from './statement.query.js';

interface BalanceRow {
  currency: string;
  pending: string;
  current: string;
  adjustments: string;
}

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
    const rows = await em.execute<BalanceRow[]>(
      `select a.currency,
              coalesce(sum(b.balance_minor) filter (where a.kind = 'earnings_pending'), 0) as pending,
              coalesce(sum(b.balance_minor) filter (where a.kind = 'earnings_current'), 0) as current,
              (select coalesce(sum(e.amount_minor), 0) from ledger_transactions t
                 join ledger_entries e on e.transaction_id = t.id and e.occurred_at = t.occurred_at
                 join ledger_accounts x on x.id = e.account_id and x.owner_id = t.payee_id and x.currency = a.currency
                where t.payee_id = ? and t.kind in ('refund', 'chargeback', 'correction') and t.occurred_at >= ?) as adjustments
         from ledger_accounts a left join ledger_balances b on b.account_id = a.id
        where a.owner_id = ? group by a.currency order by a.currency`,
      [userId, monthStart, userId],
    );
    const balances: BalanceView[] = rows.map((row) => ({ currency: row.currency, pendingMinor: Number(row.pending), currentMinor: Number(row.current), adjustmentsMinor: Number(row.adjustments) }));
    const [profile] = await em.execute<{ first_earning_at: Date; high_risk: boolean; last_incident_at: Date | null }[]>(
      `select first_earning_at, high_risk, last_incident_at from payee_profiles where user_id = ?`,
      [userId],
    );
    const hold = holdFor(
      { firstEarningAt: profile ? new Date(profile.first_earning_at) : null, highRisk: profile?.high_risk ?? false, lastIncidentAt: profile?.last_incident_at ? new Date(profile.last_incident_at) : null },
      now,
    );
    // The operator is Irish: euros until the payee has earned in another currency.
    const main = balances.find((balance) => balance.pendingMinor !== 0 || balance.currentMinor !== 0) ?? balances[0] ?? { currency: 'EUR', pendingMinor: 0, currentMinor: 0, adjustmentsMinor: 0 };
    const next = nextPayout({ today: now, currentMinor: main.currentMinor, pending: await this.pendingBuckets(em, userId, main.currency), closedThisMonth: await this.closed(em, now) });
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

  /** The pending earnings by the day they become payable (the ledger's balance buckets). */
  private async pendingBuckets(em: EntityManager, userId: string, currency: string): Promise<PendingBucket[]> {
    const rows = await em.execute<{ bucket: Date | string; balance_minor: string }[]>(
      `select b.bucket, b.balance_minor from ledger_accounts a join ledger_balances b on b.account_id = a.id
        where a.owner_id = ? and a.kind = 'earnings_pending' and a.currency = ? and b.balance_minor <> 0 and b.bucket <> '-infinity'::date order by b.bucket`,
      [userId, currency],
    );
    return rows.map((row) => ({ releaseOn: row.bucket instanceof Date ? dayOf(row.bucket) : String(row.bucket).slice(0, 10), amountMinor: Number(row.balance_minor) }));
  }

  private async closed(em: EntityManager, now: Date): Promise<boolean> {
    return (await em.execute(`select 1 from payout_runs where period = ?`, [periodOf(now)])).length > 0;
  }
}
