// Who calls the public API: the key in `Authorization: Bearer kei_live_...`, found by its hash, not
// revoked, whose owner is still an enabled account (identity) and an administrator or on the annual
// plan (billing). Without an identity to ask (single-service runs and benchmarks), the owner counts as
// enabled, and as an administrator when they were one at the key's creation.
import { createHash } from 'node:crypto';
import { API_ERRORS } from '@keisha/contracts/decoder';
import { AppError } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRow, ApiKeysRepository } from '../db/repositories/api-keys.ts';
import { hashApiKey, hashMatches, keyFromAuthorization } from '../domain/api-keys.ts';
import type { OwnerAccountLookup } from './key-owner-account.ts';
import type { OwnerPlanLookup } from './key-owner-plan.ts';

export function apiKeyAuthenticator(keys: ApiKeysRepository, ownerPlan: OwnerPlanLookup, ownerAccount?: OwnerAccountLookup) {
  return async function authenticateKey(request: FastifyRequest): Promise<ApiKeyRow> {
    const secret = keyFromAuthorization(request.headers.authorization);
    if (!secret) throw new AppError(401, API_ERRORS.invalidKey, 'Send your API key as Authorization: Bearer kei_live_…');
    const row = await keys.byHash(hashApiKey(secret));
    // The lookup is by hash; the compare confirms it in constant time.
    if (!row || !hashMatches(row.hash, secret)) throw new AppError(401, API_ERRORS.invalidKey, 'This API key is not valid.');
    if (row.revoked_at) throw new AppError(401, API_ERRORS.revokedKey, 'This API key has been revoked.');
    let ownerIsAdmin = row.owner_is_admin;
    if (ownerAccount) {
      const account = await ownerAccount(row.user_id);
      if (account === undefined) throw new AppError(503, API_ERRORS.planUnavailable, 'The account of this key cannot be checked right now. Please try again.');
      if (account === 'unknown' || account.disabled) throw new AppError(403, API_ERRORS.accountDisabled, 'The account this key belongs to is disabled.');
      ownerIsAdmin = account.role === 'admin';
    }
    if (!ownerIsAdmin) {
      const tier = await ownerPlan(row.user_id);
      if (tier === undefined) throw new AppError(503, API_ERRORS.planUnavailable, 'The plan of this key’s owner cannot be checked right now. Please try again.');
      if (tier !== 'annual') throw new AppError(403, API_ERRORS.planRequired, 'API access comes with the annual plan; this key’s owner does not hold it.');
    }
    request.log.info({ apiKeyPrefix: row.prefix }, 'API key accepted');
    return row;
  };
}
export type ApiKeyAuthenticator = ReturnType<typeof apiKeyAuthenticator>;

/** The rate-limit bucket of a request: its key (by hash, so logs and memory never hold it), else its address. */
export function rateLimitBucketOf(request: FastifyRequest): string {
  const secret = keyFromAuthorization(request.headers.authorization);
  return secret ? `key:${createHash('sha256').update(secret).digest('base64url')}` : `ip:${request.clientNetwork}`;
}
