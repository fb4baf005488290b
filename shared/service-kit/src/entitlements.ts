// A service's view of what an account has paid for. Billing owns plans (ARCHITECTURE.md "Entitlements"):
// a service forwards the reader's own access token to billing's /entitlements/me, so no service credential
// exists to leak and a plan sent by a browser is never trusted. Paid answers are cached briefly per account;
// the free answer never is, so a plan bought a moment ago counts at once. When billing cannot answer (down,
// slow, refusing, or sending something unknown) the account gets the free answer, never a paid one by
// accident, and the failure is logged. The cache is short (1 s) so a refund or a cancellation that ends
// access reaches every service within about a second; concurrent requests of one account share one question.
import { ENTITLEMENT_PATHS, type Entitlement } from '@keisha/contracts/billing';
import { tracedFetch } from '@keisha/telemetry';

/** Who is asking: the account id and the request's `Authorization` header, forwarded as is. */
export interface EntitlementAccount {
  userId: string;
  bearer: string;
}

export interface EntitlementLookupOptions<T> {
  /** The part of the entitlement this service needs, or undefined when billing sent something unknown. */
  read: (entitlement: Partial<Entitlement>) => T | undefined;
  /** The answer for an unpaid account, and whenever billing cannot answer. */
  free: T;
  /** Says, in the log, what the account is counted as on a failure. */
  fallbackNote: string;
  log: { warn: (obj: object, msg: string) => void };
  ttlMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
}

export function entitlementLookup<T>(
  billingUrl: string,
  { read, free, fallbackNote, log, ttlMs = 1000, timeoutMs = 2000, maxEntries = 10_000 }: EntitlementLookupOptions<T>,
): (account: EntitlementAccount) => Promise<T> {
  const cache = new Map<string, { value: T; until: number }>();
  const inflight = new Map<string, Promise<T>>();
  const url = new URL(ENTITLEMENT_PATHS.me, billingUrl).toString();
  const ask = async (userId: string, bearer: string): Promise<T> => {
    try {
      const response = await tracedFetch(url, { headers: { authorization: bearer }, signal: AbortSignal.timeout(timeoutMs) }, { route: ENTITLEMENT_PATHS.me });
      if (!response.ok) throw new Error(`billing answered ${response.status}`);
      const body = (await response.json()) as { entitlement?: Partial<Entitlement> } | null;
      const value = body?.entitlement ? read(body.entitlement) : undefined;
      if (value === undefined) throw new Error('billing sent an entitlement this service does not know');
      if (value !== free) {
        if (cache.size >= maxEntries) cache.clear();
        cache.set(userId, { value, until: Date.now() + ttlMs });
      }
      return value;
    } catch (error) {
      log.warn({ err: error, userId }, `billing entitlements unavailable; ${fallbackNote}`);
      return free;
    }
  };
  return async ({ userId, bearer }) => {
    const cached = cache.get(userId);
    if (cached && cached.until > Date.now()) return cached.value;
    // One question per account at a time (keyed with the token: two tokens of one account ask apart).
    const key = `${userId} ${bearer}`;
    let pending = inflight.get(key);
    if (!pending) {
      pending = ask(userId, bearer).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    return pending;
  };
}
