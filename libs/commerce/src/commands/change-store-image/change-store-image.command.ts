import { Command } from '@nestjs/cqrs';
import type { StoreImageKind } from '../../domain/store-images.js';
import type { StoreView } from '../../queries/store-views.js';

/** Sets (bytes) or removes (null) the banner or avatar of the caller's own store. */
export class ChangeStoreImageCommand extends Command<StoreView> {
  constructor(
    readonly ownerId: string,
    readonly kind: StoreImageKind,
    readonly bytes: Buffer | null,
  ) {
    super();
  }
}
