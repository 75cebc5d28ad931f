import { Command } from '@nestjs/cqrs';
import type { StoreView } from '../../queries/store-views.js';

/** A verified creator opens their one free store at a unique slug; every other setting starts at its default. */
export class OpenStoreCommand extends Command<StoreView> {
  constructor(
    readonly ownerId: string,
    readonly slug: string,
    readonly displayName: string,
    readonly categories?: string[],
  ) {
    super();
  }
}
