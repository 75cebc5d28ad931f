import { Query } from '@nestjs/cqrs';

export interface PurchasedMedia {
  id: string;
  mediaType: 'video' | 'image';
  /** 1, 2, 3… in the creator's order: the numbers the creator and moderators see. */
  number: number | null;
  thumbnailUrl: string | null;
  fileUrl: string | null;
  /** Null unless the store allows downloads: the full file, saved as an attachment. */
  downloadUrl: string | null;
}

export interface PurchasedContentView {
  id: string;
  title: string;
  kind: 'video' | 'album';
  /** In the creator's order. */
  media: PurchasedMedia[];
}

/**
 * The full files of a bought item (a paid content purchase), or of an item of a store the fan is
 * subscribed to (a subscription purchase plus contentId), as links signed for ten minutes.
 */
export class PurchasedContentQuery extends Query<PurchasedContentView> {
  constructor(
    readonly buyerId: string,
    readonly purchaseId: string,
    readonly contentId: string | undefined,
  ) {
    super();
  }
}
