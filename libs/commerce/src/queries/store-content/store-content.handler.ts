import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ApprovedContentQuery, type PublicContentView } from '#app/content-moderation';
import { storeEntitlements } from '../purchased-content/entitlements.read-model.js';
import { mayViewStore } from '../../domain/store-access.js';
import { SLUG_MAX_LENGTH } from '../../domain/store-slug.js';
import { Store } from '../../entities/store.entity.js';
import { CommerceErrors } from '../../commerce.errors.js';
import { StoreContentQuery, type StoreItemView } from './store-content.query.js';

/** What a visitor who may not open an item sees of its files: the blurred preview, never the clean thumbnail or the teaser. */
const lockedMedia = (item: PublicContentView): PublicContentView['media'] =>
  item.media.map((file) => ({ ...file, thumbnailUrl: null, previewUrl: null }));

@QueryHandler(StoreContentQuery)
export class StoreContentHandler implements IQueryHandler<StoreContentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ slug, visitor }: StoreContentQuery): Promise<StoreItemView[]> {
    const wanted = slug.toLowerCase();
    const em = this.orm.em.fork();
    const store = wanted.length <= SLUG_MAX_LENGTH ? await em.findOne(Store, { slug: wanted, status: 'active' }) : null;
    if (!store) throw CommerceErrors.storeNotFound();
    if (!mayViewStore(store, visitor)) throw CommerceErrors.adultStore();
    const { viewerId } = visitor;
    const items = await this.queries.execute(
      new ApprovedContentQuery(
        store.ownerId,
        viewerId ? { id: viewerId, role: 'user', aal: 'aal1' } : null,
        visitor.ageChecked,
      ),
    );
    const isOwner = viewerId === store.ownerId;
    const access = viewerId && !isOwner ? await storeEntitlements(em, viewerId, store, this.clock.now()) : null;
    return items.map((item) => {
      const purchaseId = access?.bought.get(item.id) ?? access?.subscriptionPurchaseId ?? null;
      const locked = !isOwner && purchaseId === null;
      return {
        ...item,
        media: locked ? lockedMedia(item) : item.media,
        owned: purchaseId !== null,
        purchaseId,
        locked,
      };
    });
  }
}
