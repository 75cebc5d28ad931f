/**
 * Delay before webhook attempt `attempt + 1` after `attempt` failures: the base doubles each time,
 * then "equal jitter" keeps between half and all of it, so retries of many events spread out.
 */
export function retryDelayMs(attempt: number, baseMs: number, random: () => number = Math.random): number {
  const exponential = baseMs * 2 ** Math.max(0, attempt - 1);
  return Math.round(exponential / 2 + (exponential / 2) * random());
}
