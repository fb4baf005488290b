// Failed sign-ins per account: after `limit` failures within `windowMs`, refuse until the window ends.

export interface ThrottlePolicy {
  limit: number;
  windowMs: number;
}

export const DEFAULT_THROTTLE: ThrottlePolicy = { limit: 5, windowMs: 15 * 60_000 };

export function isLockedOut(
  record: { window_started_at: Date; failures: number } | undefined,
  now: Date,
  policy: ThrottlePolicy = DEFAULT_THROTTLE,
): boolean {
  if (!record) return false;
  const inWindow = now.getTime() - record.window_started_at.getTime() < policy.windowMs;
  return inWindow && record.failures >= policy.limit;
}
