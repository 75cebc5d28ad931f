import { Query } from '@nestjs/cqrs';
import type { StoreView } from '../store-views.js';

/** The caller's own store with all its settings; no store answers no_store. */
export class GetMyStoreQuery extends Query<StoreView> {
  constructor(readonly ownerId: string) {
    super();
  }
}
