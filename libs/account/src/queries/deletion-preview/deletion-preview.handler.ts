import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ListUserFactorsQuery } from '#app/identity';
import { MySubscriptionsQuery } from '#app/commerce';
import { StatementQuery } from '#app/payouts';
import { owedEarnings } from '../../domain/owed-earnings.js';
import { DeletionPreviewQuery, type DeletionPreview } from './deletion-preview.query.js';

@QueryHandler(DeletionPreviewQuery)
export class DeletionPreviewHandler implements IQueryHandler<DeletionPreviewQuery> {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async execute({ userId }: DeletionPreviewQuery): Promise<DeletionPreview> {
    const [statement, subscriptions, factors] = await Promise.all([
      this.queries.execute(new StatementQuery(userId)),
      this.queries.execute(new MySubscriptionsQuery(userId)),
      this.queries.execute(new ListUserFactorsQuery(userId)),
    ]);
    const owed = owedEarnings(statement.balances).map((line) => ({ currency: line.currency, amountMinor: line.minor }));
    return {
      owed,
      nextPayoutOn: statement.nextPayoutOn,
      activeSubscriptions: subscriptions.filter(
        (subscription) => subscription.status === 'active' || subscription.status === 'past_due',
      ).length,
      secondFactorRequired: factors.some((factor) => factor.status === 'verified'),
      canDelete: owed.length === 0,
    };
  }
}
