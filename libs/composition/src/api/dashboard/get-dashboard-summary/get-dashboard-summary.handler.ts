import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Clock } from '#app/platform';
import { CreatorActivityQuery, ListPurchasesQuery, MyFavoritesQuery, MySubscriptionsQuery } from '#app/commerce';
import { ReviewCountsQuery } from '#app/content-moderation';
import { EarningsSummaryQuery } from '#app/payouts';
import { VerificationStatusQuery } from '#app/verification';
import { GetDashboardSummaryQuery, type CreatorSummary, type DashboardSummary } from './get-dashboard-summary.query.js';

const SHOWN = 5;

@QueryHandler(GetDashboardSummaryQuery)
export class GetDashboardSummaryHandler implements IQueryHandler<GetDashboardSummaryQuery> {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ userId }: GetDashboardSummaryQuery): Promise<DashboardSummary> {
    const now = this.clock.now();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [verification, activity, purchases, subscriptions, favorites] = await Promise.all([
      this.queries.execute(new VerificationStatusQuery(userId)),
      this.queries.execute(new CreatorActivityQuery(userId, monthStart)),
      this.queries.execute(new ListPurchasesQuery(userId, undefined, SHOWN)),
      this.queries.execute(new MySubscriptionsQuery(userId)),
      this.queries.execute(new MyFavoritesQuery(userId)),
    ]);
    const isCreator = verification.status === 'accepted' || activity.store !== null;
    let creator: CreatorSummary | null = null;
    if (isCreator) {
      const [earnings, content] = await Promise.all([
        this.queries.execute(new EarningsSummaryQuery(userId)),
        this.queries.execute(new ReviewCountsQuery(userId)),
      ]);
      const hasEarned = earnings.pendingMinor !== 0 || earnings.currentMinor !== 0 || earnings.monthGrossMinor !== 0;
      // Before the first sale the store's currency is the one to show.
      const currency = hasEarned ? earnings.currency : (activity.store?.currency ?? earnings.currency);
      creator = {
        ...earnings,
        currency,
        store: activity.store,
        newSubscribers: activity.newSubscribers,
        activeSubscribers: activity.activeSubscribers,
        content,
      };
    }
    return {
      role: isCreator ? 'creator' : 'fan',
      verificationStatus: verification.status,
      creator,
      fan: {
        recentPurchases: purchases.items,
        subscriptions: subscriptions
          .filter((subscription) => subscription.status === 'active' || subscription.status === 'past_due')
          .slice(0, SHOWN),
        favorites: favorites.slice(0, SHOWN),
      },
    };
  }
}
