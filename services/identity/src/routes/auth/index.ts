import { AUTH_PATHS } from '@keisha/contracts/identity';
import {
  authSuccess,
  changePasswordBody,
  loginBody,
  okResponse,
  registerBody,
  validateTokenBody,
  validateTokenResponse,
} from '@keisha/contracts/identity/schemas';
import { apiErrorBody } from '@keisha/contracts/schemas';
import { AppError, parseAccessClaims, type AccessClaims, type ServiceApp } from '@keisha/service-kit';
import { toAccountUser, type Accounts } from '../../plugins/accounts.ts';
import { REFRESH_COOKIE, sessionCookies } from './session-cookies.ts';

export { REFRESH_COOKIE } from './session-cookies.ts';

export interface AuthRouteOptions {
  accounts: Accounts;
  cookieSecure: boolean;
  loginRateLimitMax: number;
}

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody };

export async function authRoutes(app: ServiceApp, options: AuthRouteOptions): Promise<void> {
  const { accounts } = options;
  const limited = { rateLimit: { max: options.loginRateLimitMax, timeWindow: '1 minute' } };
  const cookies = sessionCookies(options.cookieSecure);
  const grant = cookies.grant;
  const clearCookie = cookies.clear;

  app.post(
    AUTH_PATHS.register,
    { schema: { tags: ['auth'], summary: 'Create an account', body: registerBody, response: { 201: authSuccess, ...errors } }, config: limited },
    async (request, reply) => {
      try {
        return grant(reply, await accounts.register(request.body.email, request.body.password, { address: request.clientNetwork }), 201);
      } catch (error) {
        // The daily sign-up cap says when the address may sign up again.
        if (error instanceof AppError && error.statusCode === 429 && error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    },
  );

  app.post(
    AUTH_PATHS.login,
    { schema: { tags: ['auth'], summary: 'Sign in', body: loginBody, response: { 200: authSuccess, ...errors } }, config: limited },
    async (request, reply) => grant(reply, await accounts.login(request.body.email, request.body.password, { address: request.clientNetwork })),
  );

  app.post(
    AUTH_PATHS.adminLogin,
    { schema: { tags: ['auth'], summary: 'Sign in as an administrator', body: loginBody, response: { 200: authSuccess, ...errors } }, config: limited },
    async (request, reply) => grant(reply, await accounts.login(request.body.email, request.body.password, { adminOnly: true, address: request.clientNetwork })),
  );

  app.post(
    AUTH_PATHS.refresh,
    { schema: { tags: ['auth'], summary: 'Rotate the refresh cookie and get a new access token', response: { 200: authSuccess, ...errors } } },
    async (request, reply) => {
      try {
        return grant(reply, await accounts.refresh(request.cookies[REFRESH_COOKIE]));
      } catch (error) {
        clearCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    AUTH_PATHS.logout,
    { schema: { tags: ['auth'], summary: 'Sign out of this device', response: { 200: okResponse } } },
    async (request, reply) => {
      await accounts.logout(request.cookies[REFRESH_COOKIE]);
      clearCookie(reply);
      return { success: true as const };
    },
  );

  app.post(
    AUTH_PATHS.logoutAll,
    { schema: { tags: ['auth'], summary: 'Sign out of every device', response: { 200: okResponse, ...errors } }, preHandler: app.authenticate },
    async (request, reply) => {
      await accounts.logoutEverywhere(request.user.sub);
      clearCookie(reply);
      return { success: true as const };
    },
  );

  app.get(
    AUTH_PATHS.me,
    {
      schema: { tags: ['auth'], summary: 'The signed-in account', response: { 200: validateTokenResponse, ...errors } },
      preHandler: app.authenticate,
      // Every service asks this of every session (about once a second per token) from its own few
      // addresses, so a per-address limit would throttle all readers at once. It runs only after a valid
      // signature, and costs one indexed lookup.
      config: { rateLimit: false },
    },
    async (request) => ({ success: true as const, user: toAccountUser(request.account!) }),
  );

  // Spec section 7: the decoder checks a stored token with the server.
  app.post(
    AUTH_PATHS.validateToken,
    { schema: { tags: ['auth'], summary: 'Check an access token', body: validateTokenBody, response: { 200: validateTokenResponse, ...errors } } },
    async (request) => {
      let claims: AccessClaims | undefined;
      try {
        claims = parseAccessClaims(await app.jwt.verify<AccessClaims>(request.body.token));
      } catch {
        claims = undefined;
      }
      if (!claims) throw new AppError(401, 'UNAUTHENTICATED', 'Invalid or expired token');
      return { success: true as const, user: toAccountUser(await accounts.accountForClaims(claims)) };
    },
  );

  app.post(
    AUTH_PATHS.changePassword,
    {
      schema: { tags: ['auth'], summary: 'Change the password', body: changePasswordBody, response: { 200: okResponse, ...errors } },
      preHandler: app.authenticate,
      config: limited,
    },
    async (request) => {
      await accounts.changePassword(request.user.sub, request.user.sid, request.body.current_password, request.body.new_password);
      return { success: true as const };
    },
  );
}
