import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';

/** The one writer of `post_likes` and `post_comments`. */
@Injectable()
export class ReactionsRepository {
  /** Idempotent: liking twice keeps one like. */
  async like(em: EntityManager, postId: string, userId: string, now: Date): Promise<void> {
    await em.execute(`insert into post_likes (post_id, user_id, created_at) values (?, ?, ?) on conflict do nothing`, [
      postId,
      userId,
      now,
    ]);
  }

  async unlike(em: EntityManager, postId: string, userId: string): Promise<void> {
    await em.execute(`delete from post_likes where post_id = ? and user_id = ?`, [postId, userId]);
  }

  async addComment(
    em: EntityManager,
    comment: { id: string; postId: string; authorId: string; text: string; createdAt: Date },
  ): Promise<void> {
    await em.execute(`insert into post_comments (id, post_id, author_id, text, created_at) values (?, ?, ?, ?, ?)`, [
      comment.id,
      comment.postId,
      comment.authorId,
      comment.text,
      comment.createdAt,
    ]);
  }

  async setCommentHidden(em: EntityManager, postId: string, commentId: string, hidden: boolean): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `update post_comments set hidden = ? where id = ? and post_id = ? returning id`,
      [hidden, commentId, postId],
    );
    return rows.length > 0;
  }

  async deleteComment(em: EntityManager, postId: string, commentId: string): Promise<boolean> {
    const rows = await em.execute<{ id: string }[]>(
      `delete from post_comments where id = ? and post_id = ? returning id`,
      [commentId, postId],
    );
    return rows.length > 0;
  }
}
