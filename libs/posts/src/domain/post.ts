import { AppError } from '#app/platform';

export type PostAudience = 'free' | 'subscribers' | 'paid';
export const POST_AUDIENCES: readonly PostAudience[] = ['free', 'subscribers', 'paid'];
/** in_review: some media still waits for review; rejected: some media was refused or taken down; deleted: gone for everyone. */
export type PostStatus = 'in_review' | 'published' | 'rejected' | 'deleted';
/** Where the review of one attached item stands (content-moderation decides; posts keeps a copy). */
export type MediaReview = 'pending_review' | 'approved' | 'rejected' | 'removed';

export const POST_TEXT_MAX = 5_000;
export const POST_MEDIA_MAX = 20;
export const POST_PRICE_MIN_MINOR = 50;
export const POST_PRICE_MAX_MINOR = 100_000;

export type PostRule =
  | 'post_empty'
  | 'post_text_too_long'
  | 'post_too_many_media'
  | 'post_media_twice'
  | 'post_price_needed'
  | 'post_price_not_allowed'
  | 'post_price_out_of_range'
  | 'post_deleted';

/** A broken rule of the Post aggregate: `rule` names it, the API answers `code` with a 4xx. */
export class PostRuleError extends AppError {
  constructor(
    readonly rule: PostRule,
    status: number,
    message: string,
    field?: string,
  ) {
    super(status, status === 400 ? 'validation_failed' : rule, message, field ? [{ field, message }] : undefined);
  }
}

export interface PostMedia {
  contentId: string;
  review: MediaReview;
}

export interface PostSnapshot {
  id: string;
  creatorId: string;
  text: string;
  audience: PostAudience;
  priceMinor: number | null;
  currency: string;
  status: PostStatus;
  commentsEnabled: boolean;
  pinnedAt: Date | null;
  createdAt: Date;
  publishedAt: Date | null;
  editedAt: Date | null;
  media: PostMedia[];
}

export interface PostContent {
  text: string;
  audience: PostAudience;
  priceMinor: number | null;
  /** The attached items in order, each with where its review stands now. */
  media: PostMedia[];
}

/** The store's rule for prices (the same minimum as its items), in its currency. */
export interface PricePolicy {
  currency: string;
  minimumMinor: number;
}

function checkContent(content: PostContent, prices: PricePolicy): void {
  const text = content.text.trim();
  if (text.length === 0 && content.media.length === 0)
    throw new PostRuleError('post_empty', 400, 'Write something or attach photos or a video', 'text');
  if (content.text.length > POST_TEXT_MAX)
    throw new PostRuleError('post_text_too_long', 400, `A post has at most ${POST_TEXT_MAX} characters`, 'text');
  if (content.media.length > POST_MEDIA_MAX)
    throw new PostRuleError('post_too_many_media', 400, `A post carries at most ${POST_MEDIA_MAX} items`, 'mediaIds');
  if (new Set(content.media.map((item) => item.contentId)).size !== content.media.length)
    throw new PostRuleError('post_media_twice', 400, 'Each item is attached once', 'mediaIds');
  if (content.audience === 'paid') {
    if (content.priceMinor === null)
      throw new PostRuleError('post_price_needed', 400, 'A pay-to-unlock post needs a price', 'priceMinor');
    if (
      !Number.isSafeInteger(content.priceMinor) ||
      content.priceMinor < prices.minimumMinor ||
      content.priceMinor > POST_PRICE_MAX_MINOR
    ) {
      throw new PostRuleError(
        'post_price_out_of_range',
        400,
        `The price is between ${prices.minimumMinor} and ${POST_PRICE_MAX_MINOR} minor units of ${prices.currency}`,
        'priceMinor',
      );
    }
    if (content.media.length === 0)
      throw new PostRuleError('post_empty', 400, 'A pay-to-unlock post carries photos or a video', 'mediaIds');
  } else if (content.priceMinor !== null) {
    throw new PostRuleError('post_price_not_allowed', 400, 'Only a pay-to-unlock post has a price', 'priceMinor');
  }
}

/** Where a post stands given its media's reviews: published only when every item is approved. */
export function statusOf(media: readonly PostMedia[]): Exclude<PostStatus, 'deleted'> {
  if (media.some((item) => item.review === 'rejected' || item.review === 'removed')) return 'rejected';
  if (media.some((item) => item.review === 'pending_review')) return 'in_review';
  return 'published';
}

/**
 * A creator's post on their store. Its media are reviewed items; it shows to anyone but its creator
 * only once every item is approved, and an edit that adds an item not yet approved takes it back to
 * review. Deleting is final.
 */
export class Post {
  private constructor(
    private state: PostSnapshot,
    private readonly storedVersion: number | null,
  ) {}

  static create(
    input: { id: string; creatorId: string; commentsEnabled: boolean; now: Date } & PostContent,
    prices: PricePolicy,
  ): Post {
    checkContent(input, prices);
    const status = statusOf(input.media);
    return new Post(
      {
        id: input.id,
        creatorId: input.creatorId,
        text: input.text,
        audience: input.audience,
        priceMinor: input.audience === 'paid' ? input.priceMinor : null,
        currency: prices.currency,
        status,
        commentsEnabled: input.commentsEnabled,
        pinnedAt: null,
        createdAt: input.now,
        publishedAt: status === 'published' ? input.now : null,
        editedAt: null,
        media: input.media.map((item) => ({ ...item })),
      },
      null,
    );
  }

  static restore(snapshot: PostSnapshot, version: number): Post {
    return new Post({ ...snapshot, media: snapshot.media.map((item) => ({ ...item })) }, version);
  }

  get id(): string {
    return this.state.id;
  }

  get creatorId(): string {
    return this.state.creatorId;
  }

  get status(): PostStatus {
    return this.state.status;
  }

  /** The version it was loaded with (null: never stored): a save applies only while the row still has it. */
  get version(): number | null {
    return this.storedVersion;
  }

  snapshot(): PostSnapshot {
    return { ...this.state, media: this.state.media.map((item) => ({ ...item })) };
  }

  /** Replaces what the post says and carries; items not approved yet take it back to review. */
  edit(content: PostContent, prices: PricePolicy, now: Date): void {
    this.alive();
    const audience = content.audience;
    checkContent(content, { ...prices, currency: this.state.currency });
    this.state.text = content.text;
    this.state.audience = audience;
    this.state.priceMinor = audience === 'paid' ? content.priceMinor : null;
    this.state.media = content.media.map((item) => ({ ...item }));
    this.state.editedAt = now;
    this.settle(now);
  }

  /** Content-moderation decided on an item: the post follows (published once all are approved). */
  mediaReviewed(contentId: string, review: MediaReview, now: Date): boolean {
    if (this.state.status === 'deleted') return false;
    const item = this.state.media.find((media) => media.contentId === contentId);
    if (!item || item.review === review) return false;
    item.review = review;
    this.settle(now);
    return true;
  }

  pin(pinned: boolean, now: Date): void {
    this.alive();
    this.state.pinnedAt = pinned ? (this.state.pinnedAt ?? now) : null;
  }

  allowComments(enabled: boolean): void {
    this.alive();
    this.state.commentsEnabled = enabled;
  }

  delete(): void {
    this.state.status = 'deleted';
    this.state.pinnedAt = null;
  }

  private settle(now: Date): void {
    this.state.status = statusOf(this.state.media);
    // A post keeps its first publication time: an approved edit does not move it up the feed.
    if (this.state.status === 'published' && this.state.publishedAt === null) this.state.publishedAt = now;
  }

  private alive(): void {
    if (this.state.status === 'deleted') throw new PostRuleError('post_deleted', 404, 'Post not found');
  }
}

/**
 * Whether a post's media open for someone who is not its creator: a published free post for anyone
 * the store shows to, a subscribers-only post for live subscribers, a pay-to-unlock post for who unlocked it
 * (a paid purchase of it). What was paid for stays open to its buyer if the creator later changes the audience.
 */
export function postOpensFor(
  post: Pick<PostSnapshot, 'status' | 'audience'>,
  viewer: { subscribed: boolean; unlocked: boolean },
): boolean {
  if (post.status !== 'published') return false;
  if (post.audience === 'free' || viewer.unlocked) return true;
  if (post.audience === 'subscribers') return viewer.subscribed;
  return viewer.unlocked;
}

/** What would open a locked post for this viewer: 'open' when nothing is needed. */
export function accessOf(
  post: Pick<PostSnapshot, 'status' | 'audience'>,
  viewer: { isCreator: boolean; subscribed: boolean; unlocked: boolean },
): 'open' | 'subscribe' | 'unlock' {
  if (viewer.isCreator || postOpensFor(post, viewer)) return 'open';
  return post.audience === 'subscribers' ? 'subscribe' : 'unlock';
}
