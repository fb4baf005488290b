import { sql, type Kysely } from 'kysely';
import { BILLING_PATHS } from '@keisha/contracts/billing';
import { adminDemoRequestsQuery, adminDemoRequestsResponse, demoRequestBody, demoRequestResponse } from '@keisha/contracts/billing/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { BillingDatabase } from '../../db/database.ts';

/** A page of the console's demo requests, newest first: served by the (created_at desc, id) index (migration 2026120504). */
export function demoRequestsPageQuery(db: Kysely<BillingDatabase>, page: number, pageSize: number) {
  return db
    .selectFrom('enterprise_demo_requests')
    .select(['id', 'email', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

export async function demoRequestRoutes(app: ServiceApp, options: { rateLimitMax: number }): Promise<void> {
  // Spec section 7: an enterprise visitor asks for a demo. Asking twice is the same lead.
  app.post(
    BILLING_PATHS.demoRequest,
    {
      schema: { tags: ['enterprise'], summary: 'Request an enterprise demo', body: demoRequestBody, response: { 201: demoRequestResponse, 400: apiErrorBody, 429: apiErrorBody } },
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      await app.db
        .insertInto('enterprise_demo_requests')
        .values({ email: request.body.email })
        .onConflict((oc) => oc.column('email').doNothing())
        .execute();
      return reply.status(201).send({ success: true as const });
    },
  );

  app.get(
    BILLING_PATHS.adminDemoRequests,
    {
      schema: {
        tags: ['admin'],
        summary: 'Enterprise demo requests',
        querystring: adminDemoRequestsQuery,
        response: { 200: adminDemoRequestsResponse, 401: apiErrorBody, 403: apiErrorBody },
      },
      preHandler: [app.authenticate, requireAdmin],
    },
    async (request) => {
      const { page, page_size } = request.query;
      const [rows, count] = await Promise.all([
        demoRequestsPageQuery(app.db as Kysely<BillingDatabase>, page, page_size).execute(),
        app.db.selectFrom('enterprise_demo_requests').select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
      ]);
      const requests = rows.map((row: { id: string; email: string; created_at: Date }) => ({ ...row, created_at: row.created_at.toISOString() }));
      return { success: true as const, requests, total: Number(count.total), page, page_size };
    },
  );
}
