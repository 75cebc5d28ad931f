/** What the platform still owes a payee, per currency: pending plus current balance, when above zero. */
export function owedEarnings(
  balances: { currency: string; pendingMinor: number; currentMinor: number }[],
): { currency: string; minor: number }[] {
  return balances
    .map((balance) => ({ currency: balance.currency, minor: balance.pendingMinor + balance.currentMinor }))
    .filter((line) => line.minor > 0);
}
