// Plans bought and refunded through a billing service running with its sandbox provider, as the services' and the
// platform's tests do it. Only for test files (it uses vitest's expect).
import { PAYMENT_PATHS, paymentPath, type CreateCheckoutSessionResponse } from '@keisha/contracts/billing';
import { expect } from 'vitest';
import { bearer, subjectOf } from './tokens.ts';

const json = (token: string) => ({ ...bearer(token), 'content-type': 'application/json' });

/** Pays a sandbox checkout or subscription: what the sandbox page's Pay button does (a 303 back to the site). */
async function paySandbox(billingUrl: string, id: string): Promise<Response> {
  const paid = await fetch(`${billingUrl}${paymentPath(PAYMENT_PATHS.sandboxPay, { id })}`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  return paid;
}

/** Buys a decoder plan: a subscription created for the token's account and paid. Resolves to the subscription's id. */
export async function buySandboxDecoderPlan(billingUrl: string, token: string, tier: 'monthly' | 'annual'): Promise<string> {
  const created = await fetch(`${billingUrl}${PAYMENT_PATHS.createSubscription}`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({ user_id: subjectOf(token), tier, payment_method: 'bitcoin', return_url: '/payment/success', cancel_url: '/payment/cancel' }),
  });
  expect(created.ok, await created.clone().text()).toBe(true);
  const { subscription_id } = (await created.json()) as { subscription_id: string };
  await paySandbox(billingUrl, subscription_id);
  return subscription_id;
}

/** Buys a chat plan through the sandbox checkout: what "Proceed to Coinbase" and the sandbox's Pay do. Resolves to the session's id. */
export async function buySandboxChatPlan(billingUrl: string, token: string, email: string, tier: 'Starter' | 'Pro' | 'Gold'): Promise<string> {
  const created = await fetch(`${billingUrl}${PAYMENT_PATHS.createCheckoutSession}`, {
    method: 'POST',
    headers: json(token),
    body: JSON.stringify({ email, tier, success_url: '/payment-success', cancel_url: '/payment-cancelled' }),
  });
  expect(created.status).toBe(201);
  const checkout = (await created.json()) as CreateCheckoutSessionResponse;
  expect(checkout.provider).toBe('sandbox');
  const paid = await paySandbox(billingUrl, checkout.session_id);
  expect(paid.headers.get('location')).toBe(`/payment-success?session_id=${checkout.session_id}`);
  return checkout.session_id;
}

/** Refunds a subscription (decoder or chat) as the administrator whose token is given. */
export async function refundSubscription(billingUrl: string, adminToken: string, subscriptionId: string): Promise<void> {
  const refunded = await fetch(`${billingUrl}${paymentPath(PAYMENT_PATHS.adminRefundSubscription, { id: subscriptionId })}`, {
    method: 'POST',
    headers: json(adminToken),
    body: '{}',
  });
  expect(refunded.status).toBe(200);
}

/** Reads `read()` every 50 ms until it gives `want` or `withinMs` has passed (a plan cached for a moment). */
export async function waitForValue<T>(read: () => Promise<T>, want: T, withinMs: number): Promise<void> {
  const started = Date.now();
  while ((await read()) !== want && Date.now() - started <= withinMs) await new Promise((resolve) => setTimeout(resolve, 50));
}

/**
 * Refunds the subscription as the administrator, then expects the service to read its plan as `free` again within
 * 2 s (the bound on how long a service may keep using a plan billing has ended; 0.5 s more for the requests).
 */
export async function expectRefundEndsPlan(
  billingUrl: string,
  adminToken: string,
  subscriptionId: string,
  planNow: () => Promise<unknown>,
  free: string,
): Promise<void> {
  await refundSubscription(billingUrl, adminToken, subscriptionId);
  const started = Date.now();
  await waitForValue(planNow, free, 2000);
  expect(await planNow()).toBe(free);
  expect(Date.now() - started).toBeLessThanOrEqual(2000 + 500);
}
