import { ApiError, apiRequest } from '../../../lib/api-client';
import type { operations } from '../../../lib/api/schema';
import type { ApiSchemas } from '../../../lib/api/types';
import type { Category, PublicStore } from '@/features/store-card';

export type { Category, PublicStore, StoreSummary } from '@/features/store-card';
export type StorePage = ApiSchemas['StorePageDto'];
export type ContentItem = ApiSchemas['StoreItemDto'];

type DirectoryQuery = NonNullable<operations['StoresController_list']['parameters']['query']>;
export type StoreSort = NonNullable<DirectoryQuery['sort']>;
export type CategorySlug = NonNullable<DirectoryQuery['category']>;

export const STORE_SORTS: readonly StoreSort[] = ['newest', 'name'];

export interface DirectoryFilters {
  q: string;
  category: string;
  sort: StoreSort;
}

/** GET /api/stores: one page of active stores (NSFW ones only for signed-in callers). */
export function listStores(filters: DirectoryFilters, cursor: string | null): Promise<StorePage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  params.set('sort', filters.sort);
  if (cursor) params.set('cursor', cursor);
  return apiRequest<StorePage>(`/api/stores?${params.toString()}`);
}

/** GET /api/stores/{slug}: a store's public profile (401 age_check_required for an NSFW store, no account and no age check). */
export const getStore = (slug: string) => apiRequest<PublicStore>(`/api/stores/${encodeURIComponent(slug)}`);

/** GET /api/stores/{slug}/content: the store's approved videos and albums (blurred previews for what the visitor may not open). */
export const getStoreContent = async (slug: string): Promise<ContentItem[]> =>
  (await apiRequest<ApiSchemas['StoreItemListDto']>(`/api/stores/${encodeURIComponent(slug)}/content`)).items;

/** GET /api/categories: every category with its nsfw flag and active store count. */
export const listCategories = async (): Promise<Category[]> =>
  (await apiRequest<ApiSchemas['CategoriesDto']>('/api/categories')).items;

export type AgeCheck = ApiSchemas['AgeCheckDto'];

/** GET /api/age-check: passed by this account (recorded) or, signed out, this browser (its cookie). */
export const getAgeCheck = () => apiRequest<AgeCheck>('/api/age-check');

/** POST /api/age-check: the visitor declares being 18 or older (cookie; recorded for an account). */
export const confirmAge = () => apiRequest<AgeCheck>('/api/age-check', { method: 'POST' });

/** An adult store opened by its link without an account or the age check. */
export function isAgeCheckRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.body?.code === 'age_check_required';
}

/** An adult store or category asked for without an account. */
export function isAccountRequired(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 401 && error.body?.code === 'account_required';
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
