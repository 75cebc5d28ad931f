import { Command } from '@nestjs/cqrs';

/** A user asks to collaborate with a creator (commerce resolves the store to its creator). */
export class RequestCollaborationCommand extends Command<{ id: string }> {
  constructor(
    readonly creatorId: string,
    readonly collaboratorId: string,
    readonly message: string,
  ) {
    super();
  }
}

export type CollaborationDecision =
  | { kind: 'approve'; canVideos: boolean; canAlbums: boolean }
  | { kind: 'reject' }
  | { kind: 'remove' }
  | { kind: 'permissions'; canVideos: boolean; canAlbums: boolean };

/** The creator approves (with permissions), rejects, removes, or changes permissions. */
export class DecideCollaborationCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly collaborationId: string,
    readonly decision: CollaborationDecision,
  ) {
    super();
  }
}

/** The signed release form, stored encrypted; the creator or the collaborator may file it. */
export class FileReleaseFormCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly collaborationId: string,
    readonly bytes: Buffer,
  ) {
    super();
  }
}

/** Who appears in an item (draft or rejected): each must be cleared at review. */
export class SetContentCollaboratorsCommand extends Command<void> {
  constructor(
    readonly creatorId: string,
    readonly contentId: string,
    readonly collaboratorIds: string[],
  ) {
    super();
  }
}
