import { Command } from '@nestjs/cqrs';

/** A signed-in user asks the creator behind a store to collaborate (if the store accepts requests). */
export class RequestStoreCollaborationCommand extends Command<{ id: string }> {
  constructor(
    readonly slug: string,
    readonly userId: string,
    readonly message: string,
  ) {
    super();
  }
}
