import type { ApiSchemas } from '../../lib/api/types';

// The store shapes a card and a fan's favourites need, straight from the API contract.
export type StoreSummary = ApiSchemas['StoreSummaryDto'];
export type PublicStore = ApiSchemas['PublicStoreDto'];
export type Category = ApiSchemas['CategoryDto'];
