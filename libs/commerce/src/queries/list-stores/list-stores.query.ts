import { Query } from '@nestjs/cqrs';
import type { StoreSort } from '../../domain/store-cursor.js';
import type { StoreSummary } from '../store-views.js';

export interface StorePage {
  items: StoreSummary[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Signed out: how many adult stores match the search but are listed to accounts only (0 when signed in). */
  adultStoresHidden: number;
}

export interface ListStoresFilter {
  category?: string;
  q?: string;
  sort: StoreSort;
  cursor?: string;
  limit: number;
  /** Anonymous visitors never see NSFW stores in listings (SPEC §2 Stores). */
  signedIn: boolean;
}

/** The public store directory: active stores, newest first or by name, a page at a time. */
export class ListStoresQuery extends Query<StorePage> {
  constructor(readonly filter: ListStoresFilter) {
    super();
  }
}
