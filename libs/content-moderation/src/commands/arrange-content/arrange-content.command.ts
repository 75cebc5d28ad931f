import { Command } from '@nestjs/cqrs';
import type { Teaser } from '../../entities/content-item.entity.js';

/** The creator puts an item's files in the order buyers and moderators see and number them. */
export class ReorderMediaCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    /** Every file of the item, each once, first to last. */
    readonly mediaIds: string[],
  ) {
    super();
  }
}

/** The creator picks which of an album's photos its card shows. */
export class ChooseCoverCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly mediaId: string,
  ) {
    super();
  }
}

/** The creator picks what the store shows before purchase: a blurred card or a free preview. */
export class ChooseTeaserCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly teaser: Teaser,
  ) {
    super();
  }
}
