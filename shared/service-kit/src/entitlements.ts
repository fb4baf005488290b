// A service's view of what an account has paid for. Billing owns plans (ARCHITECTURE.md "Entitlements").
//
// The question goes to billing's internal route with the services' internal token: the caller has already
// verified the reader's access token, and an internal caller is never throttled as public traffic (many
// readers' questions come from one service address; on the public route they shared billing's per-address
// limit, and a flood of free readers made billing refuse the paying ones). Without an internal token (a
// service run alone) the reader's own token is forwarded to the public /entitlements/me instead.
//
// A paying reader is never counted as free because billing is down, slow or refusing (ARCHITECTURE.md
// "Failing safe"): a paid answer is reused for `freshMs` (1 s: a cancellation reaches every service within
// about a second), and when billing cannot answer the last answer stands for up to `staleMs`. A free answer
// is not reused while billing answers: billing is asked again on the reader's next request, so a purchase
// counts from the first request after it (reused for a second, a free answer read just before a checkout
// that took under a second showed the reader who had just paid as Free). Only when nothing that recent is known does the lookup throw: 503 PLAN_UNAVAILABLE with
// Retry-After, never the paywall. A plan billing sends that this service does not know is a failure too.
import { ENTITLEMENT_PATHS, INTERNAL_ENTITLEMENT_PATH, internalEntitlementPath, type Entitlement } from '@keisha/contracts/billing';
import { tracedFetch } from '@keisha/telemetry';
import { AppError } from './errors.ts';
import { INTERNAL_TOKEN_HEADER } from './internal-token.ts';
import { lastKnown, NothingKnown } from './last-known.ts';

/** Who is asking: the account id (from a verified token) and the request's `Authorization` header. */
export interface EntitlementAccount {
  userId: string;
  bearer: string;
}

export const PLAN_UNAVAILABLE = 'PLAN_UNAVAILABLE';
export const PLAN_UNAVAILABLE_MESSAGE = 'We could not check your plan just now. Please try again in a moment.';
/** Seconds a reader is asked to wait when no plan is known and billing cannot answer. */
export const PLAN_RETRY_AFTER_SECONDS = 5;

export interface EntitlementLookupOptions<T> {
  /** The part of the entitlement this service needs, or undefined when billing sent something unknown. */
  read: (entitlement: Partial<Entitlement>) => T | undefined;
  /** Whether that part is this service's free plan: a free answer is asked again on the next request. */
  isFree: (value: T) => boolean;
  /** The services' internal token (read when first needed); without one, the reader's token is forwarded. */
  internalToken?: () => string | undefined;
  log: { warn: (obj: object, msg: string) => void };
  /** Counts failed lookups: answered from memory (`stale`) or refused with 503 (`unavailable`). */
  onFailure?: (outcome: 'stale' | 'unavailable') => void;
  freshMs?: number;
  staleMs?: number;
  quietMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
}

export function entitlementLookup<T>(
  billingUrl: string,
  {
    read,
    isFree,
    internalToken,
    log,
    onFailure,
    freshMs = 1000,
    staleMs = 15 * 60_000,
    quietMs = 5000,
    timeoutMs = 2000,
    maxEntries = 50_000,
  }: EntitlementLookupOptions<T>,
): (account: EntitlementAccount) => Promise<T> {
  const token = readOnce(internalToken, log);
  // The reader's token, for the public route when there is no internal token.
  const bearers = new Map<string, string>();

  const ask = async (userId: string): Promise<T> => {
    const internal = token();
    const [path, headers] = internal
      ? [internalEntitlementPath(userId), { [INTERNAL_TOKEN_HEADER]: internal }]
      : [ENTITLEMENT_PATHS.me, { authorization: bearers.get(userId) ?? '' }];
    const route = internal ? INTERNAL_ENTITLEMENT_PATH : ENTITLEMENT_PATHS.me;
    const response = await tracedFetch(new URL(path, billingUrl), { headers, signal: AbortSignal.timeout(timeoutMs) }, { route });
    if (!response.ok) throw new Error(`billing answered ${response.status}`);
    const body = (await response.json()) as { entitlement?: Partial<Entitlement> } | null;
    const value = body?.entitlement ? read(body.entitlement) : undefined;
    if (value === undefined) throw new Error('billing sent an entitlement this service does not know');
    return value;
  };

  const lookup = lastKnown(ask, {
    reusable: (value) => !isFree(value),
    freshMs,
    staleMs,
    quietMs,
    maxEntries,
    onFailure: (outcome, userId, error) => {
      onFailure?.(outcome);
      log.warn(
        { err: error, userId },
        outcome === 'stale' ? 'billing entitlements unavailable; using the last plan billing gave' : 'billing entitlements unavailable and no plan known; answering 503',
      );
    },
  });

  return async ({ userId, bearer }) => {
    // `ask` reads the bearer before its first await, so it is only held during this synchronous call.
    bearers.set(userId, bearer);
    const pending = lookup(userId);
    bearers.delete(userId);
    try {
      return await pending;
    } catch (error) {
      if (error instanceof NothingKnown) throw planUnavailable();
      throw error;
    }
  };
}

export function planUnavailable(message = PLAN_UNAVAILABLE_MESSAGE): AppError {
  return new AppError(503, PLAN_UNAVAILABLE, message, undefined, { retryAfterSeconds: PLAN_RETRY_AFTER_SECONDS });
}

function readOnce(getter: (() => string | undefined) | undefined, log: { warn: (obj: object, msg: string) => void }): () => string | undefined {
  let read = false;
  let value: string | undefined;
  return () => {
    if (read) return value;
    read = true;
    try {
      value = getter?.();
    } catch (error) {
      log.warn({ err: error }, 'internal token unreadable: plans are asked on the reader’s behalf');
    }
    return value;
  };
}
