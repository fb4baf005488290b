import type { FastifyServerOptions } from 'fastify';
import { createServiceApp, defaultDataDir, identityAuthOptions, internalTokenFileFor, loadInternalToken, registerAuth, type DatabaseHandle, type ServiceApp } from '@keisha/service-kit';
import type { BillingConfig } from './env.ts';
import { demoRequestRoutes } from './routes/demo-requests/index.ts';
import { planRoutes } from './routes/plans/index.ts';
import { entitlementRoutes } from './routes/entitlements/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { webhookRoutes } from './routes/webhooks/index.ts';
import { paymentPageRoutes } from './routes/payment-pages/index.ts';
import { adminPaymentRoutes } from './routes/admin-payments/index.ts';
import { adminSalesRoutes } from './routes/admin-sales/index.ts';
import { adminErasedAccountPaymentRoutes } from './routes/admin-erased-account-payments/index.ts';
import { createPayments } from './payments/context.ts';
import { SANDBOX_VARIABLE, sandboxSetting } from './domain/sandbox-setting.ts';
import { internalEntitlementRoutes } from './routes/internal-entitlements/index.ts';
import { internalPurchaseEventRoutes } from './routes/internal-purchase-events/index.ts';
import { paypalSandboxRoutes } from './routes/paypal-sandbox/index.ts';
import { internalAccountErasureRoutes } from './routes/internal-account-erasure/index.ts';
import { internalAccountExportRoutes } from './routes/internal-account-export/index.ts';

export async function buildBillingApp(
  config: BillingConfig,
  database: DatabaseHandle<any>,
  logger?: FastifyServerOptions['logger'],
): Promise<ServiceApp> {
  const internalToken = loadInternalToken(config.INTERNAL_API_TOKEN, internalTokenFileFor(config.DATA_DIR ?? defaultDataDir(import.meta.dirname, 'billing')));
  return createServiceApp({
    name: 'billing',
    description: 'Plan catalogue, payments, webhooks, entitlements and enterprise leads.',
    config,
    database,
    logger,
    // The decoder and the chat ask plans for all their readers from one address: never throttled as one client.
    internalToken: () => internalToken,
    routes: async (app) => {
      // The signature, then identity's word that the session still stands (revocation within a second).
      await registerAuth(app, identityAuthOptions(config.IDENTITY_URL, app.log, { internalToken: () => internalToken, keysTtlMs: config.IDENTITY_KEYS_TTL_MS }));
      await app.register(planRoutes);
      await app.register(entitlementRoutes);
      await app.register(internalEntitlementRoutes, { internalToken });
      await app.register(internalPurchaseEventRoutes, { internalToken });
      await app.register(demoRequestRoutes, { rateLimitMax: config.DEMO_REQUEST_RATE_LIMIT_MAX });
      const sandbox = sandboxSetting(config.PAYMENTS_SANDBOX, config.NODE_ENV);
      if (sandbox.warning) app.log.warn({ variable: SANDBOX_VARIABLE }, sandbox.warning);
      const payments = createPayments(config, database.db);
      await app.register(paymentRoutes, { payments });
      await app.register(webhookRoutes, { payments });
      await app.register(paymentPageRoutes, { payments });
      await app.register(adminPaymentRoutes, { payments });
      await app.register(adminSalesRoutes);
      await app.register(adminErasedAccountPaymentRoutes);
      await app.register(paypalSandboxRoutes, { payments });
      await app.register(internalAccountErasureRoutes, { internalToken, payments });
      await app.register(internalAccountExportRoutes, { internalToken });
    },
  });
}
