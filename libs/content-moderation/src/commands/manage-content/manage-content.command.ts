import { Command } from '@nestjs/cqrs';
import type { ContentKind, ContentPurpose } from '../../entities/content-item.entity.js';

export interface ContentFields {
  title?: string;
  description?: string;
  priceMinor?: number;
  currency?: string;
}

/** A verified creator starts a video or an album (a draft until submitted); 'message' items are never listed in the store. */
export class CreateContentCommand extends Command<{ id: string }> {
  constructor(
    readonly creatorId: string,
    readonly kind: ContentKind,
    readonly fields: Required<Pick<ContentFields, 'title' | 'priceMinor' | 'currency'>> & ContentFields,
    readonly purpose: ContentPurpose = 'store',
  ) {
    super();
  }
}

/** Changes a draft or a rejected item (a rejected one is then resubmitted). */
export class UpdateContentCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly fields: ContentFields,
  ) {
    super();
  }
}

/** Sends a draft (or a changed rejected item) for pre-publication review. */
export class SubmitContentCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
  ) {
    super();
  }
}

/** Takes a file out of a draft or rejected item (a failed video, a photo left out of an album). */
export class RemoveMediaCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly mediaId: string,
  ) {
    super();
  }
}
