import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { PayoutHistoryQuery, type PayoutView } from './payout-history.query.js';
import { payoutsOfPayee } from './payout-history.queries.js';

@QueryHandler(PayoutHistoryQuery)
export class PayoutHistoryHandler implements IQueryHandler<PayoutHistoryQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ userId }: PayoutHistoryQuery): Promise<PayoutView[]> {
    const rows = await payoutsOfPayee(this.orm.em.fork(), userId);
    return rows.map((row) => ({
      id: String(row.id),
      period: String(row.period),
      amountMinor: Number(row.amount_minor),
      currency: String(row.currency),
      method: row.method as PayoutView['method'],
      destination: String(row.destination),
      status: row.status as PayoutView['status'],
      failureReason: row.failure_reason === null ? null : String(row.failure_reason),
      createdAt: new Date(row.created_at as Date).toISOString(),
      paidAt: row.paid_at ? new Date(row.paid_at as Date).toISOString() : null,
    }));
  }
}
