import { ApiError, apiRequest } from '../../../lib/api-client';
import { getToken } from '../../../lib/storage';
import type {
  CreatePurchaseDto,
  PurchasedContentDto,
  PurchaseDto,
  PurchasePageDto,
  SubscriptionDto,
  SubscriptionListDto,
} from './purchase-types';

const enc = encodeURIComponent;

/** POST /api/purchases: the same Idempotency-Key returns the first purchase instead of paying twice. */
export const createPurchase = (body: CreatePurchaseDto, idempotencyKey: string) =>
  apiRequest<PurchaseDto>('/api/purchases', {
    method: 'POST',
    json: body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const getPurchase = (id: string) => apiRequest<PurchaseDto>(`/api/purchases/${enc(id)}`);

/** POST /api/purchases/{id}/refresh: the server asks the payment provider for the latest state (the webhook may lag). */
export const refreshPurchase = (id: string) =>
  apiRequest<PurchaseDto>(`/api/purchases/${enc(id)}/refresh`, { method: 'POST' });

export function listPurchases(cursor: string | null, limit = 20): Promise<PurchasePageDto> {
  const params = new URLSearchParams({ limit: String(limit) });
  if (cursor) params.set('cursor', cursor);
  return apiRequest<PurchasePageDto>(`/api/purchases?${params.toString()}`);
}

export const getPurchasedContent = (id: string) => apiRequest<PurchasedContentDto>(`/api/purchases/${enc(id)}/content`);

/**
 * The paid purchase of a content item the store marks `owned` (the store list carries no purchase id):
 * walks the history, newest first, a few pages at most.
 */
export async function findPaidPurchase(contentId: string, maxPages = 5): Promise<PurchaseDto | null> {
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page += 1) {
    const result: PurchasePageDto = await listPurchases(cursor, 50);
    const found = result.items.find((item) => item.contentId === contentId && item.status === 'paid');
    if (found) return found;
    if (!result.nextCursor) return null;
    cursor = result.nextCursor;
  }
  return null;
}

/** GET /api/purchases/export.csv as a file: apiRequest would parse the body, so this reads it as a Blob. */
export async function downloadPurchasesCsv(): Promise<void> {
  const token = getToken();
  const response = await fetch('/api/purchases/export.csv', {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  });
  if (!response.ok) {
    const text = await response.text();
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      body = text ? { message: text } : null;
    }
    throw new ApiError(response.status, body);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `fanmint-purchases-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: some browsers start the download only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export const listSubscriptions = async () => (await apiRequest<SubscriptionListDto>('/api/subscriptions')).items;

export const setAutoRenew = (id: string, autoRenew: boolean) =>
  apiRequest<SubscriptionDto>(`/api/subscriptions/${enc(id)}`, { method: 'PATCH', json: { autoRenew } });

export const cancelSubscription = (id: string) =>
  apiRequest<SubscriptionDto>(`/api/subscriptions/${enc(id)}`, { method: 'DELETE' });
