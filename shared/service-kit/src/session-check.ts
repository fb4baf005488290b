// Revocation for services that only verify tokens (decoder, chat, billing). A signature proves who
// signed a token, not that its session still stands: a signed-out device, a disabled account or a
// demoted admin keeps a valid signature until the token expires (15 minutes). So after the signature,
// a service asks identity about the session by forwarding the reader's own token to `GET /api/auth/me`
// (no service credential exists to leak), and caches the answer for about a second per token. A
// revocation therefore takes effect everywhere within `ttlMs` plus one request to identity.
//
// An active reader does not wait for identity: once a confirmation is past half its life, the next
// request starts the question again in the background and still uses the confirmation it has (younger
// than `ttlMs`), so the answer is usually fresh before it is needed. No confirmation older than `ttlMs`
// is ever used, so this does not delay a revocation; identity hears about an active token at most
// twice per `ttlMs`.
//
// Concurrent requests with one token share one question, and questions about different tokens asked
// at the same moment (a burst of new readers) go to identity together, up to 100 in one request to its
// sessions check (one round trip and one query there instead of a `me` each). A batch identity refuses
// whole (a token it would not verify, or an identity without that route) is asked again one `me` each.
//
// A refusal is remembered for longer (a ended session never comes back), so a flood of a revoked token
// does not become a flood on identity. When identity cannot be reached, a recent answer (within
// `graceMs`) is still used, as nobody can be signed out while identity is down either; past that, the
// request is refused with 503.
import { AUTH_PATHS, INTERNAL_SESSIONS_CHECK_PATH, SESSIONS_CHECK_MAX, type SessionVerdict } from '@keisha/contracts/identity';
import type { FastifyRequest } from 'fastify';
import { tracedFetch } from '@keisha/telemetry';
import { jwksKeyResolver, type AccessClaims } from './auth.ts';
import { batches } from './batches.ts';
import { AppError } from './errors.ts';
import { INTERNAL_TOKEN_HEADER } from './internal-token.ts';

export interface SessionCheckOptions {
  ttlMs?: number;
  /** Past this share of `ttlMs`, a request that uses a confirmation also asks identity again, in the background. */
  refreshAfter?: number;
  refusalTtlMs?: number;
  graceMs?: number;
  timeoutMs?: number;
  maxEntries?: number;
  /**
   * The services' internal token (read when first needed): with it, the tokens of readers asked about at
   * the same moment go to identity's internal sessions check together; without it, one `me` each.
   */
  internalToken?: () => string;
  log?: { warn: (obj: object, msg: string) => void };
}

type Verdict = { ok: true; role: 'user' | 'admin' } | { ok: false; status: number; code: string; message: string };

interface Entry {
  verdict: Verdict;
  checkedAt: number;
}

/** Identity answered a sessions check, but not with a verdict for each token. */
class BatchRefused extends Error {
  constructor(status: number) {
    super(`identity answered ${status} to a sessions check`);
    this.name = 'BatchRefused';
  }
}

const UNAVAILABLE = () =>
  new AppError(503, 'AUTH_UNAVAILABLE', 'We could not confirm your sign-in just now. Please try again in a moment.');

export function identitySessionCheck(identityUrl: string, options: SessionCheckOptions = {}) {
  const { ttlMs = 1000, refreshAfter = 0.5, refusalTtlMs = 60_000, graceMs = 30_000, timeoutMs = 2000, maxEntries = 20_000, log } = options;
  const url = new URL(AUTH_PATHS.me, identityUrl).toString();
  const cache = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Verdict>>();

  async function ask(token: string, claims: AccessClaims): Promise<Verdict> {
    const response = await tracedFetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(timeoutMs) }, { route: AUTH_PATHS.me });
    const body = (await response.json().catch(() => null)) as {
      user?: { id?: string; role?: string };
      error?: { code?: string; message?: string };
    } | null;
    if (response.ok) {
      const role = body?.user?.role;
      if (body?.user?.id !== claims.sub || (role !== 'user' && role !== 'admin')) throw new Error('identity answered for another account');
      return { ok: true, role };
    }
    if (response.status === 401 || response.status === 403) {
      return {
        ok: false,
        status: response.status,
        code: body?.error?.code ?? 'UNAUTHENTICATED',
        message: body?.error?.message ?? 'Your session has ended. Please sign in again.',
      };
    }
    throw new Error(`identity answered ${response.status}`);
  }

  const batchUrl = new URL(INTERNAL_SESSIONS_CHECK_PATH, identityUrl).toString();

  /**
   * The internal token, or undefined (none given, or unreadable: then each token is asked with `me`).
   * Read once: the getter may read a file, and this runs for every batch.
   */
  let internalTokenRead: string | undefined;
  function readInternalToken(): string | undefined {
    if (internalTokenRead !== undefined) return internalTokenRead;
    try {
      return (internalTokenRead = options.internalToken?.());
    } catch (error) {
      log?.warn({ err: error }, 'internal token unreadable: session checks go one by one');
      return undefined;
    }
  }

  /** Identity's verdicts on many tokens in one request; throws when it refuses or fails the whole batch. */
  async function askMany(batch: ReadonlyArray<{ token: string; claims: AccessClaims }>, internalToken: string): Promise<Array<Verdict | Error>> {
    const response = await tracedFetch(
      batchUrl,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', [INTERNAL_TOKEN_HEADER]: internalToken },
        body: JSON.stringify({ tokens: batch.map((b) => b.token) }),
        signal: AbortSignal.timeout(timeoutMs),
      },
      { route: INTERNAL_SESSIONS_CHECK_PATH },
    );
    const body = (await response.json().catch(() => null)) as { sessions?: SessionVerdict[] } | null;
    if (!response.ok || !Array.isArray(body?.sessions) || body.sessions.length !== batch.length) throw new BatchRefused(response.status);
    return body.sessions.map((verdict, i) => {
      if (!verdict.ok) return { ok: false, status: verdict.status, code: verdict.code, message: verdict.message };
      const { id, role } = verdict.user;
      if (id !== batch[i]!.claims.sub || (role !== 'user' && role !== 'admin')) return new Error('identity answered for another account');
      return { ok: true, role };
    });
  }

  const askTogether = batches<{ token: string; claims: AccessClaims }, Verdict>(
    async (batch) => {
      const alone = () => Promise.all(batch.map(({ token, claims }) => ask(token, claims).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))))));
      const internalToken = batch.length === 1 ? undefined : readInternalToken();
      if (internalToken === undefined) return alone();
      try {
        return await askMany(batch, internalToken);
      } catch (error) {
        // Identity answered but not for the batch: each token on its own. Unreachable: no second try.
        if (error instanceof BatchRefused) return alone();
        return batch.map(() => (error instanceof Error ? error : new Error(String(error))));
      }
    },
    { maxBatchSize: SESSIONS_CHECK_MAX },
  );

  function remember(token: string, verdict: Verdict) {
    if (cache.size >= maxEntries) {
      // Drop the oldest tenth rather than everything: a burst of new tokens should not empty the cache.
      let toDrop = Math.ceil(maxEntries / 10);
      for (const key of cache.keys()) {
        cache.delete(key);
        if (--toDrop === 0) break;
      }
    }
    cache.set(token, { verdict, checkedAt: Date.now() });
  }

  /** The question about `token` under way, or a new one. */
  function asking(token: string, claims: AccessClaims): Promise<Verdict> {
    let pending = inflight.get(token);
    if (!pending) {
      pending = askTogether({ token, claims })
        .then((verdict) => {
          remember(token, verdict);
          return verdict;
        })
        .finally(() => inflight.delete(token));
      inflight.set(token, pending);
    }
    return pending;
  }

  async function verdictFor(token: string, claims: AccessClaims): Promise<Verdict> {
    const cached = cache.get(token);
    const age = cached ? Date.now() - cached.checkedAt : Infinity;
    if (cached && age < (cached.verdict.ok ? ttlMs : refusalTtlMs)) {
      // Failures of a background question are left to the request that will need its answer.
      if (cached.verdict.ok && age >= ttlMs * refreshAfter) asking(token, claims).catch(() => {});
      return cached.verdict;
    }
    const pending = asking(token, claims);
    try {
      return await pending;
    } catch (error) {
      log?.warn({ err: error }, 'identity could not confirm a session');
      if (cached && age < graceMs) return cached.verdict;
      throw UNAVAILABLE();
    }
  }

  /** For `registerAuth`'s `check`: refuses an ended session; the role is identity's, not the token's. */
  return async function checkSession(claims: AccessClaims, request: FastifyRequest, token: string): Promise<void> {
    const verdict = await verdictFor(token, claims);
    if (!verdict.ok) throw new AppError(verdict.status, verdict.code, verdict.message);
    request.user = { ...claims, role: verdict.role };
  };
}

/** How a service other than identity verifies tokens: identity's published keys, then its word on the session. */
export function identityAuthOptions(identityUrl: string, log: SessionCheckOptions['log'], options: SessionCheckOptions & { keysTtlMs?: number } = {}) {
  const { keysTtlMs, ...checkOptions } = options;
  return {
    keys: jwksKeyResolver(new URL(AUTH_PATHS.jwks, identityUrl).toString(), { log, ...(keysTtlMs ? { ttlMs: keysTtlMs } : {}) }),
    check: identitySessionCheck(identityUrl, { log, ...checkOptions }),
  };
}
