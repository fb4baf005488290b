import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { jwksKeyResolver, registerAuth } from './auth.ts';
import { registerErrorHandler } from './errors.ts';

// Identity's key server, as a real HTTP server that can be made to fail, and a service verifying against it.
function keyPair(kid: string) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { kid, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'EdDSA', use: 'sig' }, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
}

async function signerFor(pair: ReturnType<typeof keyPair>): Promise<FastifyInstance> {
  const signer = Fastify();
  await registerAuth(signer, { keys: async () => pair.pem, privateKey: pair.pem });
  await signer.ready();
  return signer;
}

describe('verifying while identity’s key server fails', () => {
  const first = keyPair('k1');
  const second = keyPair('k2');
  let jwks: Server;
  let published = [first.jwk];
  let failing = false;
  let fetches = 0;
  let service: FastifyInstance;
  const tokenFor = async (pair: ReturnType<typeof keyPair>) => {
    const signer = await signerFor(pair);
    const token = signer.jwt.sign({ sub: randomUUID(), sid: randomUUID(), email: 'a@example.com', role: 'user' }, { expiresIn: '15m', kid: pair.kid } as never);
    await signer.close();
    return token;
  };
  const call = (token: string) => service.inject({ method: 'GET', url: '/me', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    jwks = createServer((_request, response) => {
      fetches++;
      if (failing) {
        response.destroy(); // as a stopped or crashing identity looks from here
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ keys: published }));
    });
    await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => jwks.close(() => resolve())));
  beforeEach(async () => {
    published = [first.jwk];
    failing = false;
    fetches = 0;
    await service?.close();
    service = Fastify();
    registerErrorHandler(service);
    const url = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
    await registerAuth(service, { keys: jwksKeyResolver(url, { ttlMs: 50, minRefetchMs: 50, timeoutMs: 500 }) });
    service.get('/me', { preHandler: service.authenticate }, async (request) => ({ sub: request.user.sub }));
    await service.ready();
  });

  it('keeps verifying a valid token with the keys held when the key server fails past their time to live', async () => {
    const token = await tokenFor(first);
    expect((await call(token)).statusCode).toBe(200);
    failing = true;
    await new Promise((resolve) => setTimeout(resolve, 120));
    // fast-jwt caches a verified token for a minute: a new token of the same key is checked afresh.
    const fresh = await tokenFor(first);
    const answer = await call(fresh);
    expect(answer.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetches).toBeGreaterThan(1); // it did try again, in the background
  });

  it('answers 503 AUTH_UNAVAILABLE, not 401, for a key it does not hold while the key server fails', async () => {
    expect((await call(await tokenFor(first))).statusCode).toBe(200);
    failing = true;
    await new Promise((resolve) => setTimeout(resolve, 60));
    const answer = await call(await tokenFor(second));
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.json().error.code).toBe('AUTH_UNAVAILABLE');
  });

  it('still refuses a forged token with 401 while the key server fails', async () => {
    expect((await call(await tokenFor(first))).statusCode).toBe(200);
    failing = true;
    const forged = await tokenFor({ ...second, kid: 'k1' }); // claims k1, signed with another key
    expect((await call(forged)).statusCode).toBe(401);
  });

  it('stops trusting a key once identity publishes others (a rotation)', async () => {
    expect((await call(await tokenFor(first))).statusCode).toBe(200);
    published = [second.jwk];
    await new Promise((resolve) => setTimeout(resolve, 60));
    await call(await tokenFor(first)); // answered with the held key, and starts the refetch
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await call(await tokenFor(first))).statusCode).toBe(401);
    expect((await call(await tokenFor(second))).statusCode).toBe(200);
  });
});
