// Generated hostile requests against every mutating billing route (shared/service-kit's route
// fuzzer): never a 5xx, every refusal in our error shape (the sandbox checkout's Pay and Cancel
// answer a browser's form post with HTML pages instead), no stack or SQL in any answer, and no
// purchase for anyone but the caller. The internal erasure route: 401 without the token, 400 for a bad id. FUZZ_RUNS sets the bodies per route.
// The internal export route is a GET, which the fuzzer (mutating routes only) does not reach: it gets the same
// hostile ids from the same callers below, with the same demands of each answer.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ACCOUNT_EXPORT_PATH, internalAccountExportPath } from '@keisha/contracts/billing';
import { accountExportPart } from '@keisha/contracts/schemas';
import { INTERNAL_TOKEN_HEADER } from '@keisha/service-kit';
import {
  databaseTargets,
  expectCleanFuzz,
  fuzzRoutes,
  fuzzTimeoutMs,
  hostileValues,
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

  it('answers hostile account ids on the export route below 500, refusals in our error shape, nothing leaked; the internal token alone gets data', async () => {
    const ids: Array<[string, string]> = [
      ...hostileValues({ sample: aliceId, table: 'subscriptions', nulByte: `${aliceId}\u0000` })
        .filter(([label]) => label !== '1 MB') // a URL that long is refused by the HTTP layer, not the route
        .map(([label, value]): [string, string] => [label, typeof value === 'string' ? value : JSON.stringify(value)]),
      ['an upper-case id', aliceId.toUpperCase()],
      ['an id with a tail', `${aliceId}/../${aliceId}`],
      ['an unknown id', randomUUID()],
      ['the nil uuid', '00000000-0000-0000-0000-000000000000'],
    ];
    const callers: FuzzCallers = { guest: {}, user: bearer(alice), admin: bearer(admin), 'wrong token': { [INTERNAL_TOKEN_HEADER]: `${INTERNAL}x` }, service: { [INTERNAL_TOKEN_HEADER]: INTERNAL } };
    const failures: string[] = [];
    for (const [label, id] of ids) {
      for (const [caller, headers] of Object.entries(callers)) {
        const response = await ctx.app.inject({ method: 'GET', url: internalAccountExportPath(id), headers });
        const problem = exportAnswerProblem(response, caller === 'service');
        if (problem) failures.push(`GET ${INTERNAL_ACCOUNT_EXPORT_PATH} (${label}) as ${caller}: ${problem}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
    // The internal token with Alice's id: her purchases (which the fuzz above may have added to).
    const hers = await ctx.app.inject({ method: 'GET', url: internalAccountExportPath(aliceId), headers: { [INTERNAL_TOKEN_HEADER]: INTERNAL } });
    expect(accountExportPart.parse(hers.json()).data.purchases!.length).toBeGreaterThanOrEqual(4);
  });
});

/** Traces of our code or our database: none may reach a caller, whatever it sent. */
const LEAKS = [/\n\s+at \S/, /[\w-]+\.(?:ts|js):\d+/, /node_modules/, /syntax error at or near/i, /invalid input syntax for/i, /\brelation "/, /\bSELECT .+ FROM\b/];

/**
 * Why one answer of the export route to a hostile id is wrong, or undefined: never a 5xx or a leak; a refusal in our
 * error shape; only the internal token gets a 200, and then a part in the contract's shape.
 */
function exportAnswerProblem(response: { statusCode: number; body: string }, internal: boolean): string | undefined {
  if (response.statusCode >= 500) return 'a server error';
  if (LEAKS.some((pattern) => pattern.test(response.body))) return 'a leak';
  let body: any;
  try {
    body = JSON.parse(response.body);
  } catch {
    return 'not JSON';
  }
  if (response.statusCode < 300) {
    if (!internal) return 'data without the internal token';
    return accountExportPart.safeParse(body).success ? undefined : 'not the contract’s shape';
  }
  return body?.success === false && typeof body.error?.code === 'string' && typeof body.error?.message === 'string' ? undefined : 'not our error shape';
}
