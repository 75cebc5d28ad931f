import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Post, type MediaReview, type PostAudience, type PostSnapshot, type PostStatus } from '../domain/post.js';

interface PostRow {
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
  version: number;
  media: [string, MediaReview][] | null;
}

const SELECT = `
  select p.id, p.creator_id, p.text, p.audience, p.price_minor, p.currency, p.status, p.comments_enabled, p.pinned_at,
         p.created_at, p.published_at, p.edited_at, p.version,
         (select json_agg(json_build_array(m.content_id, m.review) order by m.position) from post_media m where m.post_id = p.id) as media
    from posts p`;

const toPost = (row: PostRow): Post =>
  Post.restore(
    {
      id: row.id,
      creatorId: row.creator_id,
      text: row.text,
      audience: row.audience,
      priceMinor: row.price_minor === null ? null : Number(row.price_minor),
      currency: row.currency.trim(),
      status: row.status,
      commentsEnabled: row.comments_enabled,
      pinnedAt: row.pinned_at && new Date(row.pinned_at),
      createdAt: new Date(row.created_at),
      publishedAt: row.published_at && new Date(row.published_at),
      editedAt: row.edited_at && new Date(row.edited_at),
      media: (row.media ?? []).map(([contentId, review]) => ({ contentId, review })),
    },
    row.version,
  );

const mediaJson = (p: PostSnapshot) =>
  JSON.stringify(p.media.map((item, position) => ({ content_id: item.contentId, position, review: item.review })));

/**
 * The one writer of `posts` and `post_media`. It takes and returns Post aggregates; a save names the
 * version the post was loaded with and applies only while the row still has it.
 */
@Injectable()
export class PostRepository {
  async add(em: EntityManager, post: Post): Promise<void> {
    const p = post.snapshot();
    await em.execute(
      `with added as (
         insert into posts (id, creator_id, text, audience, price_minor, currency, status, comments_enabled, pinned_at, created_at, published_at, edited_at)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id)
       insert into post_media (post_id, content_id, position, review)
       select added.id, m.content_id, m.position, m.review
         from added, jsonb_to_recordset(?::jsonb) as m(content_id uuid, position int, review text)`,
      [
        p.id,
        p.creatorId,
        p.text,
        p.audience,
        p.priceMinor,
        p.currency,
        p.status,
        p.commentsEnabled,
        p.pinnedAt,
        p.createdAt,
        p.publishedAt,
        p.editedAt,
        mediaJson(p),
      ],
    );
  }

  /** The post, or null; `forUpdate` holds its row until the transaction ends (a concurrent writer waits). */
  async byId(em: EntityManager, id: string, { forUpdate = false } = {}): Promise<Post | null> {
    const [row] = await em.execute<PostRow[]>(`${SELECT} where p.id = ?${forUpdate ? ' for update of p' : ''}`, [id]);
    return row ? toPost(row) : null;
  }

  /** The live posts carrying an item, held for this transaction: a review decision moves each of them. */
  async carrying(em: EntityManager, contentId: string): Promise<Post[]> {
    const rows = await em.execute<PostRow[]>(
      `${SELECT} where p.id in (select post_id from post_media where content_id = ?) and p.status <> 'deleted'
        order by p.id for update of p`,
      [contentId],
    );
    return rows.map(toPost);
  }

  /** Writes the post's new state and media; false when the row moved on since it was loaded. */
  async save(em: EntityManager, post: Post): Promise<boolean> {
    const p = post.snapshot();
    const [row] = await em.execute<{ saved: number }[]>(
      `with saved as (
         update posts set text = ?, audience = ?, price_minor = ?, status = ?, comments_enabled = ?, pinned_at = ?,
                published_at = ?, edited_at = ?, version = version + 1
          where id = ? and version = ? returning id),
       dropped as (
         delete from post_media where post_id in (select id from saved)
           and content_id not in (select (m->>'content_id')::uuid from jsonb_array_elements(?::jsonb) m)),
       kept as (
         insert into post_media (post_id, content_id, position, review)
         select saved.id, m.content_id, m.position, m.review
           from saved, jsonb_to_recordset(?::jsonb) as m(content_id uuid, position int, review text)
         on conflict (post_id, content_id) do update set position = excluded.position, review = excluded.review)
       select count(*)::int as saved from saved`,
      [
        p.text,
        p.audience,
        p.priceMinor,
        p.status,
        p.commentsEnabled,
        p.pinnedAt,
        p.publishedAt,
        p.editedAt,
        p.id,
        post.version,
        mediaJson(p),
        mediaJson(p),
      ],
    );
    return row.saved === 1;
  }
}
