import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { EntityManager } from '@mikro-orm/postgresql';
import { StoreVisitQuery } from '#app/commerce';
import { PostsErrors } from '../../posts.errors.js';
import { postById, type PostRow } from './post-reads.queries.js';
import { PostViews, type PostView, type PostViewer } from './post-views.js';

/** One post for one viewer: 404 unless it is published or theirs, and the store's gate as its page applies it. */
@Injectable()
export class PostReader {
  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async row(em: EntityManager, postId: string, viewerId: string | null): Promise<PostRow> {
    const row = await postById(em, postId);
    if (!row || (row.status !== 'published' && row.creator_id !== viewerId)) throw PostsErrors.postNotFound();
    return row;
  }

  async view(em: EntityManager, postId: string, viewer: PostViewer): Promise<PostView> {
    const row = await this.row(em, postId, viewer.actor?.id ?? null);
    const store = await this.queries.execute(
      new StoreVisitQuery(
        { ownerId: row.creator_id },
        { viewerId: viewer.actor?.id ?? null, ageChecked: viewer.ageChecked },
      ),
    );
    const stores = new Map([
      [row.creator_id, { slug: store.slug, displayName: store.displayName, subscribed: store.subscribed }],
    ]);
    return (await this.views.build(em, [row], viewer, stores))[0];
  }
}
