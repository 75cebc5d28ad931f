import { AppError } from '#app/platform';

export const PostsErrors = {
  postNotFound: () => new AppError(404, 'post_not_found', 'Post not found'),
  commentNotFound: () => new AppError(404, 'comment_not_found', 'Comment not found'),
  noStore: () => new AppError(403, 'no_store', 'Open your store first: posts are published on it'),
  storeSuspended: () => new AppError(403, 'store_suspended', 'Your store is suspended: nothing new can be published'),
  mediaNotFound: (id: string) =>
    new AppError(400, 'validation_failed', `No item ${id} of yours was made for posts`, [
      { field: 'mediaIds', message: `Unknown item ${id}` },
    ]),
  mediaNotSubmitted: (id: string) =>
    new AppError(
      400,
      'media_not_submitted',
      `Item ${id} is still a draft: upload its files and submit it for review first`,
      [{ field: 'mediaIds', message: 'Submit the item for review first' }],
    ),
  mediaRefused: (id: string) =>
    new AppError(400, 'media_refused', `Item ${id} was rejected or removed in review and cannot be posted`, [
      { field: 'mediaIds', message: 'Rejected or removed in review' },
    ]),
  changedMeanwhile: () => new AppError(409, 'post_changed', 'The post changed meanwhile: load it again and retry'),
  blocked: () => new AppError(403, 'blocked', 'The creator blocked you: you cannot like or comment on their posts'),
  commentsOff: () => new AppError(403, 'comments_off', 'The creator turned comments off for this post'),
  notPublished: () => new AppError(409, 'post_not_published', 'This post is not published yet'),
  badCursor: () =>
    new AppError(400, 'validation_failed', 'cursor is not one this API gave out', [
      { field: 'cursor', message: 'Use nextCursor from the previous page' },
    ]),
  notYourComment: () => new AppError(403, 'not_your_comment', 'Only its author or the creator can delete a comment'),
};
