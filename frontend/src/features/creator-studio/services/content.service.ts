import { apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';
import type { Currency } from '@/shared/money';

export type ContentItem = ApiSchemas['ManagedContentViewDto'];
export type ContentMedia = ApiSchemas['MediaViewDto'];
export type ContentKind = ContentItem['kind'];
export type ContentStatus = ContentItem['status'];

export interface ContentFields {
  title: string;
  description: string;
  priceMinor: number;
  currency: Currency;
}

export const CONTENT_LIMITS = {
  titleMin: 2,
  titleMax: 120,
  descriptionMax: 5000,
  price: { min: 0, max: 100_000 },
} as const;

export const listMyContent = async (): Promise<ContentItem[]> =>
  (await apiRequest<ApiSchemas['ContentListDto']>('/api/content/mine')).items;

export const getContent = (id: string) => apiRequest<ContentItem>(`/api/content/${id}`);

export const createContent = (kind: ContentKind, fields: ContentFields) =>
  apiRequest<ContentItem>('/api/content', { method: 'POST', json: { kind, ...fields } });

/** Only a draft or a rejected item can change (409 not_editable otherwise). */
export const updateContent = (id: string, fields: ContentFields) =>
  apiRequest<ContentItem>(`/api/content/${id}`, { method: 'PATCH', json: fields });

/** Draft or rejected -> Pending Review; 409 media_processing / no_media / wrong_media while the files are not right. */
export const removeMedia = (id: string, mediaId: string) =>
  apiRequest<ContentItem>(`/api/content/${id}/media/${mediaId}`, { method: 'DELETE' });

/** Every file of the item, each once, first to last; 409 while the item is in review. */
export const reorderMedia = (id: string, mediaIds: string[]) =>
  apiRequest<ContentItem>(`/api/content/${id}/media-order`, { method: 'PUT', json: { mediaIds } });

/** One of the album's processed photos. */
export const chooseCover = (id: string, mediaId: string) =>
  apiRequest<ContentItem>(`/api/content/${id}/cover`, { method: 'PUT', json: { mediaId } });

export type Teaser = ContentItem['teaser'];
export const chooseTeaser = (id: string, teaser: Teaser) =>
  apiRequest<ContentItem>(`/api/content/${id}/teaser`, { method: 'PUT', json: { teaser } });

/** Order, cover and teaser are presentation: they change after approval too, without a new review. */
export const isArrangeable = (item: Pick<ContentItem, 'status'>) => item.status !== 'removed';
/** The order stays still while a moderator reviews the item (the numbers they cite must hold). */
export const isReorderable = (item: Pick<ContentItem, 'status'>) =>
  item.status !== 'removed' && item.status !== 'pending_review';

export const submitContent = (id: string) => apiRequest<ContentItem>(`/api/content/${id}/submit`, { method: 'POST' });

export const isEditable = (item: Pick<ContentItem, 'status'>) => item.status === 'draft' || item.status === 'rejected';

export const isProcessing = (item: Pick<ContentItem, 'media'>) => item.media.some((file) => file.status === 'uploaded');

/** The chosen cover's (else the first processed file's) thumbnail, for the list; removed content serves no files at all. */
export const coverOf = (item: ContentItem) =>
  item.status === 'removed'
    ? null
    : (item.media.find((file) => file.id === item.coverMediaId && file.thumbnailUrl)?.thumbnailUrl ??
      item.media.find((file) => file.thumbnailUrl)?.thumbnailUrl ??
      null);
