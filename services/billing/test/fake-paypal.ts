// PayPal as our adapter sees it: OAuth client credentials, GET and cancel a subscription, and the
// verify-webhook-signature API. Deliveries are "signed" with a key only this fake and the test know
// (PayPal signs with a certificate; what matters here is that billing asks PayPal and obeys it).
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { startFakeServer, type FakeServer } from './fake-http.ts';

export interface FakeSubscription {
  id: string;
  status: string;
  plan_id: string;
  custom_id: string;
  start_time: string;
  billing_info: { next_billing_time: string | null };
  subscriber: { email_address: string };
}

export interface FakePaypal extends FakeServer {
  clientId: string;
  clientSecret: string;
  webhookId: string;
  plans: { monthly: string; annual: string };
  /** 'verify-down': the verification API answers 503; 'down': PayPal answers every call with 503. */
  mode: 'normal' | 'verify-down' | 'down';
  subscriptions: Map<string, FakeSubscription>;
  addSubscription(values: Partial<FakeSubscription> & { custom_id: string }): FakeSubscription;
  /** A webhook delivery signed for `webhookId` (by default the configured one). */
  delivery(event: { id?: string; event_type: string; resource: unknown }, options?: { forge?: boolean }): { raw: string; headers: Record<string, string>; eventId: string };
}

const SIGNING_KEY = 'fake-paypal-signing-key';

function signatureOf(transmissionId: string, time: string, webhookId: string, event: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(event)).digest('hex');
  return createHmac('sha256', SIGNING_KEY).update(`${transmissionId}|${time}|${webhookId}|${digest}`).digest('base64');
}

export async function startFakePaypal(): Promise<FakePaypal> {
  const clientId = 'pp-client';
  const clientSecret = 'pp-secret';
  const webhookId = 'WH-TEST-1';
  const subscriptions = new Map<string, FakeSubscription>();
  const tokens = new Set<string>();
  let fake!: FakePaypal;
  const server = await startFakeServer((request) => {
    if (fake.mode === 'down') return { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } };
    if (request.method === 'POST' && request.path === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
      if (request.headers.authorization !== expected || request.raw !== 'grant_type=client_credentials') return { status: 401, body: { error: 'invalid_client' } };
      const token = `A21-${randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { scope: 'https://uri.paypal.com/services/subscriptions', access_token: token, token_type: 'Bearer', expires_in: 32400 } };
    }
    const bearer = request.headers.authorization?.replace(/^Bearer /, '');
    if (!bearer || !tokens.has(bearer)) return { status: 401, body: { name: 'AUTHENTICATION_FAILURE' } };

    if (request.method === 'POST' && request.path === '/v1/notifications/verify-webhook-signature') {
      if (fake.mode === 'verify-down') return { status: 503, body: { name: 'SERVICE_UNAVAILABLE' } };
      const body = request.body;
      const ok =
        body?.webhook_id === webhookId &&
        body.auth_algo === 'SHA256withRSA' &&
        typeof body.cert_url === 'string' &&
        body.transmission_sig === signatureOf(body.transmission_id, body.transmission_time, body.webhook_id, body.webhook_event);
      return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
    }
    const match = /^\/v1\/billing\/subscriptions\/([^/?]+)(\/cancel)?$/.exec(request.path);
    if (match) {
      const sub = subscriptions.get(decodeURIComponent(match[1]!));
      if (!sub) return { status: 404, body: { name: 'RESOURCE_NOT_FOUND' } };
      if (request.method === 'GET' && !match[2]) return { status: 200, body: sub };
      if (request.method === 'POST' && match[2]) {
        if (sub.status !== 'ACTIVE' && sub.status !== 'SUSPENDED') return { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'SUBSCRIPTION_STATUS_INVALID' }] } };
        sub.status = 'CANCELLED';
        return { status: 204 };
      }
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  });
  let counter = 0;
  fake = Object.assign(server, {
    clientId,
    clientSecret,
    webhookId,
    plans: { monthly: 'P-MONTHLY-TEST', annual: 'P-ANNUAL-TEST' },
    mode: 'normal' as FakePaypal['mode'],
    subscriptions,
    addSubscription(values: Partial<FakeSubscription> & { custom_id: string }) {
      const sub: FakeSubscription = {
        id: `I-TEST${String(++counter).padStart(6, '0')}`,
        status: 'ACTIVE',
        plan_id: 'P-MONTHLY-TEST',
        start_time: new Date().toISOString(),
        billing_info: { next_billing_time: new Date(Date.now() + 30 * 86_400_000).toISOString() },
        subscriber: { email_address: 'payer@example.org' },
        ...values,
      };
      subscriptions.set(sub.id, sub);
      return sub;
    },
    delivery(event: { id?: string; event_type: string; resource: unknown }, options: { forge?: boolean } = {}) {
      const full = { id: event.id ?? `WH-${randomUUID()}`, event_version: '1.0', create_time: new Date().toISOString(), resource_type: 'subscription', ...event };
      const raw = JSON.stringify(full);
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const signature = signatureOf(transmissionId, time, webhookId, options.forge ? { ...full, forged: true } : full);
      return {
        raw,
        eventId: full.id,
        headers: {
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-time': time,
          'paypal-transmission-sig': signature,
          'paypal-cert-url': 'https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-test',
          'paypal-auth-algo': 'SHA256withRSA',
        },
      };
    },
  }) as FakePaypal;
  return fake;
}
