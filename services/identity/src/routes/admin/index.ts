import { ADMIN_PATHS } from '@keisha/contracts/identity';
import {
  adminDeleteUserBody,
  adminUserResponse,
  adminUsersQuery,
  adminUsersResponse,
  adminUserUpdateBody,
  adminWaitlistResponse,
  okResponse,
  pageQuery,
  userIdParams,
} from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, requireAdmin, type ServiceApp } from '@keisha/service-kit';
import type { UserRow } from '../../db/database.ts';
import { refreshTokensRepository } from '../../db/repositories/refresh-tokens.ts';
import { usersRepository } from '../../db/repositories/users.ts';
import { toCsv } from '../../domain/csv.ts';
import type { AccountDeletion } from '../../erasure/delete-account.ts';
import type { Accounts } from '../../plugins/accounts.ts';

function adminRow(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    created_at: row.created_at.toISOString(),
    disabled: row.disabled_at !== null,
    last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null,
  };
}

export async function adminRoutes(app: ServiceApp, options: { accounts: Accounts; deletion: AccountDeletion }): Promise<void> {
  const users = usersRepository(app.db);
  const refreshTokens = refreshTokensRepository(app.db);
  const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
  // Every route here is for administrators: one hook for the whole prefix.
  app.addHook('preHandler', app.authenticate);
  app.addHook('preHandler', requireAdmin);

  app.get(
    ADMIN_PATHS.users,
    { schema: { tags: ['admin'], summary: 'Search accounts', querystring: adminUsersQuery, response: { 200: adminUsersResponse, ...errors } } },
    async (request) => {
      const { q, page, page_size } = request.query;
      const { rows, total } = await users.search(q, page, page_size);
      return { success: true as const, users: rows.map(adminRow), total, page, page_size };
    },
  );

  app.patch(
    '/api/identity/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Change an account’s role, or disable it',
        params: userIdParams,
        body: adminUserUpdateBody,
        response: { 200: adminUserResponse, ...errors },
      },
    },
    async (request) => {
      if (request.params.id === request.user.sub) {
        throw new AppError(400, 'VALIDATION', 'You cannot change your own role or disable your own account.');
      }
      const updated = await app.db.transaction().execute(async (trx) => {
        const row = await users.update(request.params.id, request.body, trx);
        if (row && request.body.disabled) await refreshTokens.revokeAllOfUser(row.id, {}, trx);
        return row;
      });
      if (!updated) throw new AppError(404, 'NOT_FOUND', 'No such account');
      return { success: true as const, user: adminRow(updated) };
    },
  );

  app.post(
    '/api/identity/admin/users/:id/unlock',
    { schema: { tags: ['admin'], summary: 'Forget the failed sign-ins that lock an account', params: userIdParams, response: { 200: okResponse, ...errors } } },
    async (request) => {
      if (!(await options.accounts.unlock(request.params.id))) throw new AppError(404, 'NOT_FOUND', 'No such account');
      return { success: true as const };
    },
  );

  app.post(
    '/api/identity/admin/users/:id/delete',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a reader’s account for good (the account’s address typed as the confirmation)',
        params: userIdParams,
        body: adminDeleteUserBody,
        response: { 200: okResponse, ...errors, 409: apiErrorBody },
      },
    },
    async (request) => {
      const { email } = await options.deletion.deleteByAdministrator(request.user.sub, request.params.id, request.body.confirm_email);
      // On record: who deleted which account (the address is gone from every table after this line).
      request.log.info({ adminId: request.user.sub, userId: request.params.id, email }, 'an administrator deleted an account');
      return { success: true as const };
    },
  );

  app.get(
    ADMIN_PATHS.waitlist,
    { schema: { tags: ['admin'], summary: 'The waitlist', querystring: pageQuery, response: { 200: adminWaitlistResponse, ...errors } } },
    async (request) => {
      const { page, page_size } = request.query;
      const [rows, count] = await Promise.all([
        app.db.selectFrom('waitlist').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(page_size).offset((page - 1) * page_size).execute(),
        app.db.selectFrom('waitlist').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
      ]);
      const entries = rows.map((row) => ({ id: row.id, email: row.email, created_at: row.created_at.toISOString() }));
      return { success: true as const, entries, total: Number(count.total), page, page_size };
    },
  );

  app.get(ADMIN_PATHS.waitlistCsv, { schema: { tags: ['admin'], summary: 'The waitlist as CSV' } }, async (_request, reply) => {
    const rows = await app.db.selectFrom('waitlist').select(['email', 'created_at']).orderBy('created_at').execute();
    const csv = toCsv(['email', 'joined_at'], rows.map((row) => [row.email, row.created_at.toISOString()]));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="keisha-waitlist.csv"')
      .send(csv);
  });
}
