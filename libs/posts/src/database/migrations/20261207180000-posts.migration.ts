import { Migration } from '@mikro-orm/migrations';

/**
 * Posts and the feed (issue 35): a creator's posts, the items each carries in order, posts' copy of
 * where each item's review stands (one row per item, kept from content-moderation's events), likes
 * and comments. The feed and a store's posts read `posts_published` (newest first per creator).
 */
export class Migration20261207180000Posts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table posts (
        id uuid primary key,
        creator_id uuid not null,
        text text not null default '' check (char_length(text) <= 5000),
        audience text not null check (audience in ('free', 'subscribers', 'paid')),
        price_minor bigint null check (price_minor between 1 and 100000),
        currency char(3) not null,
        status text not null check (status in ('in_review', 'published', 'rejected', 'deleted')),
        comments_enabled boolean not null default true,
        pinned_at timestamptz null,
        created_at timestamptz not null,
        published_at timestamptz null,
        edited_at timestamptz null,
        version int not null default 1,
        constraint posts_price check ((audience = 'paid') = (price_minor is not null)),
        constraint posts_published_at check (status <> 'published' or published_at is not null)
      )`);
    this.addSql(
      `create index posts_published on posts (creator_id, published_at desc, id desc) where status = 'published'`,
    );
    this.addSql(
      `create index posts_of_creator on posts (creator_id, created_at desc, id desc) where status <> 'deleted'`,
    );
    this.addSql(`
      create table post_media (
        post_id uuid not null references posts (id) on delete cascade,
        content_id uuid not null,
        position int not null,
        review text not null check (review in ('pending_review', 'approved', 'rejected', 'removed')),
        primary key (post_id, content_id)
      )`);
    this.addSql(`create index post_media_by_content on post_media (content_id)`);
    this.addSql(`
      create table post_media_reviews (
        content_id uuid primary key,
        creator_id uuid not null,
        review text not null check (review in ('pending_review', 'approved', 'rejected', 'removed')),
        version int not null
      )`);
    this.addSql(`
      create table post_likes (
        post_id uuid not null references posts (id) on delete cascade,
        user_id uuid not null,
        created_at timestamptz not null,
        primary key (post_id, user_id)
      )`);
    this.addSql(`
      create table post_comments (
        id uuid primary key,
        post_id uuid not null references posts (id) on delete cascade,
        author_id uuid not null,
        text text not null check (char_length(text) between 1 and 1000),
        hidden boolean not null default false,
        created_at timestamptz not null
      )`);
    this.addSql(`create index post_comments_of_post on post_comments (post_id, created_at, id)`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table post_comments, post_likes, post_media_reviews, post_media, posts`);
  }
}
