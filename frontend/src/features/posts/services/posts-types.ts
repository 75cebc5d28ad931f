import type { ApiSchemas } from '../../../lib/api/types';

/** The posts API's shapes (docs/posts.md), from the server's OpenAPI document. */
export type Post = ApiSchemas['PostDto'];
export type PostFile = ApiSchemas['PostFileDto'];
export type PostMedia = ApiSchemas['PostMediaDto'];
/** A page of posts; the feed's also names the creators whose live notice it listens to. */
export type PostPage = ApiSchemas['PostPageDto'] & Partial<Pick<ApiSchemas['FeedPageDto'], 'creatorIds'>>;
export type PostComment = ApiSchemas['CommentViewDto'];
export type CommentPage = ApiSchemas['CommentPageDto'];
export type LikeState = ApiSchemas['LikesDto'];
export type NewPost = ApiSchemas['CreatePostDto'];
/** An edit: the fields sent replace the post's; `priceMinor: null` clears the price of a post that is no longer paid. */
export type PostPatch = ApiSchemas['EditPostDto'];
export type PostMediaReceipt = ApiSchemas['PostMediaReceiptDto'];

export type PostAudience = Post['audience'];
export type PostStatus = Post['status'];
/** What the viewer needs to open the post's media: nothing, a subscription, or the unlock price. */
export type PostAccess = Post['access'];
export type PostMediaKind = PostMedia['kind'];
/** Where the review of one of the post's items stands. */
export type MediaReview = PostMedia['status'];

/** The limits the server checks (docs/posts.md), repeated so the forms say them first. */
export const POST_LIMITS = {
  textMax: 5_000,
  mediaMax: 20,
  /** The platform's smallest price of paid media (the server checks the store's own minimum). */
  priceMinMinor: 50,
  priceMaxMinor: 100_000,
  commentMax: 1_000,
} as const;

export const PAGE_SIZE = 20;
