import { Query } from '@nestjs/cqrs';
import type { CreatorActivityView, FavoriteView, PurchaseView, SubscriptionView } from '#app/commerce';
import type { ReviewCountsView } from '#app/content-moderation';
import type { EarningsSummaryView } from '#app/payouts';
import type { VerificationStatusView } from '#app/verification';

export interface CreatorSummary extends EarningsSummaryView {
  store: CreatorActivityView['store'];
  newSubscribers: number;
  activeSubscribers: number;
  content: ReviewCountsView;
}

export interface FanSummary {
  recentPurchases: PurchaseView[];
  subscriptions: SubscriptionView[];
  favorites: FavoriteView[];
}

export interface DashboardSummary {
  /** A creator is verified or has opened a store; everyone else sees the fan's dashboard. */
  role: 'creator' | 'fan';
  verificationStatus: VerificationStatusView['status'];
  creator: CreatorSummary | null;
  fan: FanSummary;
}

/** The signed-in user's own figures for the dashboard home, gathered from the modules that own them. */
export class GetDashboardSummaryQuery extends Query<DashboardSummary> {
  constructor(readonly userId: string) {
    super();
  }
}
