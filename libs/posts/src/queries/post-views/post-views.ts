import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UnlockedPostsQuery } from '#app/commerce';
import { ContentByIdsQuery, StoreNamesQuery } from '#app/content-moderation';
import type { Actor } from '#app/entitlements';
import { accessOf, postOpensFor, type MediaReview, type PostAudience, type PostStatus } from '../../domain/post.js';
import { reactionCounts, type CommentRow, type PostRow } from './post-reads.queries.js';

export interface PostFileView {
  mediaId: string;
  type: 'image' | 'video';
  thumbnailUrl: string | null;
  previewUrl: string | null;
  fileUrl: string | null;
  blurredUrl: string | null;
}

export interface PostMediaView {
  contentId: string;
  kind: 'video' | 'album';
  status: MediaReview | 'draft';
  files: PostFileView[];
}

export interface PostView {
  id: string;
  storeSlug: string;
  storeName: string;
  creatorId: string;
  text: string;
  audience: PostAudience;
  priceMinor: number | null;
  currency: string;
  status: Exclude<PostStatus, 'deleted'>;
  pinned: boolean;
  commentsEnabled: boolean;
  createdAt: string;
  publishedAt: string | null;
  editedAt: string | null;
  access: 'open' | 'subscribe' | 'unlock';
  media: PostMediaView[];
  likes: number;
  likedByMe: boolean;
  comments: number;
}

export interface CommentView {
  id: string;
  postId: string;
  authorId: string;
  authorName: string;
  text: string;
  createdAt: string;
  hidden: boolean;
  mine: boolean;
  canModerate: boolean;
}

/** Who is looking: an account (or none) and whether this browser passed the age check. */
export interface PostViewer {
  actor: Actor | null;
  ageChecked: boolean;
}

/** The store a post is on, as the viewer stands to it. */
export interface PostStore {
  slug: string;
  displayName: string;
  subscribed: boolean;
}

const fanName = (userId: string) => `Fan ••${userId.replace(/-/g, '').slice(-4)}`;

/**
 * Builds posts as one viewer sees them. Every link to a post's files is the entitlement service's
 * answer for this viewer through this post (asked by content-moderation's item views): a locked
 * post's files carry none, only their blurred teaser.
 */
@Injectable()
export class PostViews {
  constructor(@Inject(QueryBus) private readonly queries: QueryBus) {}

  async build(
    em: EntityManager,
    rows: readonly PostRow[],
    viewer: PostViewer,
    stores: ReadonlyMap<string, PostStore>,
  ): Promise<PostView[]> {
    const viewerId = viewer.actor?.id ?? null;
    const counts = await reactionCounts(
      em,
      rows.map((row) => row.id),
      viewerId,
    );
    const unlocked = await this.unlocked(rows, viewerId, stores);
    return Promise.all(
      rows.map(async (row): Promise<PostView> => {
        const store = stores.get(row.creator_id);
        const isCreator = viewerId === row.creator_id;
        const access = accessOf(row, {
          isCreator,
          subscribed: store?.subscribed ?? false,
          unlocked: unlocked.has(row.id),
        });
        const reviews = new Map(row.media ?? []);
        const items = await this.queries.execute(
          new ContentByIdsQuery([...reviews.keys()], {
            viewer: viewer.actor,
            post: { postId: row.id },
            ageChecked: viewer.ageChecked,
          }),
        );
        const count = counts.get(row.id) ?? { likes: 0, likedByMe: false, comments: 0 };
        return {
          id: row.id,
          storeSlug: store?.slug ?? '',
          storeName: store?.displayName ?? '',
          creatorId: row.creator_id,
          text: row.text,
          audience: row.audience,
          priceMinor: row.price_minor === null ? null : Number(row.price_minor),
          currency: row.currency.trim(),
          status: row.status === 'deleted' ? 'rejected' : row.status,
          pinned: row.pinned_at !== null,
          commentsEnabled: row.comments_enabled,
          createdAt: new Date(row.created_at).toISOString(),
          publishedAt: row.published_at && new Date(row.published_at).toISOString(),
          editedAt: row.edited_at && new Date(row.edited_at).toISOString(),
          access,
          media: items.map((item) => ({
            contentId: item.id,
            kind: item.kind,
            status: isCreator ? (item.status as MediaReview | 'draft') : (reviews.get(item.id) ?? 'pending_review'),
            files: item.media
              .filter((file) => file.status === 'ready')
              .map((file) => ({
                mediaId: file.id,
                type: file.mediaType,
                thumbnailUrl: file.thumbnailUrl,
                previewUrl: file.previewUrl,
                // Entitlements decided each link; a locked post never shows the full file, even a free teaser's.
                fileUrl: access === 'open' ? file.fileUrl : null,
                blurredUrl: file.blurredUrl,
              })),
          })),
          likes: count.likes,
          likedByMe: count.likedByMe,
          comments: count.comments,
        };
      }),
    );
  }

  /** The posts of the page the viewer paid to unlock: commerce answers, once for the page, for those nothing else opens. */
  private async unlocked(
    rows: readonly PostRow[],
    viewerId: string | null,
    stores: ReadonlyMap<string, PostStore>,
  ): Promise<ReadonlySet<string>> {
    if (viewerId === null) return new Set();
    const locked = rows.filter(
      (row) =>
        row.creator_id !== viewerId &&
        row.status === 'published' &&
        !postOpensFor(row, { subscribed: stores.get(row.creator_id)?.subscribed ?? false, unlocked: false }),
    );
    if (locked.length === 0) return new Set();
    const ids = locked.map((row) => row.id);
    return new Set(await this.queries.execute(new UnlockedPostsQuery(viewerId, ids)));
  }

  async comments(rows: readonly CommentRow[], viewerId: string | null, creatorId: string): Promise<CommentView[]> {
    const authors = [...new Set(rows.map((row) => row.author_id))];
    const stores = authors.length ? await this.queries.execute(new StoreNamesQuery(authors)) : {};
    return rows.map((row) => ({
      id: row.id,
      postId: row.post_id,
      authorId: row.author_id,
      authorName: stores[row.author_id]?.name ?? fanName(row.author_id),
      text: row.text,
      createdAt: new Date(row.created_at).toISOString(),
      hidden: row.hidden,
      mine: viewerId === row.author_id,
      canModerate: viewerId === creatorId,
    }));
  }
}

/** The opaque cursor of a page that ends at `position`. */
export const cursorOf = (position: { at: Date | string; id: string } | null): string | null =>
  position ? Buffer.from(`${new Date(position.at).toISOString()}|${position.id}`).toString('base64url') : null;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A cursor read back, or undefined when it is not one of ours (the caller answers 400). */
export function positionOf(cursor: string | undefined): { at: Date; id: string } | null | undefined {
  if (cursor === undefined || cursor === '') return null;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const when = new Date(at ?? '');
  if (Number.isNaN(when.getTime()) || !UUID.test(id ?? '')) return undefined;
  return { at: when, id };
}
