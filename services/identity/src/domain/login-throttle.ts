// Failed sign-ins. Counting them per account alone let anyone lock anyone out (five wrong passwords
// from anywhere locked the account, the administrator's too). So they are counted twice:
// - per account and address: after `limit` failures within `windowMs`, that address is refused for
//   that account until the window ends. Other addresses are not affected.
// - per account from every address: past `accountLimit` (a distributed guess), addresses that have
//   never signed in to the account are refused too; addresses that have (the owner's own) still get in.
// An administrator can clear both.

export interface ThrottlePolicy {
  limit: number;
  windowMs: number;
  accountLimit: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { limit: 5, windowMs: 15 * 60_000, accountLimit: 50 };

export interface FailureWindow {
  window_started_at: Date;
  failures: number;
}

export function isLockedOut(record: FailureWindow | undefined, now: Date, limit: number, windowMs: number): boolean {
  if (!record) return false;
  const inWindow = now.getTime() - record.window_started_at.getTime() < windowMs;
  return inWindow && record.failures >= limit;
}

export interface SignInHistory {
  /** Failures of this account from this address. */
  fromAddress: FailureWindow | undefined;
  /** Failures of this account from every address. */
  forAccount: FailureWindow | undefined;
  /** Whether this address has signed in to this account before. */
  knownAddress: boolean;
}

export function signInRefused(history: SignInHistory, now: Date, policy: ThrottlePolicy = DEFAULT_THROTTLE): boolean {
  if (isLockedOut(history.fromAddress, now, policy.limit, policy.windowMs)) return true;
  return !history.knownAddress && isLockedOut(history.forAccount, now, policy.accountLimit, policy.windowMs);
}

/** The counters' keys: one per account and address, one per account. */
export const failureSubjects = (email: string, address: string) => ({ pair: `pair:${email}|${address}`, account: `account:${email}` });
