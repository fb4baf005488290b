// Which providers this installation uses, decided once from the configuration: Coinbase for
// Bitcoin when its keys are set, otherwise the sandbox (unless turned off); PayPal when its keys
// are set, otherwise billing's PayPal sandbox (unless turned off); Cash App (manual) when there is a
// tag to pay: CASHAPP_CASHTAG, otherwise the sandbox's tag, which the pages say is not to be paid.
import type { Kysely } from 'kysely';
import type { PaymentOptionsResponse } from '@keisha/contracts/billing';
import type { BillingDatabase } from '../db/database.ts';
import { installSecret } from '../db/repositories/secrets.ts';
import { subscriptionsRepository, type SubscriptionsRepository } from '../db/repositories/subscriptions.ts';
import type { PaymentProvider, PaymentProviderName } from '../domain/ports.ts';
import { normaliseOrigins } from '../domain/return-urls.ts';
import { sandboxSetting } from '../domain/sandbox-setting.ts';
import type { BillingConfig } from '../env.ts';
import { CASHAPP_SANDBOX_CASHTAG, cashAppProvider } from '../providers/cashapp.ts';
import { coinbaseProvider } from '../providers/coinbase.ts';
import { paypalProvider, type PaypalProvider } from '../providers/paypal.ts';
import { PAYPAL_SANDBOX_CLIENT_ID, PAYPAL_SANDBOX_PLANS, paypalSandboxProvider, type PaypalSandboxProvider } from '../providers/paypal-sandbox.ts';
import { SANDBOX_SECRET_NAME, sandboxProvider, type SandboxProvider } from '../providers/sandbox.ts';

export interface Payments {
  config: BillingConfig;
  db: Kysely<BillingDatabase>;
  subscriptions: SubscriptionsRepository;
  /** Return and cancel URLs may point to these origins (besides same-site paths). */
  allowedOrigins: string[];
  sandbox: SandboxProvider | null;
  coinbase: PaymentProvider | null;
  /** PayPal itself, or, with the sandbox on and no PayPal keys, billing standing in for it. */
  paypal: PaypalProvider | null;
  paypalSandbox: PaypalSandboxProvider | null;
  /** Cash App, when there is a tag to pay: the configured one, else the sandbox's (which says not to pay it). */
  cashapp: PaymentProvider | null;
  cashappTag: { cashtag: string; sandbox: boolean } | null;
  /** Where Bitcoin checkouts go: Coinbase, else the sandbox, else nowhere. */
  bitcoin: PaymentProvider | null;
  byName(name: PaymentProviderName): PaymentProvider | null;
  options(): PaymentOptionsResponse;
}

export function createPayments(settings: BillingConfig, db: Kysely<BillingDatabase>): Payments {
  // Settled once here, so whatever reads payments.config sees the switch as it is, never an unset one.
  const config: BillingConfig = { ...settings, PAYMENTS_SANDBOX: sandboxSetting(settings.PAYMENTS_SANDBOX, settings.NODE_ENV).on ? 'on' : 'off' };
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
  const livePaypal =
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
  const paypalSandbox = !livePaypal && config.PAYMENTS_SANDBOX === 'on' ? paypalSandboxProvider(db) : null;
  const paypal: PaypalProvider | null = livePaypal ?? paypalSandbox;
  const cashappTag = config.CASHAPP_CASHTAG
    ? { cashtag: config.CASHAPP_CASHTAG, sandbox: false }
    : config.PAYMENTS_SANDBOX === 'on'
      ? { cashtag: CASHAPP_SANDBOX_CASHTAG, sandbox: true }
      : null;
  const cashapp = cashappTag ? cashAppProvider(cashappTag) : null;
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
    paypalSandbox,
    cashapp,
    cashappTag,
    bitcoin,
    byName,
    options: () => ({
      success: true,
      sandbox: bitcoin === sandbox && sandbox !== null,
      bitcoin: bitcoin ? { provider: bitcoin.name as 'coinbase' | 'sandbox' } : null,
      cashapp: { cashtag: cashappTag?.cashtag ?? null, sandbox: cashappTag?.sandbox ?? false },
      paypal:
        livePaypal && config.PAYPAL_CLIENT_ID && config.PAYPAL_PLAN_MONTHLY && config.PAYPAL_PLAN_ANNUAL
          ? { client_id: config.PAYPAL_CLIENT_ID, plans: { monthly: config.PAYPAL_PLAN_MONTHLY, annual: config.PAYPAL_PLAN_ANNUAL }, sandbox: false }
          : paypalSandbox
            ? { client_id: PAYPAL_SANDBOX_CLIENT_ID, plans: PAYPAL_SANDBOX_PLANS, sandbox: true }
            : null,
    }),
  };
}
