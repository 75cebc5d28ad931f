import { AppError } from '#app/platform';
import type { FieldProblem } from './domain/store-settings.js';

export const ADULT_STORE_MESSAGE = 'Sign in to view this store. It contains adult content (18+).';

export const CommerceErrors = {
  notLaunched: () => new AppError(403, 'not_launched', 'Creator stores open when the platform launches. Follow our social channels for the date.'),
  notVerified: () =>
    new AppError(403, 'not_verified', 'Only verified creators can open a store. Complete identity verification in your dashboard (Verification) first.'),
  invalid: (problems: FieldProblem[]) => new AppError(400, 'validation_failed', problems.map((p) => p.message).join('; '), problems),
  storeExists: () => new AppError(409, 'store_exists', 'You already have a store: each creator has one'),
  slugTaken: () => new AppError(409, 'slug_taken', 'This store address is taken: choose another'),
  noStore: () => new AppError(404, 'no_store', 'You have not opened a store yet'),
  storeNotFound: () => new AppError(404, 'store_not_found', 'Store not found'),
  adultStore: () => new AppError(401, 'account_required', ADULT_STORE_MESSAGE),
  adultCategory: () => new AppError(401, 'account_required', 'Sign in to browse this category. It contains adult content (18+).'),
  badCursor: () => new AppError(400, 'validation_failed', 'cursor is not valid: pass the nextCursor of the previous page', [{ field: 'cursor', message: 'Invalid cursor' }]),
};
