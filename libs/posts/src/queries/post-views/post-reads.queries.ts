import type { EntityManager } from '@mikro-orm/postgresql';
import type { MediaReview, PostAudience, PostStatus } from '../../domain/post.js';

/** A post as the reads see it: its row and its items in order. */
export interface PostRow {
  id: string;
  creator_id: string;
  text: string;
  audience: PostAudience;
  price_minor: string | null;
  currency: string;
  status: PostStatus;
  comments_enabled: boolean;
  pinned_at: Date | null;
  created_at: Date;
  published_at: Date | null;
  edited_at: Date | null;
  media: [string, MediaReview][] | null;
}

/** Where a page of posts ends: the last post's time and id (newest first). */
export interface Position {
  at: Date;
  id: string;
}

const COLUMNS = `p.id, p.creator_id, p.text, p.audience, p.price_minor, p.currency, p.status, p.comments_enabled, p.pinned_at,
       p.created_at, p.published_at, p.edited_at,
       (select json_agg(json_build_array(m.content_id, m.review) order by m.position) from post_media m where m.post_id = p.id) as media`;
const END = { at: new Date('9999-12-31T00:00:00Z'), id: 'ffffffff-ffff-ffff-ffff-ffffffffffff' };

export async function postById(em: EntityManager, id: string): Promise<PostRow | null> {
  const [row] = await em.execute<PostRow[]>(`select ${COLUMNS} from posts p where p.id = ? and p.status <> 'deleted'`, [
    id,
  ]);
  return row ?? null;
}

/**
 * The feed: published posts of the given creators, newest first, after `before`. One index probe per
 * creator (posts_published), each reading at most a page, then the newest page of those.
 */
export async function feedPage(
  em: EntityManager,
  creatorIds: readonly string[],
  before: Position | null,
  limit: number,
): Promise<PostRow[]> {
  if (creatorIds.length === 0) return [];
  const after = before ?? END;
  // The page is chosen first; each of its posts' items are read after (not for every candidate post).
  return em.execute<PostRow[]>(
    `select ${COLUMNS}
       from (select q.*
               from unnest(?::uuid[]) as c(id)
               cross join lateral (
                 select * from posts q
                  where q.creator_id = c.id and q.status = 'published' and (q.published_at, q.id) < (?::timestamptz, ?::uuid)
                  order by q.published_at desc, q.id desc limit ?) q
              order by q.published_at desc, q.id desc
              limit ?) p
      order by p.published_at desc, p.id desc`,
    [`{${creatorIds.join(',')}}`, after.at, after.id, limit, limit],
  );
}

/** A store's published posts: its pinned ones (first page only, latest pinned first), then the others newest first. */
export async function storePage(
  em: EntityManager,
  creatorId: string,
  before: Position | null,
  limit: number,
): Promise<{ pinned: PostRow[]; posts: PostRow[] }> {
  const pinned = before
    ? []
    : await em.execute<PostRow[]>(
        `select ${COLUMNS} from posts p where p.creator_id = ? and p.status = 'published' and p.pinned_at is not null
          order by p.pinned_at desc, p.id desc limit 20`,
        [creatorId],
      );
  const after = before ?? END;
  const posts = await em.execute<PostRow[]>(
    `select ${COLUMNS} from posts p
      where p.creator_id = ? and p.status = 'published' and p.pinned_at is null and (p.published_at, p.id) < (?::timestamptz, ?::uuid)
      order by p.published_at desc, p.id desc limit ?`,
    [creatorId, after.at, after.id, limit],
  );
  return { pinned, posts };
}

/** A creator's own posts in every status but deleted, newest first (by creation). */
export async function creatorPage(
  em: EntityManager,
  creatorId: string,
  before: Position | null,
  limit: number,
): Promise<PostRow[]> {
  const after = before ?? END;
  return em.execute<PostRow[]>(
    `select ${COLUMNS} from posts p
      where p.creator_id = ? and p.status <> 'deleted' and (p.created_at, p.id) < (?::timestamptz, ?::uuid)
      order by p.created_at desc, p.id desc limit ?`,
    [creatorId, after.at, after.id, limit],
  );
}

/** Likes and visible comments of each post, and whether the viewer liked it. */
export async function reactionCounts(
  em: EntityManager,
  postIds: readonly string[],
  viewerId: string | null,
): Promise<Map<string, { likes: number; likedByMe: boolean; comments: number }>> {
  if (postIds.length === 0) return new Map();
  const rows = await em.execute<{ post_id: string; likes: number; liked: boolean; comments: number }[]>(
    `select ids.id as post_id,
            (select count(*)::int from post_likes l where l.post_id = ids.id) as likes,
            exists (select 1 from post_likes l where l.post_id = ids.id and l.user_id = ?::uuid) as liked,
            (select count(*)::int from post_comments c where c.post_id = ids.id and not c.hidden) as comments
       from unnest(?::uuid[]) as ids(id)`,
    [viewerId, `{${postIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.post_id, { likes: row.likes, likedByMe: row.liked, comments: row.comments }]));
}

export interface CommentRow {
  id: string;
  post_id: string;
  author_id: string;
  text: string;
  hidden: boolean;
  created_at: Date;
}

/** A post's comments oldest first, after `after`; hidden ones only for `seesHiddenOf` (the creator: all; an author: their own). */
export async function commentPage(
  em: EntityManager,
  postId: string,
  viewer: { id: string | null; isCreator: boolean },
  after: Position | null,
  limit: number,
): Promise<CommentRow[]> {
  const from = after ?? { at: new Date('1970-01-01T00:00:00Z'), id: '00000000-0000-0000-0000-000000000000' };
  return em.execute<CommentRow[]>(
    `select c.id, c.post_id, c.author_id, c.text, c.hidden, c.created_at from post_comments c
      where c.post_id = ? and (c.created_at, c.id) > (?::timestamptz, ?::uuid)
        and (not c.hidden or ?::boolean or c.author_id = ?::uuid)
      order by c.created_at, c.id limit ?`,
    [postId, from.at, from.id, viewer.isCreator, viewer.id, limit],
  );
}

export async function commentById(em: EntityManager, postId: string, commentId: string): Promise<CommentRow | null> {
  const [row] = await em.execute<CommentRow[]>(
    `select id, post_id, author_id, text, hidden, created_at from post_comments where id = ? and post_id = ?`,
    [commentId, postId],
  );
  return row ?? null;
}

/** Whether a live post carries an item (the entitlement facts), with what decides who it opens for. */
export async function postCarrying(
  em: EntityManager,
  postId: string,
  contentId: string,
): Promise<{ creator_id: string; audience: PostAudience; status: PostStatus } | null> {
  const [row] = await em.execute<{ creator_id: string; audience: PostAudience; status: PostStatus }[]>(
    `select p.creator_id, p.audience, p.status from posts p
      where p.id = ? and exists (select 1 from post_media m where m.post_id = p.id and m.content_id = ?)`,
    [postId, contentId],
  );
  return row ?? null;
}
