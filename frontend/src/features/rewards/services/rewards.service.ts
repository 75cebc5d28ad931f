import { ApiError, apiRequest } from '../../../lib/api-client';
import type { ApiSchemas } from '../../../lib/api/types';

/** The signed-in user's rewards record (GET /api/rewards); without a record everything is null / false. */
export type RewardsRecord = ApiSchemas['RewardsViewDto'];

export const getRewards = () => apiRequest<RewardsRecord>('/api/rewards');

export const saveWallet = (walletAddress: string) =>
  apiRequest<RewardsRecord>('/api/rewards/wallet', { method: 'PUT', json: { walletAddress } });

export const removeWallet = () => apiRequest<RewardsRecord>('/api/rewards/wallet', { method: 'DELETE' });

export const saveTelegram = (telegramUsername: string) =>
  apiRequest<RewardsRecord>('/api/rewards/telegram', { method: 'PUT', json: { telegramUsername } });

export const removeTelegram = () => apiRequest<RewardsRecord>('/api/rewards/telegram', { method: 'DELETE' });

/** The service's own message for a refused request (4xx), otherwise the fallback (server faults, network). */
export function serviceMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status < 500 && error.body?.message) return error.body.message;
  return fallback;
}

/** A validation refusal whose message belongs under the input. */
export function isValidationError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 400 && Boolean(error.body?.message);
}

/** A calendar date the server sends as an ISO instant, shown in the user's locale (UTC, so the day never shifts). */
export function formatSnapshotDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString(undefined, { dateStyle: 'long', timeZone: 'UTC' });
}
