import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { mayViewStore } from '../../domain/store-access.js';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { SubscriptionViews } from '../subscriptions/subscriptions.read-model.js';
import { storePageCounts, viewerOfStore } from './get-public-store.queries.js';
import { storeImagesFor, toPublicStore, type PublicStoreView } from '../store-views.js';
import { EntitlementService } from '#app/entitlements';
import { GetPublicStoreQuery } from './get-public-store.query.js';

@QueryHandler(GetPublicStoreQuery)
export class GetPublicStoreHandler implements IQueryHandler<GetPublicStoreQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(EntitlementService) private readonly entitlements: EntitlementService,
    @Inject(SubscriptionViews) private readonly subscriptions: SubscriptionViews,
  ) {}

  async execute({ slug, visitor }: GetPublicStoreQuery): Promise<PublicStoreView> {
    const wanted = slug.toLowerCase();
    const em = this.orm.em.fork();
    const now = this.clock.now();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await em.findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (!mayViewStore(store, visitor)) throw CommerceErrors.adultStore();
    const counts = await storePageCounts(em, store.id, store.ownerId, now);
    const shown = {
      videos: counts.videos,
      albums: counts.albums,
      subscribers: store.showSubscriberCount ? counts.subscribers : null,
    };
    const view = toPublicStore(store, shown, storeImagesFor(this.entitlements, store, visitor));
    const { viewerId } = visitor;
    if (!viewerId) return view;
    // The same rule the purchase statement enforces, so the page offers Buy only where a purchase is allowed.
    const viewer = await viewerOfStore(em, viewerId, store.id, now);
    // Most viewers are not subscribed: one statement answers them.
    const subscription = viewer.subscribed ? await this.subscriptions.liveOf(viewerId, store.id, now) : null;
    return {
      ...view,
      isOwner: store.ownerId === viewerId,
      isFavorite: viewer.favorite,
      isSubscribed: viewer.subscribed,
      mySubscription: subscription,
    };
  }
}
