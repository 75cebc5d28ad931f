import { Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import type { ReviewStatus } from '../domain/review-state.js';

export type ContentStatus = 'draft' | ReviewStatus;
export const CONTENT_KINDS = ['video', 'album'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** What the store shows before purchase: a blurred card, or a free preview (an album's cover, a video's first seconds). */
export const TEASERS = ['blurred', 'preview'] as const;
export type Teaser = (typeof TEASERS)[number];
/** Where an item is shown once approved: in its creator's store (and sold), only inside the messages it is sent in, or in the posts that carry it. */
export const CONTENT_PURPOSES = ['store', 'message', 'post'] as const;
export type ContentPurpose = (typeof CONTENT_PURPOSES)[number];

@Entity({ tableName: 'content_items' })
export class ContentItem {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  creatorId!: string;

  @Property({ type: 'text' })
  kind!: ContentKind;

  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'integer' })
  priceMinor!: number;

  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  status: ContentStatus = 'draft';

  @Property({ type: 'text', nullable: true })
  rejectionReason: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  claimedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  claimedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  decidedBy: string | null = null;

  @Property({ type: 'timestamptz', nullable: true })
  decidedAt: Date | null = null;

  /** The album photo its card shows; null: the first photo in the creator's order. */
  @Property({ type: 'uuid', nullable: true })
  coverMediaId: string | null = null;

  @Property({ type: 'text' })
  teaser: Opt<Teaser> = 'blurred';

  @Property({ type: 'text' })
  purpose: Opt<ContentPurpose> = 'store';

  /** How many changes of the item were announced to other modules: the version of its latest integration event. */
  @Property({ type: 'integer' })
  revision: Opt<number> = 0;

  @Property({ type: 'timestamptz' })
  createdAt!: Date;

  @Property({ type: 'timestamptz' })
  updatedAt!: Date;
}
