import { AppError } from '#app/platform';

/** How long a sign-in or second-factor proof counts as fresh for sensitive changes (payout methods). */
export const REAUTHENTICATION_WINDOW_MS = 10 * 60_000;

export const reauthenticationNeeded = () =>
  new AppError(
    403,
    'reauthentication_needed',
    'For your security, confirm it is you: enter your password (or your two-factor code) again to make this change.',
  );

/** Throws `reauthentication_needed` unless the session proved its owner within the window before `now`. */
export function assertRecentlyAuthenticated(authenticatedAt: Date | null, now: Date): void {
  if (!authenticatedAt || now.getTime() - authenticatedAt.getTime() > REAUTHENTICATION_WINDOW_MS)
    throw reauthenticationNeeded();
}
