import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import {
  PAGE_SIZE,
  type CommentPage,
  type LikeState,
  type NewPost,
  type Post,
  type PostComment,
  type PostMediaKind,
  type PostMediaReceipt,
  type PostPage,
  type PostPatch,
} from './posts-types';

const BASE = '/api/posts';

function page(path: string, cursor: string | null): string {
  const query = new URLSearchParams({ limit: String(PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return `${path}?${query.toString()}`;
}

/** The creator's posts in every status, newest first. */
export const listMyPosts = (cursor: string | null) => apiRequest<PostPage>(page(`${BASE}/mine`, cursor));

/** A store's published posts: pinned first on the first page, then newest. */
export const listStorePosts = (slug: string, cursor: string | null) =>
  apiRequest<PostPage>(page(`/api/stores/${encodeURIComponent(slug)}/posts`, cursor));

/** Published posts of the stores the fan follows or subscribes to, newest first. */
export const listFeed = (cursor: string | null) => apiRequest<PostPage>(page('/api/feed', cursor));

export const createPost = (body: NewPost) => apiRequest<Post>(BASE, { method: 'POST', json: body });

export const updatePost = (id: string, body: PostPatch) =>
  apiRequest<Post>(`${BASE}/${id}`, { method: 'PATCH', json: body });

export const deletePost = (id: string) => apiRequest<null>(`${BASE}/${id}`, { method: 'DELETE' });

export const setPinned = (id: string, pinned: boolean) =>
  apiRequest<Post>(`${BASE}/${id}/pin`, { method: pinned ? 'PUT' : 'DELETE' });

export const setLiked = (id: string, liked: boolean) =>
  apiRequest<LikeState>(`${BASE}/${id}/like`, { method: liked ? 'PUT' : 'DELETE' });

/** Oldest first. */
export const listComments = (id: string, cursor: string | null) =>
  apiRequest<CommentPage>(page(`${BASE}/${id}/comments`, cursor));

export const addComment = (id: string, text: string) =>
  apiRequest<PostComment>(`${BASE}/${id}/comments`, { method: 'POST', json: { text } });

export const deleteComment = (id: string, commentId: string) =>
  apiRequest<null>(`${BASE}/${id}/comments/${commentId}`, { method: 'DELETE' });

export const setCommentHidden = (id: string, commentId: string, hidden: boolean) =>
  apiRequest<PostComment>(`${BASE}/${id}/comments/${commentId}/hidden`, { method: hidden ? 'PUT' : 'DELETE' });

/** A content item made for a post (`purpose: 'post'`): upload its files over tus, then submit it. */
export const createPostMedia = (kind: PostMediaKind) =>
  apiRequest<PostMediaReceipt>(`${BASE}/media`, { method: 'POST', json: { kind } });

/** The same submission as a store item's: 409 media_processing while the worker still processes a file. */
export const submitPostMedia = (contentId: string) =>
  apiRequest<unknown>(`/api/content/${contentId}/submit`, { method: 'POST' });

export type MyStore = ApiSchemas['StoreDto'];

/** GET /api/stores/mine: the creator's store (its currency prices posts), or null before one is opened. */
export async function getMyStore(): Promise<MyStore | null> {
  try {
    return await apiRequest<MyStore>('/api/stores/mine');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
