import { z } from 'zod';
import { baseConfigSchema } from '@keisha/service-kit';

const optionalText = z.string().trim().min(1).optional();

export const billingConfigSchema = baseConfigSchema
  .extend({
    PORT: baseConfigSchema.shape.PORT.default(4004),
    /** Where identity publishes its public keys (JWKS) for verifying access tokens. */
    IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
    /** Demo requests per minute per client address. */
    DEMO_REQUEST_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
    /** Shared by our services for service-to-service questions; without it, .data/internal-api-token (made at first start). */
    INTERNAL_API_TOKEN: z.string().min(32).optional(),
    /** Payment creations per minute per client address. */
    PAYMENT_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),

    /** Where the site is served: same-site return paths become absolute against it for providers that need one. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
    /** Further origins (comma-separated) that return and cancel URLs may point to. */
    RETURN_URL_ORIGINS: z.string().default(''),
    /** `production` turns the sandbox off unless PAYMENTS_SANDBOX asks for it (domain/sandbox-setting.ts). */
    NODE_ENV: z.string().optional(),
    /**
     * The built-in sandbox provider, used for Bitcoin when Coinbase is not configured: it grants plans without money.
     * Unset: on, except with NODE_ENV=production (off); `on` in production runs with a warning at start.
     */
    PAYMENTS_SANDBOX: z.enum(['on', 'off'], { error: 'must be "on" or "off" (unset: on, except off with NODE_ENV=production)' }).optional(),
    /** Time allowed for one call to a provider. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),

    /** Coinbase Commerce: with a key, Bitcoin checkouts are Coinbase charges. */
    COINBASE_API_KEY: optionalText,
    COINBASE_WEBHOOK_SECRET: optionalText,
    COINBASE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.commerce.coinbase.com'),

    /** PayPal subscriptions (the pricing page's buttons). The default API is PayPal's sandbox. */
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_API_URL: z.url({ protocol: /^https?$/ }).default('https://api-m.sandbox.paypal.com'),
    PAYPAL_PLAN_MONTHLY: optionalText,
    PAYPAL_PLAN_ANNUAL: optionalText,
    /** The id of the webhook registered with PayPal; without it PayPal webhooks are refused. */
    PAYPAL_WEBHOOK_ID: optionalText,

    /** The $cashtag manual Cash App payments go to. */
    CASHAPP_CASHTAG: z
      .string()
      .regex(/^\$[A-Za-z][A-Za-z0-9_-]{0,19}$/, { error: 'must look like $YourTag' })
      .optional(),
  })
  .superRefine((config, ctx) => {
    if (config.COINBASE_API_KEY && !config.COINBASE_WEBHOOK_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['COINBASE_WEBHOOK_SECRET'], message: 'needed with COINBASE_API_KEY to verify webhooks' });
    }
    if (config.PAYPAL_CLIENT_ID) {
      for (const name of ['PAYPAL_CLIENT_SECRET', 'PAYPAL_PLAN_MONTHLY', 'PAYPAL_PLAN_ANNUAL'] as const) {
        if (!config[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'needed with PAYPAL_CLIENT_ID' });
      }
    }
  });
export type BillingConfig = z.infer<typeof billingConfigSchema>;
