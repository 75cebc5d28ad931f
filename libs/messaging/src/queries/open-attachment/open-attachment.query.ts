import { Query } from '@nestjs/cqrs';

export interface OpenedAttachmentView {
  contentId: string;
  kind: 'video' | 'album';
  /** Each file with links signed for ten minutes (content-moderation's media links). */
  media: {
    id: string;
    mediaType: 'video' | 'image';
    number: number | null;
    thumbnailUrl: string | null;
    previewUrl: string | null;
    fileUrl: string | null;
  }[];
}

/** Opens a photo or video sent in a message: members only, once approved (its sender also while it waits). */
export class OpenAttachmentQuery extends Query<OpenedAttachmentView> {
  constructor(
    readonly userId: string,
    readonly conversationId: string,
    readonly messageId: string,
    readonly contentId: string,
  ) {
    super();
  }
}
