import { apiRequest } from '../../../lib/api-client';
import type { FavoriteListDto } from './purchase-types';

export const listFavorites = async () => (await apiRequest<FavoriteListDto>('/api/favorites')).items;

/** PUT /api/favorites/{slug} (idempotent, 204). */
export const addFavorite = (slug: string) =>
  apiRequest<null>(`/api/favorites/${encodeURIComponent(slug)}`, { method: 'PUT' });

export const removeFavorite = (slug: string) =>
  apiRequest<null>(`/api/favorites/${encodeURIComponent(slug)}`, { method: 'DELETE' });
