import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

export type Store = ApiSchemas['StoreDto'];
export type StorePatch = ApiSchemas['UpdateStoreSettingsDto'];
export type OpenStoreRequest = ApiSchemas['OpenStoreDto'];
export type SlugAvailability = ApiSchemas['SlugAvailabilityDto'];
export type Category = ApiSchemas['CategoryDto'];
export type SettingsSectionKey = keyof StorePatch;
export type CategorySlug = NonNullable<OpenStoreRequest['categories']>[number];

/** Limits the server checks (libs/commerce domain/store-settings.ts), repeated so the form can say them first. */
export const STORE_LIMITS = {
  displayName: { min: 2, max: 60 },
  taglineMax: 120,
  descriptionMax: 2000,
  price: { min: 0, max: 100_000 },
  subscriptionPrice: { min: 100, max: 100_000 },
  minimumTip: { min: 100, max: 100_000 },
  categoriesMax: 5,
  slug: { min: 3, max: 40 },
} as const;

/** GET /api/stores/mine: 404 no_store until the creator opens one. */
export const getMyStore = () => apiRequest<Store>('/api/stores/mine');

export const openStore = (request: OpenStoreRequest) =>
  apiRequest<Store>('/api/stores', { method: 'POST', json: request });

/** Every section sent is applied, or none of them (400 validation_failed with details). */
export type StoreImageKind = 'banner' | 'avatar';

/** PUT /api/stores/mine/{kind}: the server checks the bytes, crops and re-encodes the image. */
export function uploadStoreImage({ kind, file }: { kind: StoreImageKind; file: File }): Promise<Store> {
  const form = new FormData();
  form.append('image', file);
  return apiRequest<Store>(`/api/stores/mine/${kind}`, { method: 'PUT', body: form });
}

export const removeStoreImage = (kind: StoreImageKind) =>
  apiRequest<Store>(`/api/stores/mine/${kind}`, { method: 'DELETE' });

export const updateMyStore = (patch: StorePatch) =>
  apiRequest<Store>('/api/stores/mine', { method: 'PATCH', json: patch });

export const checkSlug = (slug: string) =>
  apiRequest<SlugAvailability>(`/api/stores/slug-available?slug=${encodeURIComponent(slug)}`);

export const getCategories = async (): Promise<Category[]> =>
  (await apiRequest<ApiSchemas['CategoriesDto']>('/api/categories')).items;

/** A display name as a store address: lowercase words joined by single hyphens. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STORE_LIMITS.slug.max)
    .replace(/-+$/, '');
}

export const storePath = (slug: string) => `/stores/${slug}`;
