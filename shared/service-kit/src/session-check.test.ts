import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AccessClaims } from './auth.ts';
import { identitySessionCheck } from './session-check.ts';

// The session check against a small HTTP server answering identity's /api/auth/me the way identity does
// (its delay and verdict set by each test); the services' revocation suites run it against real identity.
describe('identitySessionCheck', () => {
  const userId = '6f1c1f5e-4a8e-4c36-9a57-2d7f5f4c1a10';
  const claims: AccessClaims = { sub: userId, sid: '0b7c1c1e-1d7e-4a4e-8f57-2b9f3a4c1a11', email: 'reader@example.org', role: 'user', iat: 0, exp: 0 };
  let server: Server;
  let url = '';
  let asked = 0;
  let delayMs = 0;
  let revoked = false;
  let batchRoute = true;
  const batchSizes: number[] = [];
  const INTERNAL = 'an-internal-token-of-at-least-32-characters';
  const internalToken = () => INTERNAL;
  // Each token of the batching tests belongs to its own account; the others to `userId`.
  const ownerOf = (token: string) => (/^(?:reader|revoked)-\d+$/.test(token) ? `00000000-0000-4000-8000-${token.replace(/\D/g, '').padStart(12, '0')}` : userId);
  const claimsFor = (token: string): AccessClaims => ({ ...claims, sub: ownerOf(token) });

  beforeAll(async () => {
    server = createServer((request, response) => {
      asked++;
      if (request.url === '/internal/identity/sessions/check') {
        batchSizes.push(-1);
        if (request.headers['x-keisha-internal-token'] !== INTERNAL) {
          response.writeHead(401, { 'content-type': 'application/json' });
          response.end('{"success":false,"error":{"code":"UNAUTHENTICATED","message":"Internal token required"}}');
          return;
        }
        let raw = '';
        request.on('data', (chunk) => (raw += chunk));
        request.on('end', () => {
          const { tokens } = JSON.parse(raw) as { tokens: string[] };
          batchSizes[batchSizes.length - 1] = tokens.length;
          if (!batchRoute) {
            response.writeHead(404, { 'content-type': 'application/json' });
            response.end('{"success":false,"error":{"code":"NOT_FOUND","message":"no such route"}}');
            return;
          }
          const sessions = tokens.map((token) =>
            token.startsWith('revoked')
              ? { ok: false, status: 401, code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' }
              : { ok: true, user: { id: ownerOf(token), role: 'user' } },
          );
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ success: true, sessions }));
        });
        return;
      }
      const token = request.headers.authorization?.slice('Bearer '.length) ?? '';
      const answerNow = revoked || token.startsWith('revoked'); // the state when identity read it, as identity reads its tables
      setTimeout(() => {
        response.writeHead(answerNow ? 401 : 200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            answerNow
              ? { success: false, error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please sign in again.' } }
              : { success: true, user: { id: ownerOf(token), role: 'user' } },
          ),
        );
      }, delayMs);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    asked = 0;
    delayMs = 0;
    revoked = false;
    batchRoute = true;
    batchSizes.length = 0;
  });

  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  /** How long one check took, and whether it passed. */
  const timed = async (check: ReturnType<typeof identitySessionCheck>, token: string) => {
    const started = performance.now();
    try {
      await check(claims, {} as FastifyRequest, token);
      return { ok: true, ms: performance.now() - started };
    } catch {
      return { ok: false, ms: performance.now() - started };
    }
  };

  it('asks identity again in the background once a confirmation is past half its life, without making the request wait', async () => {
    const check = identitySessionCheck(url, { ttlMs: 400 });
    expect((await timed(check, 'token-a')).ok).toBe(true);
    expect(asked).toBe(1);
    await check(claims, {} as FastifyRequest, 'token-a'); // young: no question
    expect(asked).toBe(1);
    delayMs = 150; // identity is slow from now on
    await sleep(220);
    const early = await timed(check, 'token-a');
    expect(early.ok).toBe(true);
    expect(early.ms).toBeLessThan(100); // did not wait for the slow identity
    await sleep(30);
    expect(asked).toBe(2); // but asked it
    await sleep(170); // the background answer is in: 420 ms after the first, the check needs no wait
    const later = await timed(check, 'token-a');
    expect(later.ok).toBe(true);
    expect(later.ms).toBeLessThan(100);
  });

  it('never uses a confirmation older than its time to live: an ended session is refused at the next question', async () => {
    const check = identitySessionCheck(url, { ttlMs: 300 });
    expect((await timed(check, 'token-b')).ok).toBe(true);
    revoked = true;
    const revokedAt = performance.now();
    delayMs = 100;
    let refusedAfter: number | undefined;
    while (refusedAfter === undefined && performance.now() - revokedAt < 2000) {
      if (!(await timed(check, 'token-b')).ok) refusedAfter = performance.now() - revokedAt;
      await sleep(10);
    }
    // Within the time to live plus one answer from identity (and a margin for this machine).
    expect(refusedAfter).toBeDefined();
    expect(refusedAfter!).toBeLessThan(300 + 100 + 150);
  });

  it('makes a request wait for identity when its confirmation has expired', async () => {
    const check = identitySessionCheck(url, { ttlMs: 100 });
    await timed(check, 'token-c');
    await sleep(150);
    delayMs = 120;
    const expired = await timed(check, 'token-c');
    expect(expired.ok).toBe(true);
    expect(expired.ms).toBeGreaterThanOrEqual(100);
    expect(asked).toBe(2);
  });

  /** Checks many tokens at once, each as its own account; true for the ones that passed. */
  const checkAll = async (check: ReturnType<typeof identitySessionCheck>, tokens: string[]) =>
    Promise.all(
      tokens.map((token) =>
        check(claimsFor(token), {} as FastifyRequest, token).then(
          () => true,
          () => false,
        ),
      ),
    );

  it('asks identity about a burst of new tokens together, and gives each its own verdict', async () => {
    const check = identitySessionCheck(url, { internalToken });
    const tokens = Array.from({ length: 60 }, (_, i) => (i % 10 === 3 ? `revoked-${i}` : `reader-${i}`));
    const passed = await checkAll(check, tokens);
    expect(passed).toEqual(tokens.map((token) => token.startsWith('reader')));
    expect(batchSizes.reduce((a, b) => a + b, 0)).toBe(60);
    expect(batchSizes.length).toBeLessThanOrEqual(3);
    expect(asked).toBe(batchSizes.length); // no `me` at all
  });

  it('asks one `me` per token when identity does not answer the batch', async () => {
    batchRoute = false;
    const check = identitySessionCheck(url, { internalToken });
    const tokens = Array.from({ length: 10 }, (_, i) => (i === 4 ? `revoked-${i}` : `reader-${i}`));
    expect(await checkAll(check, tokens)).toEqual(tokens.map((token) => token.startsWith('reader')));
    expect(asked).toBe(batchSizes.length + 10);
  });

  it('asks one `me` per token without the internal token, or when identity refuses the one it was given', async () => {
    const tokens = Array.from({ length: 10 }, (_, i) => `reader-${i}`);
    expect(await checkAll(identitySessionCheck(url), tokens)).toEqual(tokens.map(() => true));
    expect(batchSizes).toEqual([]);
    expect(asked).toBe(10);
    asked = 0;
    expect(await checkAll(identitySessionCheck(url, { internalToken: () => 'not-the-internal-token-of-32-characters' }), tokens)).toEqual(tokens.map(() => true));
    expect(asked).toBe(batchSizes.length + 10);
    asked = 0;
    batchSizes.length = 0;
    const unreadable = () => {
      throw new Error('no token file');
    };
    expect(await checkAll(identitySessionCheck(url, { internalToken: unreadable }), tokens)).toEqual(tokens.map(() => true));
    expect(batchSizes).toEqual([]);
  });

  it('refuses a token identity answered for another account', async () => {
    const check = identitySessionCheck(url, { internalToken });
    // reader-1's answer names reader-1's account, not the one these claims say.
    const results = await Promise.all([
      check(claimsFor('reader-2'), {} as FastifyRequest, 'reader-1').then(() => true, () => false),
      check(claimsFor('reader-3'), {} as FastifyRequest, 'reader-3').then(() => true, () => false),
    ]);
    expect(results).toEqual([false, true]);
  });
});
