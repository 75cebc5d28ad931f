import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ContentByIdQuery } from '#app/content-moderation';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PurchasedContentQuery, type PurchasedContentView } from './purchased-content.query.js';

interface Row {
  kind: string;
  status: string;
  content_id: string | null;
  creator_id: string;
  subscribed: boolean;
}

@QueryHandler(PurchasedContentQuery)
export class PurchasedContentHandler implements IQueryHandler<PurchasedContentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ buyerId, purchaseId, contentId }: PurchasedContentQuery): Promise<PurchasedContentView> {
    const [purchase] = await this.orm.em.getConnection().execute<Row[]>(
      `select p.kind, p.status, p.content_id, p.creator_id,
              exists (select 1 from subscriptions sub where sub.subscriber_id = p.buyer_id and sub.store_id = p.store_id
                        and sub.status in ('active', 'cancelled') and sub.current_period_end > ?) as subscribed
         from purchases p where p.id = ? and p.buyer_id = ?`,
      [this.clock.now(), purchaseId, buyerId],
    );
    if (!purchase) throw PurchaseErrors.purchaseNotFound();
    const wanted = purchase.kind === 'content' ? purchase.content_id : purchase.kind === 'subscription' && purchase.subscribed ? contentId : undefined;
    const entitled = purchase.kind === 'content' ? purchase.status === 'paid' && (contentId === undefined || contentId === purchase.content_id) : purchase.kind === 'subscription' && purchase.subscribed;
    if (!entitled || !wanted) throw PurchaseErrors.notPurchased();
    const content = await this.queries.execute(new ContentByIdQuery(wanted));
    // A subscription opens the store's own items only; a removed item opens for nobody.
    if (!content || content.status !== 'approved' || content.creatorId !== purchase.creator_id) throw PurchaseErrors.contentNotFound();
    return {
      id: content.id,
      title: content.title,
      kind: content.kind,
      media: content.media.map((file) => ({ id: file.id, mediaType: file.mediaType, thumbnailUrl: file.thumbnailUrl, fileUrl: file.fileUrl })),
    };
  }
}
