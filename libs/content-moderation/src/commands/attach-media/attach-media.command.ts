import { Command } from '@nestjs/cqrs';

/**
 * A file the server already holds (the demo seed's generated media) joins a creator's draft or
 * rejected item, exactly as a finished tus upload does: checked by its bytes, attached under the
 * item's lock, and handed to the worker for processing. Answers the media id.
 */
export class AttachMediaCommand extends Command<{ mediaId: string }> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly filename: string,
    readonly bytes: Buffer,
  ) {
    super();
  }
}
