import { AppError } from '#app/platform';

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(minor / 100);

export const AccountErrors = {
  /** Deleting would leave earnings nobody can be paid: the creator is told when they will be. */
  earningsPending: (owed: { currency: string; minor: number }[], nextPayoutOn: string | null) =>
    new AppError(
      409,
      'earnings_pending',
      `You still have ${owed.map((line) => money(line.minor, line.currency)).join(' and ')} in earnings that have not been paid out. They are paid ${nextPayoutOn ? `on ${nextPayoutOn} (or when their hold ends)` : 'at the first month-end after their hold ends'}; you can delete your account once your balance is zero.`,
      undefined,
      { owed: owed.map((line) => ({ currency: line.currency, amountMinor: line.minor })), nextPayoutOn },
    ),
  notMultipart: () =>
    new AppError(
      415,
      'unsupported_media_type',
      'Send the picture as multipart/form-data with one file field named image',
    ),
  avatarMissing: () =>
    new AppError(400, 'validation_failed', 'Choose a picture to upload (a file field named image)', [
      { field: 'image', message: 'Choose a picture' },
    ]),
  avatarTooLarge: () =>
    new AppError(413, 'file_too_large', 'The picture is larger than 5 MB', [
      { field: 'image', message: 'At most 5 MB' },
    ]),
  avatarRejected: (status: number, code: string, message: string) =>
    new AppError(status, code, message, [{ field: 'image', message }]),
  noAvatar: () => new AppError(404, 'not_found', 'No profile picture'),
};
