import { apiRequest } from '../../../lib/api-client';
import type { PayoutHistory, PayoutMethod, PayoutMethodRequest, Statement, TransactionsPage } from './earnings-types';

export const TRANSACTIONS_PAGE_SIZE = 20;

export const getStatement = () => apiRequest<Statement>('/api/payouts/statement');

export function getTransactions(cursor: string | null) {
  const query = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return apiRequest<TransactionsPage>(`/api/payouts/transactions?${query.toString()}`);
}

export const getPayoutHistory = () => apiRequest<PayoutHistory>('/api/payouts/history');

/** null (or an empty answer) while no method is saved. */
export const getPayoutMethod = async () => (await apiRequest<PayoutMethod | null>('/api/payouts/method')) ?? null;

export const savePayoutMethod = (request: PayoutMethodRequest) =>
  apiRequest<PayoutMethod>('/api/payouts/method', { method: 'PUT', json: request });

export const removePayoutMethod = () => apiRequest<null>('/api/payouts/method', { method: 'DELETE' });

export const PAYOUTS_EXPORT_PATH = '/api/payouts/export.csv';
