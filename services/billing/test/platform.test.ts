import { describeServiceFrame } from '@keisha/service-kit/testing';
import { startBilling } from './helpers.ts';

await describeServiceFrame('billing', startBilling, [
  '/api/billing/plans',
  '/api/enterprise-demo-request',
  '/api/bias-payment/create-subscription',
  '/api/bias-payment/subscription/{userId}',
  '/api/bias-payment/cancel-subscription',
  '/api/create-checkout-session',
  '/api/billing/paypal/verify',
  '/api/billing/webhooks/coinbase',
  '/api/billing/webhooks/paypal',
  '/api/billing/admin/manual-payments',
]);
