import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { Clock, claimView, liveClaimant } from '#app/platform';
import { ContentItem } from '../../entities/content-item.entity.js';
import { ContentMedia } from '../../entities/content-media.entity.js';
import { EntitlementService, type ContentGrant } from '#app/entitlements';
import { effectiveCover, numbering } from '../../domain/presentation.js';
import { collaboratorsByContent } from '../../repositories/content-collaborators.repository.js';
import { contentAwaitingReview } from './content-review-queue.read-model.js';
import {
  ApprovedContentQuery,
  ContentByIdQuery,
  ContentByIdsQuery,
  ContentOwnerQuery,
  ContentReviewQueueQuery,
  MyContentQuery,
  type ContentView,
  type ContentViewOptions,
  type PublicContentView,
} from './content.query.js';

async function toViews(
  em: EntityManager,
  items: ContentItem[],
  entitlements: EntitlementService,
  now: Date,
  { withDownloads = false, reviewerId, viewer = null, message, post, ageChecked = false }: ContentViewOptions = {},
): Promise<ContentView[]> {
  const ids = items.map((item) => item.id);
  const media = items.length
    ? await em.find(
        ContentMedia,
        { contentId: { $in: ids } },
        { orderBy: { position: 'asc', createdAt: 'asc', id: 'asc' } },
      )
    : [];
  const featuredByItem = await collaboratorsByContent(em, ids);
  const mediaByItem = new Map<string, ContentMedia[]>();
  for (const file of media) mediaByItem.set(file.contentId, [...(mediaByItem.get(file.contentId) ?? []), file]);
  const views: ContentView[] = [];
  for (const item of items) {
    const claimLive = liveClaimant(item, now) !== null;
    const collaboratorIds = featuredByItem.get(item.id) ?? [];
    const files = mediaByItem.get(item.id) ?? [];
    const numbers = numbering(files);
    const cover = item.kind === 'album' ? effectiveCover(item.coverMediaId, files) : null;
    const teaserFile = item.teaser === 'preview' ? teaserOf(item.kind, cover, files) : null;
    // Every link is the entitlement service's answer for this viewer: the caller's own checks are not enough.
    const links = await entitlements.contentGrant(
      viewer,
      {
        id: item.id,
        creatorId: item.creatorId,
        status: item.status,
        teaserMediaIds: teaserFile ? [teaserFile.id] : [],
        purpose: item.purpose,
      },
      message ?? post,
      ageChecked,
    );
    views.push({
      id: item.id,
      creatorId: item.creatorId,
      kind: item.kind,
      title: item.title,
      description: item.description,
      priceMinor: item.priceMinor,
      currency: item.currency,
      status: item.status,
      purpose: item.purpose,
      rejectionReason: item.rejectionReason,
      submittedAt: item.submittedAt?.toISOString() ?? null,
      claimedBy: claimLive ? item.claimedBy : null,
      claimedAt: claimLive ? item.claimedAt!.toISOString() : null,
      decidedBy: item.decidedBy,
      decidedAt: item.decidedAt?.toISOString() ?? null,
      createdAt: item.createdAt.toISOString(),
      collaboratorIds,
      coverMediaId: cover?.id ?? null,
      teaser: item.teaser,
      teaserUrl: teaserFile ? teaserLink(item.kind, teaserFile, links) : null,
      media: files.map((file, index) => ({
        id: file.id,
        mediaType: file.mediaType,
        format: file.format,
        originalName: file.originalName,
        sizeBytes: Number(file.sizeBytes),
        status: file.status,
        width: file.width,
        height: file.height,
        durationSeconds: file.durationSeconds === null ? null : Number(file.durationSeconds),
        error: file.error,
        number: numbers[index],
        thumbnailUrl: file.thumbnailKey ? links.link(file.id, 'thumbnail') : null,
        blurredUrl: file.thumbnailKey ? links.blurred(file.id) : null,
        previewUrl: file.previewKey ? links.link(file.id, 'preview') : null,
        fileUrl: file.cleanKey ? links.link(file.id, 'file') : null,
        ...(withDownloads ? { downloadUrl: file.cleanKey ? links.link(file.id, 'download') : null } : {}),
      })),
      ...(reviewerId
        ? {
            claim: claimView(
              item,
              reviewerId,
              [item.creatorId, ...collaboratorIds],
              item.status === 'pending_review',
              now,
            ),
          }
        : {}),
    });
  }
  return views;
}

/** The free preview the pipeline honestly makes: an album's cover thumbnail, a video's ten-second clip. */
function teaserOf(kind: ContentItem['kind'], cover: ContentMedia | null, files: ContentMedia[]): ContentMedia | null {
  if (kind === 'album') return cover?.thumbnailKey ? cover : null;
  return files.find((file) => file.status === 'ready' && file.previewKey) ?? null;
}

function teaserLink(kind: ContentItem['kind'], teaser: ContentMedia, links: ContentGrant): string | null {
  return links.link(teaser.id, kind === 'album' ? 'thumbnail' : 'preview');
}

abstract class ContentReader {
  constructor(
    protected readonly orm: MikroORM,
    protected readonly entitlements: EntitlementService,
    protected readonly clock: Clock,
  ) {}

  protected async views(
    where: Record<string, unknown>,
    orderBy: Record<string, 'asc' | 'desc'>,
    limit = 200,
    options: ContentViewOptions = {},
  ): Promise<ContentView[]> {
    const em = this.orm.em.fork();
    const items = await em.find(ContentItem, where, { orderBy, limit });
    return toViews(em, items, this.entitlements, this.clock.now(), options);
  }
}

@QueryHandler(MyContentQuery)
export class MyContentHandler extends ContentReader implements IQueryHandler<MyContentQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(EntitlementService) entitlements: EntitlementService,
    @Inject(Clock) clock: Clock,
  ) {
    super(orm, entitlements, clock);
  }

  execute({ creatorId, viewer }: MyContentQuery) {
    return this.views({ creatorId, purpose: 'store' }, { createdAt: 'desc', id: 'desc' }, 200, { viewer });
  }
}

@QueryHandler(ContentByIdQuery)
export class ContentByIdHandler extends ContentReader implements IQueryHandler<ContentByIdQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(EntitlementService) entitlements: EntitlementService,
    @Inject(Clock) clock: Clock,
  ) {
    super(orm, entitlements, clock);
  }

  async execute({ contentId, options }: ContentByIdQuery) {
    return (await this.views({ id: contentId }, { id: 'asc' }, 1, options))[0] ?? null;
  }
}

@QueryHandler(ContentByIdsQuery)
export class ContentByIdsHandler extends ContentReader implements IQueryHandler<ContentByIdsQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(EntitlementService) entitlements: EntitlementService,
    @Inject(Clock) clock: Clock,
  ) {
    super(orm, entitlements, clock);
  }

  async execute({ contentIds, options }: ContentByIdsQuery): Promise<ContentView[]> {
    if (contentIds.length === 0) return [];
    const views = await this.views({ id: { $in: [...contentIds] } }, { id: 'asc' }, contentIds.length, options);
    const byId = new Map(views.map((view) => [view.id, view]));
    return contentIds.flatMap((id) => byId.get(id) ?? []);
  }
}

@QueryHandler(ContentReviewQueueQuery)
export class ContentReviewQueueHandler extends ContentReader implements IQueryHandler<ContentReviewQueueQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(EntitlementService) entitlements: EntitlementService,
    @Inject(Clock) clock: Clock,
  ) {
    super(orm, entitlements, clock);
  }

  async execute({ status, viewerId, viewer, limit }: ContentReviewQueueQuery) {
    if (status !== 'pending_review')
      return this.views({ status }, { decidedAt: 'desc', id: 'desc' }, limit, { reviewerId: viewerId, viewer });
    // Staff never see their own work (made by or featuring them) as waiting for their review.
    const em = this.orm.em.fork();
    const items = await contentAwaitingReview(em, viewerId, limit);
    return toViews(em, items, this.entitlements, this.clock.now(), { reviewerId: viewerId, viewer });
  }
}

@QueryHandler(ApprovedContentQuery)
export class ApprovedContentHandler extends ContentReader implements IQueryHandler<ApprovedContentQuery> {
  constructor(
    @Inject(MikroORM) orm: MikroORM,
    @Inject(EntitlementService) entitlements: EntitlementService,
    @Inject(Clock) clock: Clock,
  ) {
    super(orm, entitlements, clock);
  }

  async execute({ creatorId, viewer, ageChecked }: ApprovedContentQuery) {
    // Never the full files (those are for buyers, through commerce). Commerce's store listing keeps the
    // clean thumbnail and the preview for those who may open the item and shows everyone else the blurred
    // preview and, when the creator offers one, the free teaser.
    const views = await this.views(
      { creatorId, status: 'approved', purpose: 'store' },
      { decidedAt: 'desc', id: 'desc' },
      200,
      { viewer, ageChecked },
    );
    // Listed field by field, so nothing added to the staff view later leaks here.
    return views.map((view): PublicContentView => ({
      id: view.id,
      kind: view.kind,
      title: view.title,
      description: view.description,
      priceMinor: view.priceMinor,
      currency: view.currency,
      status: view.status,
      decidedAt: view.decidedAt,
      createdAt: view.createdAt,
      coverMediaId: view.coverMediaId,
      teaser: view.teaser,
      teaserUrl: view.teaserUrl,
      media: view.media.map((file) => ({ ...file, fileUrl: null, originalName: '' })),
    }));
  }
}

@QueryHandler(ContentOwnerQuery)
export class ContentOwnerHandler implements IQueryHandler<ContentOwnerQuery> {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async execute({ contentId }: ContentOwnerQuery): Promise<string | null> {
    const item = await this.orm.em.fork().findOne(ContentItem, contentId, { fields: ['creatorId'] });
    return item?.creatorId ?? null;
  }
}
