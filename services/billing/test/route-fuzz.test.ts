// Generated hostile requests against every mutating billing route (shared/service-kit's route
// fuzzer): never a 5xx, every refusal in our error shape (the sandbox checkout's Pay and Cancel
// answer a browser's form post with HTML pages instead), no stack or SQL in any answer, and no
// purchase for anyone but the caller. The internal erasure route: 401 without the token, 400 for a bad id. FUZZ_RUNS sets the bodies per route.
// The internal export route is a GET, which the fuzzer (mutating routes only) does not reach: it gets the same
// hostile ids from the same callers below, with the same demands of each answer.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ACCOUNT_EXPORT_PATH, INTERNAL_ENTITLEMENTS_PATH, internalAccountExportPath, internalEntitlementsPath } from '@keisha/contracts/billing';
import { adminEntitlementsResponse } from '@keisha/contracts/billing/schemas';
import { accountExportPart } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import {
  databaseTargets,
  expectCleanFuzz,
  fuzzRoutes,
  fuzzTimeoutMs,
  fuzzInternalRead,
  identityForFile,
  type FuzzCallers,
} from '@keisha/service-kit/testing';
import { bearer, decoderBody, emailOf, post, subOf, billingForSuite } from './helpers.ts';

const ROUTES = [
  'POST /api/enterprise-demo-request',
  'POST /api/bias-payment/create-subscription',
  'POST /api/bias-payment/cancel-subscription',
  'POST /api/create-checkout-session',
  'POST /api/billing/checkouts/:id/verify',
  'POST /api/billing/paypal/check',
  'POST /api/billing/paypal/verify',
  'POST /api/billing/webhooks/coinbase',
  'POST /api/billing/webhooks/paypal',
  'POST /api/billing/webhooks/sandbox',
  'POST /api/billing/sandbox/checkout/:id/pay',
  'POST /api/billing/sandbox/checkout/:id/cancel',
  'POST /api/billing/paypal/sandbox/subscriptions',
  'POST /api/billing/sandbox/paypal/:id/approve',
  'POST /api/billing/sandbox/paypal/:id/cancel',
  'POST /api/billing/admin/manual-payments/:id/approve',
  'POST /api/billing/admin/manual-payments/:id/reject',
  'POST /api/billing/admin/subscriptions/:id/refund',
  'POST /api/billing/admin/erased-account-payments/:id/returned',
  'DELETE /internal/billing/accounts/:user_id',
];
// Pages for the browser (the sandboxes' own checkout and approval pages): they answer HTML or a redirect.
const HTML_ROUTES = [
  'POST /api/billing/sandbox/checkout/:id/pay',
  'POST /api/billing/sandbox/checkout/:id/cancel',
  'POST /api/billing/sandbox/paypal/:id/approve',
  'POST /api/billing/sandbox/paypal/:id/cancel',
];
const targets = await databaseTargets();
const INTERNAL = 'route-fuzz-test-internal-token-0123456789abcdef';
/** The account the erasure route is fuzzed on: one that bought nothing, so the other routes' purchases stay. */
const ERASED = randomUUID();

const identity = await identityForFile();

describe.each(targets)('billing routes under generated hostile requests on $kind', (target) => {
  const ctx = billingForSuite(target, { IDENTITY_URL: identity.url, INTERNAL_API_TOKEN: INTERNAL });
  let alice = '';
  let admin = '';
  let aliceId = '';
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    [alice, admin] = await Promise.all([identity.tokenFor('user'), identity.tokenFor('admin')]);
    aliceId = subOf(alice);
    const start = async (over: Record<string, unknown>) => {
      const response = await post(ctx, '/api/bias-payment/create-subscription', decoderBody(aliceId, over), alice);
      expect(response.statusCode).toBe(201);
      return response.json().subscription_id as string;
    };
    // Purchases for the routes' path parameters to point at: a sandbox checkout, Cash App payments
    // waiting for an administrator, and one to cancel.
    ids.sandbox = await start({});
    ids.manual = await start({ payment_method: 'cashapp' });
    ids.refund = await start({ payment_method: 'cashapp', tier: 'annual' });
    ids.cancel = await start({ tier: 'annual' });
  });

  it(
    'answers every one below 500, refusals in our error shape, nothing leaked, and nothing bought for another',
    async () => {
      const report = await fuzzRoutes(ctx.app, {
        bodies: {
          'POST /api/enterprise-demo-request': { email: 'lead@example.org' },
          'POST /api/bias-payment/create-subscription': decoderBody(aliceId),
          'POST /api/bias-payment/cancel-subscription': { user_id: aliceId, subscription_id: ids.cancel, reason: 'Too expensive' },
          'POST /api/create-checkout-session': { email: emailOf(alice), tier: 'Starter', success_url: '/payment-success', cancel_url: '/payment-cancelled' },
          'POST /api/billing/paypal/check': { tier: 'monthly' },
          'POST /api/billing/paypal/verify': { subscription_id: 'I-FUZZ1234' },
          'POST /api/billing/admin/manual-payments/:id/reject': { reason: 'No payment arrived' },
        },
        params: (route): Record<string, string> => {
          if (route.path.startsWith('/internal/')) return { user_id: ERASED };
          if (route.path.includes('/sandbox/') || route.path.includes('/checkouts/')) return { id: ids.sandbox! };
          if (route.path.includes('/subscriptions/')) return { id: ids.refund! };
          return { id: ids.manual! };
        },
        callers: (route): FuzzCallers =>
          route.path.startsWith('/internal/')
            ? { guest: {}, user: bearer(alice), service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } }
            : route.path.includes('/admin/')
              ? { guest: {}, user: bearer(alice), admin: bearer(admin) }
              : { guest: {}, user: bearer(alice) },
        htmlRoutes: HTML_ROUTES,
      });
      expectCleanFuzz(report, ROUTES);

      // Whatever got through bought nothing for anyone but the signed-in caller.
      const owners = await ctx.database.db.selectFrom('subscriptions').select('user_id').distinct().execute();
      expect(owners).toEqual([{ user_id: aliceId }]);
    },
    fuzzTimeoutMs(ROUTES.length),
  );

  /** Who asks the internal read routes: each kind of caller, the internal token alone let in; Alice's id fuzzed. */
  const internalReaders = () => ({
    accountId: aliceId,
    table: 'subscriptions',
    callers: { guest: {}, user: bearer(alice), admin: bearer(admin), 'wrong token': { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } },
    internalCaller: 'service',
  });

  it('answers hostile account ids on the export route below 500, refusals in our error shape, nothing leaked; the internal token alone gets data', async () => {
    const failures = await fuzzInternalRead(ctx.app, {
      route: INTERNAL_ACCOUNT_EXPORT_PATH,
      path: internalAccountExportPath,
      ...internalReaders(),
      shape: accountExportPart,
    });
    expect(failures).toEqual([]);
    // The internal token with Alice's id: her purchases (which the fuzz above may have added to).
    const hers = await ctx.app.inject({ method: 'GET', url: internalAccountExportPath(aliceId), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(accountExportPart.parse(hers.json()).data.purchases!.length).toBeGreaterThanOrEqual(4);
  });

  it('answers hostile account ids on the plans-of-many route below 500, refusals in our error shape; the internal token alone gets plans', async () => {
    const failures = await fuzzInternalRead(ctx.app, {
      route: INTERNAL_ENTITLEMENTS_PATH,
      path: (id) => internalEntitlementsPath([id]),
      ...internalReaders(),
      shape: adminEntitlementsResponse,
    });
    expect(failures).toEqual([]);
  });
});
