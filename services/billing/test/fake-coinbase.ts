// Coinbase Commerce as our adapter sees it: POST /charges (X-CC-Api-Key, X-CC-Version), GET
// /charges/:id, and webhook deliveries signed like Coinbase's (hex HMAC-SHA256 of the raw body).
import { createHmac, randomUUID } from 'node:crypto';
import { startFakeServer, type FakeServer } from './fake-http.ts';

export interface FakeCharge {
  id: string;
  code: string;
  hosted_url: string;
  pricing_type: string;
  pricing: { local: { amount: string; currency: string } };
  metadata: Record<string, unknown>;
  redirect_url: string;
  cancel_url: string;
  timeline: Array<{ status: string; time: string }>;
}

export interface FakeCoinbase extends FakeServer {
  apiKey: string;
  webhookSecret: string;
  /** 'down': every API call answers 500. */
  mode: 'normal' | 'down';
  charges: Map<string, FakeCharge>;
  setStatus(chargeId: string, status: string): void;
  /** A webhook delivery: the raw body and its X-CC-Webhook-Signature (signed with `secret`, by default the real one). */
  event(type: string, chargeId: string, options?: { eventId?: string; amount?: string; secret?: string }): { raw: string; signature: string; eventId: string };
}

export async function startFakeCoinbase(): Promise<FakeCoinbase> {
  const charges = new Map<string, FakeCharge>();
  const apiKey = 'cb-test-key';
  const webhookSecret = 'cb-webhook-secret';
  let fake!: FakeCoinbase;
  const server = await startFakeServer((request) => {
    if (fake.mode === 'down') return { status: 500, body: { error: { type: 'internal_server_error', message: 'down' } } };
    if (request.headers['x-cc-api-key'] !== apiKey) return { status: 401, body: { error: { type: 'authorization_error', message: 'No such API key.' } } };
    if (request.headers['x-cc-version'] !== '2018-03-22') return { status: 400, body: { error: { type: 'invalid_request', message: 'version' } } };
    if (request.method === 'POST' && request.path === '/charges') {
      const body = request.body;
      const valid =
        body?.pricing_type === 'fixed_price' &&
        typeof body.local_price?.amount === 'string' &&
        body.local_price.currency === 'USD' &&
        typeof body.metadata === 'object' &&
        /^https?:\/\//.test(body.redirect_url) &&
        /^https?:\/\//.test(body.cancel_url);
      if (!valid) return { status: 400, body: { error: { type: 'invalid_request', message: 'bad charge' } } };
      const id = randomUUID();
      const code = id.slice(0, 8).toUpperCase();
      const charge: FakeCharge = {
        id,
        code,
        hosted_url: `https://commerce.coinbase.test/pay/${code}`,
        pricing_type: body.pricing_type,
        pricing: { local: body.local_price },
        metadata: body.metadata,
        redirect_url: body.redirect_url,
        cancel_url: body.cancel_url,
        timeline: [{ status: 'NEW', time: new Date().toISOString() }],
      };
      charges.set(id, charge);
      return { status: 201, body: { data: charge } };
    }
    const match = /^\/charges\/([^/?]+)$/.exec(request.path);
    if (request.method === 'GET' && match) {
      const charge = charges.get(decodeURIComponent(match[1]!));
      return charge ? { status: 200, body: { data: charge } } : { status: 404, body: { error: { type: 'not_found', message: 'Not found' } } };
    }
    return { status: 404, body: { error: { type: 'not_found', message: 'Not found' } } };
  });
  fake = Object.assign(server, {
    apiKey,
    webhookSecret,
    mode: 'normal' as const,
    charges,
    setStatus(chargeId: string, status: string) {
      charges.get(chargeId)!.timeline.push({ status, time: new Date().toISOString() });
    },
    event(type: string, chargeId: string, options: { eventId?: string; amount?: string; secret?: string } = {}) {
      const charge = charges.get(chargeId);
      const data = charge
        ? { ...charge, pricing: { local: { ...charge.pricing.local, ...(options.amount ? { amount: options.amount } : {}) } } }
        : { id: chargeId, code: 'UNKNOWN', metadata: {}, pricing: { local: { amount: options.amount ?? '1.00', currency: 'USD' } }, timeline: [] };
      const eventId = options.eventId ?? randomUUID();
      const raw = JSON.stringify({
        attempt_number: 1,
        event: { id: eventId, resource: 'event', type, api_version: '2018-03-22', created_at: new Date().toISOString(), data },
        id: randomUUID(),
        scheduled_for: new Date().toISOString(),
      });
      return { raw, signature: createHmac('sha256', options.secret ?? webhookSecret).update(raw).digest('hex'), eventId };
    },
  }) as FakeCoinbase;
  return fake;
}
