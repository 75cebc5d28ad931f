import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MikroORM } from '@mikro-orm/postgresql';
import { FollowedStoresQuery, StoreOwnerQuery, StoreVisitQuery } from '#app/commerce';
import { PostsErrors } from '../posts.errors.js';
import { commentPage, creatorPage, feedPage, storePage } from './post-views/post-reads.queries.js';
import { PostReader } from './post-views/post-reader.js';
import { cursorOf, positionOf, PostViews, type PostStore } from './post-views/post-views.js';
import {
  FeedQuery,
  GetPostQuery,
  MyPostsQuery,
  PostCommentsQuery,
  StorePostsQuery,
  type CommentPage,
  type FeedPage,
  type PostPage,
} from './post-queries.js';

/** How many stores' `posts:` topics a feed page offers to join for its live notice. */
export const LIVE_TOPICS_MAX = 100;

const readCursor = (cursor: string | undefined) => {
  const position = positionOf(cursor);
  if (position === undefined) throw PostsErrors.badCursor();
  return position;
};
const lastOf = <T extends { id: string }>(rows: T[], limit: number, at: (row: T) => Date | string | null) =>
  rows.length === limit ? cursorOf({ at: at(rows[rows.length - 1])!, id: rows[rows.length - 1].id }) : null;

@QueryHandler(FeedQuery)
export class FeedHandler implements IQueryHandler<FeedQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ viewer, cursor, limit }: FeedQuery): Promise<FeedPage> {
    const before = readCursor(cursor);
    const followed = await this.queries.execute(new FollowedStoresQuery(viewer.actor.id));
    const stores = new Map<string, PostStore>(followed.map((store) => [store.ownerId, store]));
    const em = this.orm.em.fork();
    const rows = await feedPage(em, [...stores.keys()], before, limit);
    return {
      posts: await this.views.build(em, rows, viewer, stores),
      nextCursor: lastOf(rows, limit, (row) => row.published_at),
      // The live notice: the most recently followed stores' topics (a page joins at most this many).
      creatorIds: followed.slice(0, LIVE_TOPICS_MAX).map((store) => store.ownerId),
    };
  }
}

@QueryHandler(StorePostsQuery)
export class StorePostsHandler implements IQueryHandler<StorePostsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ slug, viewer, cursor, limit }: StorePostsQuery): Promise<PostPage> {
    const before = readCursor(cursor);
    const store = await this.queries.execute(
      new StoreVisitQuery({ slug }, { viewerId: viewer.actor?.id ?? null, ageChecked: viewer.ageChecked }),
    );
    const em = this.orm.em.fork();
    const { pinned, posts } = await storePage(em, store.ownerId, before, limit);
    const stores = new Map([[store.ownerId, store]]);
    return {
      posts: await this.views.build(em, [...pinned, ...posts], viewer, stores),
      nextCursor: lastOf(posts, limit, (row) => row.published_at),
    };
  }
}

@QueryHandler(MyPostsQuery)
export class MyPostsHandler implements IQueryHandler<MyPostsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ creatorId, viewer, cursor, limit }: MyPostsQuery): Promise<PostPage> {
    const before = readCursor(cursor);
    const store = await this.queries.execute(StoreOwnerQuery.byOwner(creatorId));
    if (!store) throw PostsErrors.noStore();
    const em = this.orm.em.fork();
    const rows = await creatorPage(em, creatorId, before, limit);
    const stores = new Map([[creatorId, { slug: store.slug, displayName: store.displayName, subscribed: false }]]);
    return {
      posts: await this.views.build(em, rows, viewer, stores),
      nextCursor: lastOf(rows, limit, (row) => row.created_at),
    };
  }
}

@QueryHandler(GetPostQuery)
export class GetPostHandler implements IQueryHandler<GetPostQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(PostReader) private readonly reader: PostReader,
  ) {}

  execute({ postId, viewer }: GetPostQuery) {
    return this.reader.view(this.orm.em.fork(), postId, viewer);
  }
}

@QueryHandler(PostCommentsQuery)
export class PostCommentsHandler implements IQueryHandler<PostCommentsQuery> {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PostReader) private readonly reader: PostReader,
    @Inject(PostViews) private readonly views: PostViews,
  ) {}

  async execute({ postId, viewer, cursor, limit }: PostCommentsQuery): Promise<CommentPage> {
    const after = readCursor(cursor);
    const em = this.orm.em.fork();
    const viewerId = viewer.actor?.id ?? null;
    const row = await this.reader.row(em, postId, viewerId);
    await this.queries.execute(
      new StoreVisitQuery({ ownerId: row.creator_id }, { viewerId, ageChecked: viewer.ageChecked }),
    );
    const rows = await commentPage(em, postId, { id: viewerId, isCreator: viewerId === row.creator_id }, after, limit);
    return {
      comments: await this.views.comments(rows, viewerId, row.creator_id),
      nextCursor: lastOf(rows, limit, (comment) => comment.created_at),
    };
  }
}
