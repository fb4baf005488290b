// How long to wait before asking again something that failed for a reason of the moment (a service
// restarting, a remote redeployed): the pause doubles each time, up to a cap, and is spread by a random
// part so that many pages that lost the same server do not all come back to it in the same instant.

export interface Backoff {
  /** The pause after the first failure. */
  firstMs: number;
  /** The longest pause. */
  maxMs: number;
  /** How far a pause may stray from its exact value, as a share of it (0.2: up to 20% shorter or longer). */
  jitter: number;
}

/**
 * The pause after `failures` failures in a row (1 for the first): firstMs, twice that, four times... at most
 * maxMs, then spread by jitter (`random` returns a number in [0, 1), like Math.random). Never over maxMs.
 */
export function backoffDelay(failures: number, { firstMs, maxMs, jitter }: Backoff, random: () => number = Math.random): number {
  const steps = Math.max(0, Math.floor(failures) - 1);
  const exact = Math.min(maxMs, firstMs * 2 ** Math.min(steps, 52));
  const spread = exact * jitter * (2 * random() - 1);
  return Math.max(0, Math.min(maxMs, Math.round(exact + spread)));
}
