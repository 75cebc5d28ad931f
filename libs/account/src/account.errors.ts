import { AppError } from '#app/platform';

const money = (minor: number, currency: string) => new Intl.NumberFormat('en-IE', { style: 'currency', currency }).format(minor / 100);

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
};
