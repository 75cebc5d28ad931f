import { AppError } from '#app/platform';

export const PayoutsErrors = {
  notLaunched: () =>
    new AppError(
      403,
      'not_launched',
      'Earnings and payouts open when the platform launches. Follow our social channels for the date.',
    ),
  secondFactorNeeded: () =>
    new AppError(
      403,
      'insufficient_aal',
      'Two-factor authentication is on: confirm it is you with a code from your authenticator app to change this.',
    ),
  invalid: (problems: { field: string; message: string }[]) =>
    new AppError(400, 'validation_failed', problems.map((problem) => problem.message).join('; '), problems),
  badCursor: () =>
    new AppError(400, 'validation_failed', 'cursor is not valid: pass the nextCursor of the previous page', [
      { field: 'cursor', message: 'Invalid cursor' },
    ]),
  badPeriod: () =>
    new AppError(400, 'validation_failed', 'period must be a month as YYYY-MM', [
      { field: 'period', message: 'Invalid period' },
    ]),
};
