import Fastify from 'fastify';
import fastifyHelmet from '@fastify/helmet';
import { describe, expect, it } from 'vitest';
import { createServiceApp } from './app.ts';
import { baseConfigSchema, loadConfig } from './config.ts';
import { helmetHeaders } from './security-headers.ts';

/** The headers @fastify/helmet (helmet per request, what services registered before) sets with these options. */
async function fastifyHelmetHeaders(options: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  const app = Fastify({ logger: false });
  if (options) await app.register(fastifyHelmet, options);
  app.get('/', async () => ({ ok: true }));
  const headers = (await app.inject('/')).headers;
  await app.close();
  return headers;
}

/** The headers @fastify/helmet adds to a bare Fastify's answer. */
async function addedByFastifyHelmet(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  const [withHelmet, without] = [await fastifyHelmetHeaders(options), await fastifyHelmetHeaders(undefined)];
  return Object.fromEntries(Object.entries(withHelmet).filter(([name]) => !(name in without)));
}

/** Only the headers helmet is about: the rest (content-type, date...) are Fastify's. */
function securityPart(headers: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(names.map((name) => [name, headers[name]]));
}

describe('security headers', () => {
  it('are the ones @fastify/helmet sets, with the options the services use', async () => {
    const options = { contentSecurityPolicy: false };
    const computed = helmetHeaders(options);
    // The defaults as of helmet 8: a dozen headers. Fewer would mean the recording missed some.
    expect(Object.keys(computed).length).toBeGreaterThanOrEqual(10);
    expect(computed).toMatchObject({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'SAMEORIGIN' });
    expect(computed['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(computed).not.toHaveProperty('content-security-policy');
    expect(computed).toEqual(await addedByFastifyHelmet(options));

    // Every answer of a service carries them, a 200, a 404 and a rate-limited 429 alike.
    const app = await createServiceApp({
      name: 'probe',
      config: loadConfig(baseConfigSchema, { PORT: '0', RATE_LIMIT_MAX: '2' }),
      database: { db: {} as never, kind: 'pglite', ping: async () => {}, close: async () => {} },
      logger: false,
      routes: async (service) => {
        service.get('/thing', async () => ({ ok: true }));
      },
    });
    const names = Object.keys(computed);
    const expected = await addedByFastifyHelmet(options);
    const answers = [await app.inject('/health/live'), await app.inject('/thing'), await app.inject('/nowhere'), await app.inject('/thing')];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 404, 429]);
    for (const answer of answers) expect(securityPart(answer.headers, names)).toEqual(expected);
    await app.close();
  });

  it('follow the options given, as helmet reads them', async () => {
    const options = { contentSecurityPolicy: false, frameguard: { action: 'deny' as const }, hsts: { maxAge: 123, preload: true } };
    const computed = helmetHeaders(options);
    expect(computed['x-frame-options']).toBe('DENY');
    expect(computed['strict-transport-security']).toBe('max-age=123; includeSubDomains; preload');
    expect(computed).toEqual(await addedByFastifyHelmet(options));
  });

  it('refuse options that make a header depend on the request', () => {
    // A CSP directive computed per request (a nonce) cannot be set once for all requests.
    const perRequest = { contentSecurityPolicy: { directives: { scriptSrc: ["'self'", (request: { url?: string }) => `'nonce-${request.url}'`] } } };
    expect(() => helmetHeaders(perRequest as never)).toThrow(/read the request/);
  });
});
