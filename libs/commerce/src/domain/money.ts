/** Minor units as a decimal string for exports: 1250 -> "12.50", -5 -> "-0.05". */
export function formatMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** The same calendar day next month, clamped to the month's end (31 Jan -> 28/29 Feb), same time of day. */
export function addCalendarMonth(date: Date): Date {
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + 1;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCFullYear(year, month, Math.min(date.getUTCDate(), lastDay));
  return next;
}

/** A buyer as creators see them: never a name or email, enough to tell regulars apart. */
export function maskBuyer(userId: string): string {
  return `fan••${userId.replace(/-/g, '').slice(-4)}`;
}

/** The referrer's 5% of a sale, in whole minor units (rounded down). */
export function referralCommission(grossMinor: number, percent: number): number {
  return Math.floor((grossMinor * percent) / 100);
}
