// The account page's API keys: annual subscribers and administrators create, list and revoke them.
// The whole key is answered once, at creation; the decoder keeps only its hash (domain/api-keys.ts).
import { API_ERRORS, API_KEY_PATHS, API_KEYS_PER_ACCOUNT } from '@keisha/contracts/decoder';
import { apiKeyParams, apiKeysResponse, createApiKeyBody, createdApiKeyResponse, revokedApiKeyResponse } from '@keisha/contracts/decoder/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, type ServiceApp } from '@keisha/service-kit';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DecoderDatabase } from '../../db/database.ts';
import { apiKeysRepository, apiKeyView, type DailyLimits } from '../../db/repositories/api-keys.ts';
import { newApiKey, usageDay } from '../../domain/api-keys.ts';
import type { TierLookup } from '../../plugins/billing-tiers.ts';

export interface ApiKeyRouteOptions {
  /** The caller's decoder tier, asked with their own token. */
  tiers: TierLookup;
  /** Articles a UTC day per key, and per account (all its keys together). */
  dailyLimits: DailyLimits;
}

export const PLAN_REQUIRED_MESSAGE = 'API access comes with the annual plan.';

export async function apiKeyRoutes(app: ServiceApp, options: ApiKeyRouteOptions): Promise<void> {
  const keys = apiKeysRepository(app.db as Kysely<DecoderDatabase>);

  async function eligible(request: FastifyRequest): Promise<boolean> {
    if (request.user.role === 'admin') return true;
    return (await options.tiers(request.user.sub, request.headers.authorization!)) === 'annual';
  }

  app.get(
    API_KEY_PATHS.list,
    {
      schema: { tags: ['api-keys'], summary: 'My API keys, with today’s articles per key', response: { 200: apiKeysResponse, 401: apiErrorBody } },
      preHandler: app.authenticate,
    },
    async (request) => {
      const rows = await keys.listOf(request.user.sub);
      const day = usageDay();
      const [used, accountUsed] = await Promise.all([keys.usedOnByKey(rows.map((row) => row.id), day), keys.accountUsedOn(request.user.sub, day)]);
      return {
        success: true as const,
        eligible: await eligible(request),
        daily_limit: options.dailyLimits.key,
        account_daily_limit: options.dailyLimits.account,
        account_used_today: accountUsed,
        keys: rows.map((row) => apiKeyView(row, used.get(row.id) ?? 0)),
      };
    },
  );

  app.post(
    API_KEY_PATHS.list,
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Create an API key (annual plan or administrator); the key is answered this once',
        body: createApiKeyBody,
        response: { 201: createdApiKeyResponse, 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request, reply) => {
      if (!(await eligible(request))) throw new AppError(403, API_ERRORS.planRequired, PLAN_REQUIRED_MESSAGE);
      const key = newApiKey();
      const row = await keys.create(request.user.sub, request.body.name, key, request.user.role === 'admin', API_KEYS_PER_ACCOUNT);
      if (!row) throw new AppError(409, API_ERRORS.tooManyKeys, `An account holds at most ${API_KEYS_PER_ACCOUNT} keys. Revoke one to create another.`);
      request.log.info({ apiKeyPrefix: row.prefix, apiKeyId: row.id }, 'API key created');
      return reply.status(201).send({ success: true as const, key: apiKeyView(row, 0), secret: key.secret });
    },
  );

  app.delete(
    `${API_KEY_PATHS.list}/:id`,
    {
      schema: {
        tags: ['api-keys'],
        summary: 'Revoke one of my API keys: it is refused from then on',
        params: apiKeyParams,
        response: { 200: revokedApiKeyResponse, 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody },
      },
      preHandler: app.authenticate,
    },
    async (request) => {
      const row = await keys.revoke(request.user.sub, request.params.id);
      if (!row) throw new AppError(404, 'NOT_FOUND', 'No such key');
      request.log.info({ apiKeyPrefix: row.prefix, apiKeyId: row.id }, 'API key revoked');
      return { success: true as const, key: apiKeyView(row, await keys.usedOn(row.id, usageDay())) };
    },
  );
}
