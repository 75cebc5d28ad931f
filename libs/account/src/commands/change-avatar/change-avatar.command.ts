import { Command } from '@nestjs/cqrs';

export interface AvatarView {
  /** Where browsers load the picture (a new link after every change), or null when there is none. */
  avatarUrl: string | null;
}

/** Sets (bytes) or removes (null) the signed-in person's profile picture. */
export class ChangeAvatarCommand extends Command<AvatarView> {
  constructor(
    readonly userId: string,
    readonly bytes: Buffer | null,
  ) {
    super();
  }
}
