// Which providers this installation uses, decided once from the configuration: Coinbase for
// Bitcoin when its keys are set, otherwise the sandbox (unless turned off); PayPal when its keys
// are set; Cash App always (manual).
import type { Kysely } from 'kysely';
import type { PaymentOptionsResponse } from '@keisha/contracts/billing';
import type { BillingDatabase } from '../db/database.ts';
import { installSecret } from '../db/repositories/secrets.ts';
import { subscriptionsRepository, type SubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { PaymentProvider, PaymentProviderName } from '../domain/ports.ts';
import { normaliseOrigins } from '../domain/return-urls.ts';
import type { BillingConfig } from '../env.ts';
import { cashAppProvider } from '../providers/cashapp.ts';
import { coinbaseProvider } from '../providers/coinbase.ts';
import { paypalProvider, type PaypalProvider } from '../providers/paypal.ts';
import { SANDBOX_SECRET_NAME, sandboxProvider, type SandboxProvider } from '../providers/sandbox.ts';

export interface Payments {
  config: BillingConfig;
  db: Kysely<BillingDatabase>;
  subscriptions: SubscriptionsRepository;
  /** Return and cancel URLs may point to these origins (besides same-site paths). */
  allowedOrigins: string[];
  sandbox: SandboxProvider | null;
  coinbase: PaymentProvider | null;
  paypal: PaypalProvider | null;
  cashapp: PaymentProvider;
  /** Where Bitcoin checkouts go: Coinbase, else the sandbox, else nowhere. */
  bitcoin: PaymentProvider | null;
  byName(name: PaymentProviderName): PaymentProvider | null;
  options(): PaymentOptionsResponse;
}

export function createPayments(config: BillingConfig, db: Kysely<BillingDatabase>): Payments {
  const coinbase =
    config.COINBASE_API_KEY && config.COINBASE_WEBHOOK_SECRET
      ? coinbaseProvider({
          apiKey: config.COINBASE_API_KEY,
          webhookSecret: config.COINBASE_WEBHOOK_SECRET,
          apiUrl: config.COINBASE_API_URL,
          publicBaseUrl: config.PUBLIC_BASE_URL,
          timeoutMs: config.PROVIDER_TIMEOUT_MS,
        })
      : null;
  const sandbox = !coinbase && config.PAYMENTS_SANDBOX === 'on' ? sandboxProvider({ secret: () => installSecret(db, SANDBOX_SECRET_NAME) }) : null;
  const paypal =
    config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET && config.PAYPAL_PLAN_MONTHLY && config.PAYPAL_PLAN_ANNUAL
      ? paypalProvider({
          clientId: config.PAYPAL_CLIENT_ID,
          clientSecret: config.PAYPAL_CLIENT_SECRET,
          apiUrl: config.PAYPAL_API_URL,
          plans: { monthly: config.PAYPAL_PLAN_MONTHLY, annual: config.PAYPAL_PLAN_ANNUAL },
          webhookId: config.PAYPAL_WEBHOOK_ID ?? null,
          timeoutMs: config.PROVIDER_TIMEOUT_MS,
        })
      : null;
  const cashapp = cashAppProvider({ cashtag: config.CASHAPP_CASHTAG ?? null });
  const bitcoin = coinbase ?? sandbox;
  const byName = (name: PaymentProviderName): PaymentProvider | null => ({ sandbox, coinbase, paypal, cashapp })[name];

  return {
    config,
    db,
    subscriptions: subscriptionsRepository(db),
    allowedOrigins: normaliseOrigins([config.PUBLIC_BASE_URL, ...config.RETURN_URL_ORIGINS.split(',')]),
    sandbox,
    coinbase,
    paypal,
    cashapp,
    bitcoin,
    byName,
    options: () => ({
      success: true,
      sandbox: bitcoin === sandbox && sandbox !== null,
      bitcoin: bitcoin ? { provider: bitcoin.name as 'coinbase' | 'sandbox' } : null,
      cashapp: { cashtag: config.CASHAPP_CASHTAG ?? null },
      paypal:
        paypal && config.PAYPAL_CLIENT_ID && config.PAYPAL_PLAN_MONTHLY && config.PAYPAL_PLAN_ANNUAL
          ? { client_id: config.PAYPAL_CLIENT_ID, plans: { monthly: config.PAYPAL_PLAN_MONTHLY, annual: config.PAYPAL_PLAN_ANNUAL } }
          : null,
    }),
  };
}
