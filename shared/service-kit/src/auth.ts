// Access-token verification for every service: EdDSA only (the algorithm list is pinned, so
// `alg: none` or an HMAC token signed with a public key is refused), issuer and audience checked,
// keys looked up by `kid` in identity's JWKS.
import { createHash, createPublicKey, type JsonWebKey } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { tracedFetch } from '@keisha/telemetry';
import { AppError } from './errors.ts';

export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
export const DEFAULT_ISSUER = 'keisha-identity';
export const DEFAULT_AUDIENCE = 'keisha';

export interface AccessClaims {
  sub: string;
  email: string;
  role: 'user' | 'admin';
  /** The refresh-token family (the signed-in device) this token was issued to. */
  sid: string;
  /**
   * Whether the account's e-mail address was confirmed when the token was issued. Tokens from before the
   * claim existed have none: read it with `emailVerified`, which counts them as confirmed.
   */
  ev?: boolean;
  iat: number;
  exp: number;
}

/**
 * Whether a token's account has confirmed its address. A token without the claim was issued before
 * verification existed (at most ACCESS_TOKEN_TTL_SECONDS ago): counted as confirmed, so nobody signed in
 * then loses the chat or their own allowance in the middle of a session. An administrator counts as
 * confirmed: the first one's address is the operator's own (ADMIN_EMAIL), seeded without a link, and the
 * role is identity's word (the session check), not only the token's.
 */
export const emailVerified = (claims: Pick<AccessClaims, 'ev' | 'role'>): boolean => claims.ev !== false || claims.role === 'admin';

/** Every claim a service relies on must be there: a token without `exp` would never expire. */
export const REQUIRED_CLAIMS = ['iss', 'aud', 'sub', 'sid', 'iat', 'exp'] as const;

const accessClaimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  email: z.string().max(320),
  role: z.enum(['user', 'admin']),
  ev: z.boolean().optional(),
  iat: z.number().int(),
  exp: z.number().int(),
});

/** The claims of a verified token in the shape services rely on, or undefined (a malformed `sub` never reaches SQL). */
export function parseAccessClaims(payload: unknown): AccessClaims | undefined {
  const parsed = accessClaimsSchema.safeParse(payload);
  return parsed.success ? { ...(payload as object), ...parsed.data } : undefined;
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: Omit<AccessClaims, 'iat' | 'exp'>;
    user: AccessClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: a valid access token is required; `request.user` holds its claims. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** Finds the public key (PEM) for a token's `kid`; throws when there is none. */
export type KeyResolver = (kid: string | undefined) => Promise<string>;

export function jwkToPem(jwk: JsonWebKey): string {
  return createPublicKey({ key: jwk, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}

/** Identity's keys could not be fetched and the token's key is not among those held: nobody can say. */
export class KeysUnavailable extends Error {
  constructor(cause: unknown) {
    super('identity’s signing keys cannot be fetched', { cause });
    this.name = 'KeysUnavailable';
  }
}

/**
 * Keys from a JWKS URL, cached. An unknown kid (identity rotated its key) triggers one refetch,
 * at most every `minRefetchMs`, so a flood of forged kids cannot turn into a flood of fetches.
 *
 * Keys already held keep verifying when identity cannot be reached (ARCHITECTURE.md "Failing safe"): past
 * `ttlMs` a known kid is answered from the keys held while they are fetched again in the background, and a
 * failed fetch keeps them. They change only when identity answers with others (a rotation). A kid that is
 * not held while identity cannot be reached throws KeysUnavailable (503), not "invalid token" (401).
 */
export function jwksKeyResolver(
  url: string,
  { ttlMs = 5 * 60_000, minRefetchMs = 30_000, timeoutMs = 5000, log }: { ttlMs?: number; minRefetchMs?: number; timeoutMs?: number; log?: { warn: (obj: object, msg: string) => void } } = {},
): KeyResolver {
  let keys = new Map<string, string>();
  let fetchedAt = 0;
  let triedAt = 0;
  let inflight: Promise<void> | null = null;
  const load = () => {
    inflight ??= (async () => {
      triedAt = Date.now();
      try {
        // Traced like the services' other calls to identity: a slow or failing key fetch shows in the request's trace.
        const response = await tracedFetch(url, { signal: AbortSignal.timeout(timeoutMs) }, { route: new URL(url).pathname });
        if (!response.ok) throw new Error(`JWKS answered ${response.status}`);
        const body = (await response.json()) as { keys?: Array<JsonWebKey & { kid?: string }> };
        const next = new Map<string, string>();
        for (const jwk of body.keys ?? []) if (jwk.kid) next.set(jwk.kid, jwkToPem(jwk));
        keys = next;
        fetchedAt = Date.now();
      } catch (error) {
        if (keys.size > 0) log?.warn({ err: error }, 'identity’s signing keys could not be fetched; verifying with the keys held');
        throw error;
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  };
  return async (kid) => {
    if (!kid) throw new Error('token has no kid');
    const held = keys.get(kid);
    const now = Date.now();
    if (held) {
      // Stale keys are refreshed in the background (at most every minRefetchMs while identity fails).
      if (now - fetchedAt > ttlMs && now - triedAt > Math.min(minRefetchMs, ttlMs)) load().catch(() => {});
      return held;
    }
    if (now - fetchedAt > ttlMs || now - triedAt > minRefetchMs) {
      try {
        await load();
      } catch (error) {
        throw new KeysUnavailable(error);
      }
    }
    const pem = keys.get(kid);
    if (!pem) throw new Error('unknown signing key');
    return pem;
  };
}

/** Whether a verification failed because the signing keys could not be fetched (not a verdict on the token). */
function keysWereUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { originalError?: unknown; cause?: unknown }).originalError ?? (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof KeysUnavailable) return true;
  }
  return false;
}

function kidOf(args: unknown[]): string | undefined {
  for (const arg of args) {
    if (!arg || typeof arg !== 'object') continue;
    const header = 'header' in arg ? (arg as { header: unknown }).header : 'alg' in arg ? arg : undefined;
    const kid = (header as { kid?: unknown } | undefined)?.kid;
    if (typeof kid === 'string') return kid;
  }
  return undefined;
}

export interface AuthOptions {
  keys: KeyResolver;
  /** The private key (PEM) when this service also signs tokens (identity only). */
  privateKey?: string;
  issuer?: string;
  audience?: string;
  /**
   * Whether the token's session is still alive, after the signature: identity reads its own tables;
   * every other service asks identity (`identitySessionCheck`). It may correct the role (a demoted admin).
   */
  check?: (claims: AccessClaims, request: FastifyRequest, token: string) => Promise<void>;
}

/**
 * The verification cache's key for a token: the token itself. fast-jwt's default key is a SHA-512 of
 * it, made at every request, hit or miss (a hash object, the header decoded to choose the hash): the
 * largest part of the token check's CPU once the signature is cached (the decoder's HTTP bench profile).
 * fast-jwt keeps failed checks in the cache too, so a token longer than identity ever issues (a forged
 * one) is keyed by its hash, marked by a character no token holds: a full cache (20,000) then holds at
 * most ~20 MB of keys.
 */
export function verificationCacheKey(token: string): string {
  return token.length <= 1024 ? token : `#${createHash('sha256').update(token).digest('base64')}`;
}

/** What fast-jwt warns of whenever a verifier has its own cache key (GHSA-rp9m-7r4c-75qg). */
export const KEY_BUILDER_WARNING = 'FAST_JWT_CACHE_KEY_BUILDER_SECURITY_RISK';

/**
 * Runs `work` without fast-jwt's warning that a custom cache key could give two tokens one cache entry (and
 * one token another's claims). Ours cannot: `verificationCacheKey` is the token itself, or a hash marked
 * with a character no token holds. Printed by every service at every start, the warning only alarmed
 * whoever ran `npm start`. Every other warning, and this one from anywhere but `work`, still goes out.
 */
export async function withoutKeyBuilderWarning<T>(work: () => Promise<T>): Promise<T> {
  const emitWarning = process.emitWarning;
  // emitWarning(warning, { code }) or emitWarning(warning, type, code).
  process.emitWarning = ((warning: string | Error, typeOrOptions?: unknown, code?: unknown, ...rest: unknown[]) => {
    const warned = typeof typeOrOptions === 'object' && typeOrOptions !== null ? (typeOrOptions as { code?: unknown }).code : code;
    if (warned === KEY_BUILDER_WARNING) return;
    (emitWarning as (...all: unknown[]) => void).call(process, warning, typeOrOptions, code, ...rest);
  }) as typeof process.emitWarning;
  try {
    return await work();
  } finally {
    process.emitWarning = emitWarning;
  }
}

export async function registerAuth(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const issuer = options.issuer ?? DEFAULT_ISSUER;
  const audience = options.audience ?? DEFAULT_AUDIENCE;
  // fast-jwt's warning about the cache key is not printed (withoutKeyBuilderWarning says why).
  await withoutKeyBuilderWarning(async () => {
    await app.register(fastifyJwt, {
      secret: {
        // app.jwt.verify() passes the decoded token ({header, payload}) to find the key by kid.
        // (request.jwtVerify() passes only the payload, which has no kid: `authenticate` avoids it.)
        public: async (...args: unknown[]) => options.keys(kidOf(args)),
        ...(options.privateKey ? { private: options.privateKey } : {}),
      },
      sign: { algorithm: ACCESS_TOKEN_ALGORITHM, iss: issuer, aud: audience },
      verify: {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        allowedIss: issuer,
        allowedAud: audience,
        requiredClaims: [...REQUIRED_CLAIMS],
        // A reader sends the same token for up to 15 minutes: its signature is checked once a minute, not
        // on every request (the EdDSA check and key import were the largest CPU cost of a request).
        // Whether its session still stands is asked separately (`check`), so revocation is not delayed.
        cache: 20_000,
        cacheTTL: 60_000,
        cacheKeyBuilder: verificationCacheKey,
      },
    });
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer ([A-Za-z0-9_.-]{1,4096})$/.exec(header) : null;
    if (!match) throw new AppError(401, 'UNAUTHENTICATED', 'Authentication required');
    let verified: unknown;
    try {
      verified = await app.jwt.verify<AccessClaims>(match[1]!);
    } catch (error) {
      if (keysWereUnavailable(error)) {
        throw new AppError(503, 'AUTH_UNAVAILABLE', 'We could not confirm your sign-in just now. Please try again in a moment.');
      }
      const expired = (error as { code?: string }).code === 'FAST_JWT_EXPIRED';
      throw new AppError(401, 'UNAUTHENTICATED', expired ? 'Your session has expired. Please sign in again.' : 'Invalid or expired token');
    }
    const claims = parseAccessClaims(verified);
    if (!claims) throw new AppError(401, 'UNAUTHENTICATED', 'Invalid or expired token');
    request.user = claims;
    await options.check?.(claims, request, match[1]!);
  });
}

/** preHandler after `authenticate`: only administrators pass. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (request.user?.role !== 'admin') throw new AppError(403, 'FORBIDDEN', 'Administrators only');
}
