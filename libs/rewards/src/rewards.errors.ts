import { AppError } from '#app/platform';

export const RewardsErrors = {
  invalid: (field: string, message: string) => new AppError(400, 'validation_failed', message, [{ field, message }]),
  walletTaken: () => new AppError(409, 'wallet_in_use', 'This wallet address is already registered to another account'),
  telegramTaken: () =>
    new AppError(409, 'telegram_in_use', 'This Telegram username is already registered to another account'),
  badSnapshot: () => new AppError(400, 'validation_failed', 'snapshot must be a date (YYYY-MM-DD) or an ISO date-time'),
};
