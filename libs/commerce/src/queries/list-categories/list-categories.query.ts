import { Query } from '@nestjs/cqrs';
import type { StoreCategory } from '../../domain/store-categories.js';

export interface CategoryView extends StoreCategory {
  /** Active stores in the category, NSFW ones included (the count is shown to everyone). */
  storeCount: number;
  /** Of those, the adult (NSFW) stores: listed to accounts only. */
  adultStoreCount: number;
}

/** The fixed category list with its nsfw flags, so the web app can gate adult categories. */
export class ListCategoriesQuery extends Query<CategoryView[]> {}
