import { Command } from '@nestjs/cqrs';

/**
 * A creator starts an upload for their messages: a content item made for messages only (never in
 * the store), filled with tus at /api/uploads like any item, reviewed when first sent.
 */
export class CreateMessageMediaCommand extends Command<{ contentId: string }> {
  constructor(
    readonly creatorId: string,
    readonly kind: 'video' | 'album',
  ) {
    super();
  }
}
