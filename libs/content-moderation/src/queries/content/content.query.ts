import { Query } from '@nestjs/cqrs';
import type { ClaimView } from '#app/platform';
import type { Actor, MessageBasis, PostBasis } from '#app/entitlements';
import type { ContentKind, ContentPurpose, ContentStatus, Teaser } from '../../entities/content-item.entity.js';

export interface MediaView {
  id: string;
  mediaType: 'video' | 'image';
  format: string;
  originalName: string;
  sizeBytes: number;
  status: 'uploaded' | 'ready' | 'failed';
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  error: string | null;
  /** 1, 2, 3… over the item's processed files in the creator's order; null while processing or failed. */
  number: number | null;
  /** Signed for ten minutes; null until the worker made one. */
  thumbnailUrl: string | null;
  /** Heavily blurred and downscaled from the thumbnail (public once approved; an adult store's signed, where its page shows); null otherwise. */
  blurredUrl: string | null;
  /** Videos: the public ten-second teaser. */
  previewUrl: string | null;
  fileUrl: string | null;
  /** Only when asked for (a buyer of a store that allows downloads): the full file as an attachment. */
  downloadUrl?: string | null;
}

export interface ContentView {
  id: string;
  creatorId: string;
  kind: ContentKind;
  title: string;
  description: string;
  priceMinor: number;
  currency: string;
  status: ContentStatus;
  /** 'message': made for a message, shown only there (never in the store). */
  purpose: ContentPurpose;
  rejectionReason: string | null;
  submittedAt: string | null;
  claimedBy: string | null;
  claimedAt: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
  createdAt: string;
  collaboratorIds: string[];
  /** The photo an album's card shows (the chosen one, else the first); null for a video or an album without photos. */
  coverMediaId: string | null;
  teaser: Teaser;
  /** What the store shows for free when the teaser is 'preview': an album's cover photo, a video's ten-second clip. */
  teaserUrl: string | null;
  media: MediaView[];
  /** Staff views only: what the staff member asking may do with it (the shared review-claim rule). */
  claim?: ClaimView;
}

export interface ContentViewOptions {
  /** Who the view is for: each link in it is the entitlement service's answer for them (none: no private links). */
  viewer?: Actor | null;
  /** The message the viewer opens the item through. */
  message?: MessageBasis;
  /** The post the viewer opens the item through. */
  post?: PostBasis;
  /** This browser passed the age check (an adult store's blurred previews show to it). */
  ageChecked?: boolean;
  /** Also list a download link per processed file (signed only where the store allows downloads). */
  withDownloads?: boolean;
  /** A staff member asking: each view says what they may do with it. */
  reviewerId?: string;
}

/** A creator's own store items, newest first (items made for messages live in their messages). */
export class MyContentQuery extends Query<ContentView[]> {
  constructor(
    readonly creatorId: string,
    /** The creator as a viewer, for a view with links; none (internal reads): no links. */
    readonly viewer: Actor | null = null,
    readonly ageChecked = false,
  ) {
    super();
  }
}

/** Items by id, in the order asked (unknown ids left out): the items a post carries, say. */
export class ContentByIdsQuery extends Query<ContentView[]> {
  constructor(
    readonly contentIds: readonly string[],
    readonly options: ContentViewOptions = {},
  ) {
    super();
  }
}

export class ContentByIdQuery extends Query<ContentView | null> {
  constructor(
    readonly contentId: string,
    readonly options: ContentViewOptions = {},
  ) {
    super();
  }
}

/** The pre-publication queue (oldest first), or decided items (newest first). */
export class ContentReviewQueueQuery extends Query<ContentView[]> {
  constructor(
    readonly status: ContentStatus,
    /** The staff member asking: their own work is left out of the pending queue. */
    readonly viewerId: string,
    /** The staff member as the entitlement rules see them (role, second factor). */
    readonly viewer: Actor,
    readonly limit = 100,
  ) {
    super();
  }
}

/** Who made an item (null: no such item), read before any write so a stranger changes nothing. */
export class ContentOwnerQuery extends Query<string | null> {
  constructor(readonly contentId: string) {
    super();
  }
}

/** What anyone may see of an approved item: no user ids (creator, collaborators, reviewers), no review trail. */
export type PublicContentView = Pick<
  ContentView,
  | 'id'
  | 'kind'
  | 'title'
  | 'description'
  | 'priceMinor'
  | 'currency'
  | 'status'
  | 'decidedAt'
  | 'createdAt'
  | 'coverMediaId'
  | 'teaser'
  | 'teaserUrl'
  | 'media'
>;

/** What the public (and commerce's store pages) may see: approved store items only. */
export class ApprovedContentQuery extends Query<PublicContentView[]> {
  constructor(
    readonly creatorId: string,
    /** The visitor: clean thumbnails are signed only for those who may open an item. */
    readonly viewer: Actor | null = null,
    readonly ageChecked = false,
  ) {
    super();
  }
}
