import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '#app/platform';
import { ContentByIdQuery } from '#app/content-moderation';
import { PurchaseErrors } from '../../commerce.errors.js';
import { PurchasedContentQuery, type PurchasedContentView } from './purchased-content.query.js';
import { mayOpenBoughtItems } from './entitlements.read-model.js';
import { purchaseOpening } from './purchased-content.queries.js';

@QueryHandler(PurchasedContentQuery)
export class PurchasedContentHandler implements IQueryHandler<PurchasedContentQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ buyerId, purchaseId, contentId }: PurchasedContentQuery): Promise<PurchasedContentView> {
    const purchase = await purchaseOpening(this.orm, buyerId, purchaseId, this.clock.now());
    if (!purchase) throw PurchaseErrors.purchaseNotFound();
    const wanted =
      purchase.kind === 'content'
        ? purchase.content_id
        : purchase.kind === 'subscription' && purchase.subscribed
          ? contentId
          : undefined;
    const entitled =
      purchase.kind === 'content'
        ? purchase.status === 'paid' && (contentId === undefined || contentId === purchase.content_id)
        : purchase.kind === 'subscription' && purchase.subscribed;
    if (!entitled || !wanted) throw PurchaseErrors.notPurchased();
    // Checked when the item is opened, not only when it was bought: the store may have turned subscribers-only since.
    if (!mayOpenBoughtItems(purchase.visibility, purchase.subscribed)) throw PurchaseErrors.subscribersOnly();
    // The store's download setting is read now, so turning it off stops new download links at once.
    const viewer = { id: buyerId, role: 'user', aal: 'aal1' as const };
    const content = await this.queries.execute(
      new ContentByIdQuery(wanted, { withDownloads: purchase.allow_downloads, viewer }),
    );
    // A subscription opens the store's own items only; a removed item opens for nobody.
    if (!content || content.status !== 'approved' || content.creatorId !== purchase.creator_id)
      throw PurchaseErrors.contentNotFound();
    return {
      id: content.id,
      title: content.title,
      kind: content.kind,
      media: content.media.map((file) => ({
        id: file.id,
        mediaType: file.mediaType,
        number: file.number,
        thumbnailUrl: file.thumbnailUrl,
        fileUrl: file.fileUrl,
        downloadUrl: file.downloadUrl ?? null,
      })),
    };
  }
}
