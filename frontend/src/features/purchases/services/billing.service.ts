import { apiRequest } from '../../../lib/api-client';
import type { SavedCardListDto } from './purchase-types';

/** GET /api/billing/payment-methods: the cards the acquirer saved for the fan. */
export const listSavedCards = async () => (await apiRequest<SavedCardListDto>('/api/billing/payment-methods')).items;

/** DELETE /api/billing/payment-methods/{id} (204). */
export const removeSavedCard = (id: string) =>
  apiRequest<null>(`/api/billing/payment-methods/${encodeURIComponent(id)}`, { method: 'DELETE' });
