import { formatDateTime, formatMoney, formatRelative } from '@/shared/format';
import type { Post, PostFile } from '../services/posts-types';

/** The post's price, formatted in its currency (paid posts only). */
export const postPrice = (post: Pick<Post, 'priceMinor' | 'currency'>) =>
  post.priceMinor === null ? '' : formatMoney(post.priceMinor, post.currency);

/** What the audience badge says to the post's creator. */
export function audienceLabel(post: Pick<Post, 'audience' | 'priceMinor' | 'currency'>): string {
  if (post.audience === 'free') return 'Free';
  if (post.audience === 'subscribers') return 'Subscribers';
  return `${postPrice(post)} to unlock`;
}

/** When the post went out (its creator's unpublished posts: when it was written): relative, with the full date as a title. */
export function postTime(post: Pick<Post, 'publishedAt' | 'createdAt'>) {
  const at = post.publishedAt ?? post.createdAt;
  return { iso: at, relative: formatRelative(at), full: formatDateTime(at) };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '3 photos and a video': what a locked post holds, counted from its files. */
export function mediaSummary(files: Pick<PostFile, 'type'>[]): string {
  const photos = files.filter((file) => file.type === 'image').length;
  const videos = files.length - photos;
  const parts = [
    photos > 0 ? count(photos, 'photo', 'photos') : '',
    videos > 0 ? count(videos, 'video', 'videos') : '',
  ];
  return parts.filter(Boolean).join(' and ');
}

export const commentsLabel = (n: number) => count(n, 'comment', 'comments');
export const likesLabel = (n: number) => count(n, 'like', 'likes');
