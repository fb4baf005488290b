/** How long to wait after failed attempt number `attempt` (1-based): doubling from `baseMs`, at most `capMs`. */
export function retryDelayMs(attempt: number, baseMs: number, capMs: number): number {
  return Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
}
