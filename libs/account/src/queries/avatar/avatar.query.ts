import { Query } from '@nestjs/cqrs';
import type { AvatarView } from '../../commands/change-avatar/change-avatar.command.js';

/** The signed-in person's picture link (General Settings). */
export class MyAvatarQuery extends Query<AvatarView> {
  constructor(readonly userId: string) {
    super();
  }
}

/** A person's picture as browsers load it: the re-encoded WebP, never the upload. */
export class AvatarImageQuery extends Query<{ bytes: Buffer; version: string }> {
  constructor(readonly userId: string) {
    super();
  }
}
