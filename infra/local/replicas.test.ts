// A service as several replicas behind the edge: requests spread in turn, a replica that refuses connections is
// routed around, a request is asked twice only when that is safe, and a drained replica gets no new requests.
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningGateway } from './gateway.ts';
import { createReplicaPool } from './replica-pool.ts';
import { mayRetryElsewhere } from './replica-dispatcher.ts';
import type { RunningServer } from './static-server.ts';
import { listenHttp, startTestGateway } from './testing.ts';

type Behaviour = 'answer' | 'reset' | 'shutting-down' | 'busy' | 'slow';

interface Replica extends RunningServer {
  name: string;
  seen: Array<{ method: string; url: string; host: string }>;
  behaviour: Behaviour;
}

function json(res: http.ServerResponse, status: number, value: unknown) {
  const body = JSON.stringify(value);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'Retry-After': '1' });
  res.end(body);
}

async function replica(name: string): Promise<Replica> {
  const state = { name, seen: [] as Replica['seen'], behaviour: 'answer' as Behaviour, port: 0, close: async () => {} };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.seen.push({ method: req.method ?? '', url: req.url ?? '', host: req.headers.host ?? '' });
      switch (state.behaviour) {
        case 'reset':
          req.socket.destroy();
          return;
        case 'shutting-down':
          // As a closing service-kit app answers (Fastify sends its length).
          json(res, 503, { success: false, error: { code: 'SHUTTING_DOWN', message: 'This service is restarting. Please try again in a moment.' } });
          return;
        case 'busy':
          json(res, 503, { success: false, error: { code: 'SERVICE_UNAVAILABLE', message: 'busy' } });
          return;
        case 'slow':
          setTimeout(() => res.end(JSON.stringify({ replica: name })), 300);
          return;
        default:
          res.writeHead(200, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify({ replica: name }));
      }
    });
  });
  const running = await listenHttp(server);
  state.port = running.port;
  state.close = running.close;
  return state;
}

/** A port nothing listens on (taken and released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function call(port: number, method: string, pathname: string): Promise<{ status: number; body: string }> {
  const response = await fetch(`http://127.0.0.1:${port}${pathname}`, {
    method,
    ...(method === 'POST' ? { body: '{"email":"a@b.example"}', headers: { 'content-type': 'application/json' } } : {}),
  });
  return { status: response.status, body: await response.text() };
}

describe('a replica pool', () => {
  it('takes replicas in turn, leaves out one marked down, and tries it again once its time is over', () => {
    let time = 1000;
    const pool = createReplicaPool(['http://127.0.0.1:1/', 'http://127.0.0.1:2/', 'http://127.0.0.1:3/'].map((u) => new URL(u)), {
      downForMs: 500,
      now: () => time,
    });
    const ports = () => Array.from({ length: 6 }, () => pool.pick(new Set())!.url.port);
    expect(ports()).toEqual(['1', '2', '3', '1', '2', '3']);
    pool.markDown(pool.replicas[1]!);
    expect(ports()).toEqual(['1', '3', '1', '3', '1', '3']);
    // Every untried replica down: the one down the longest is still tried rather than none.
    time += 1;
    pool.markDown(pool.replicas[0]!);
    time += 1;
    pool.markDown(pool.replicas[2]!);
    expect(pool.pick(new Set())!.url.port).toBe('2');
    expect(pool.pick(new Set(pool.replicas))).toBeUndefined();
    expect(pool.canPick(new Set(pool.replicas))).toBe(false);
    expect(pool.canPick(new Set([pool.replicas[0]!]))).toBe(true);
    time += 600;
    expect(ports().sort()).toEqual(['1', '1', '2', '2', '3', '3']);
  });

  it('retries elsewhere only what is safe to ask twice', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const timeout = Object.assign(new Error('Headers Timeout Error'), { code: 'UND_ERR_HEADERS_TIMEOUT' });
    expect(mayRetryElsewhere('POST', refused)).toBe(true);
    expect(mayRetryElsewhere('POST', reset)).toBe(false);
    expect(mayRetryElsewhere('GET', reset)).toBe(true);
    expect(mayRetryElsewhere('GET', timeout)).toBe(false);
    expect(mayRetryElsewhere('DELETE', reset)).toBe(false);
  });
});

describe('the gateway with three identity replicas', () => {
  const replicas: Replica[] = [];
  const others: RunningServer[] = [];
  let gateway: RunningGateway;

  beforeAll(async () => {
    for (const name of ['a', 'b', 'c']) replicas.push(await replica(name));
    for (const name of ['decoder', 'chat', 'billing']) others.push(await replica(name));
    const shellDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-replicas-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Keisha</title>');
    gateway = await startTestGateway({
      shellDir,
      servicePorts: {
        identity: replicas.map((r) => r.port),
        decoder: others[0]!.port,
        chat: others[1]!.port,
        billing: others[2]!.port,
      },
    });
  });
  afterEach(() => {
    for (const r of replicas) {
      r.seen.length = 0;
      r.behaviour = 'answer';
    }
  });
  afterAll(async () => {
    await gateway?.close();
    await Promise.all([...replicas, ...others].map((server) => server.close()));
  });

  it('spreads requests over the replicas in turn, each told its own host', async () => {
    const answers = [];
    for (let i = 0; i < 9; i++) answers.push(await call(gateway.port, i % 2 ? 'POST' : 'GET', '/api/waitlist'));
    expect(answers.map((a) => a.status)).toEqual(Array(9).fill(200));
    expect(replicas.map((r) => r.seen.length)).toEqual([3, 3, 3]);
    for (const r of replicas) expect(new Set(r.seen.map((s) => s.host))).toEqual(new Set([`127.0.0.1:${r.port}`]));
  });

  it('sends a GET that met a broken connection to another replica, but never a POST twice', async () => {
    replicas[0]!.behaviour = 'reset';
    const gets = await Promise.all(Array.from({ length: 6 }, () => call(gateway.port, 'GET', '/api/waitlist')));
    expect(gets.map((a) => a.status)).toEqual(Array(6).fill(200));
    replicas.forEach((r) => (r.seen.length = 0));
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await call(gateway.port, 'POST', '/api/waitlist'));
    const failed = posts.filter((a) => a.status === 502);
    // The POSTs that reached the resetting replica: each answered 502, and sent to it only (once).
    expect(failed.length).toBe(replicas[0]!.seen.length);
    expect(failed.length).toBeGreaterThan(0);
    expect(replicas.reduce((sum, r) => sum + r.seen.length, 0)).toBe(6);
  });

  it("sends a closing replica's 503 SHUTTING_DOWN elsewhere (a POST too), and passes a service's own 503 on", async () => {
    replicas[1]!.behaviour = 'shutting-down';
    const posts = [];
    for (let i = 0; i < 6; i++) posts.push(await call(gateway.port, 'POST', '/api/waitlist'));
    expect(posts.map((a) => a.status)).toEqual(Array(6).fill(200));
    // Carried out once each, by the two replicas still open; the closing one refused at least one.
    expect(replicas[0]!.seen.length + replicas[2]!.seen.length).toBe(6);
    expect(replicas[1]!.seen.length).toBeGreaterThan(0);
    for (const r of replicas) {
      r.behaviour = 'busy';
      r.seen.length = 0;
    }
    // (the closing replica is still out of rotation: the others' own 503 is what comes back)
    const busy = await call(gateway.port, 'GET', '/api/waitlist');
    expect(busy.status).toBe(503);
    expect(JSON.parse(busy.body).error.code).toBe('SERVICE_UNAVAILABLE');
    expect(replicas.reduce((sum, r) => sum + r.seen.length, 0)).toBe(1);
  });

  it('routes around a replica that is down: every request answered, a POST included', async () => {
    const down = await closedPort();
    const shellDir = mkdtempSync(path.join(os.tmpdir(), 'keisha-replicas-'));
    writeFileSync(path.join(shellDir, 'index.html'), '<!doctype html><title>Keisha</title>');
    const withDead = await startTestGateway({
      shellDir,
      servicePorts: { identity: [replicas[0]!.port, down, replicas[2]!.port], decoder: others[0]!.port, chat: others[1]!.port, billing: others[2]!.port },
      metricsPort: 0,
    });
    try {
      const answers = [];
      for (let i = 0; i < 12; i++) answers.push(await call(withDead.port, i % 2 ? 'POST' : 'GET', '/api/waitlist'));
      expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
      expect(replicas[0]!.seen.length + replicas[2]!.seen.length).toBe(12);
      // Refused once, then left out for its 3 s: one request was sent elsewhere, and counted.
      const scraped = await (await fetch(`http://127.0.0.1:${withDead.metricsPort}/metrics`)).text();
      expect(scraped).toContain('edge_replica_retries_total{target="identity",reason="refused",service="edge"} 1');
    } finally {
      await withDead.close();
    }
  });

  it('gives a drained replica no new request and resolves once its requests in flight are answered', async () => {
    for (const r of replicas) r.behaviour = 'slow';
    const inFlight = Promise.all(Array.from({ length: 3 }, () => call(gateway.port, 'GET', '/api/waitlist')));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await gateway.drainReplica('identity', `http://127.0.0.1:${replicas[2]!.port}`, true);
    expect(Date.now() - started).toBeGreaterThan(50); // it waited for the one in flight
    expect((await inFlight).map((a) => a.status)).toEqual([200, 200, 200]);
    for (const r of replicas) r.behaviour = 'answer';
    replicas.forEach((r) => (r.seen.length = 0));
    for (let i = 0; i < 4; i++) await call(gateway.port, 'GET', '/api/waitlist');
    expect(replicas[0]!.seen.length + replicas[1]!.seen.length).toBe(4);
    expect(replicas[2]!.seen.length).toBe(0);
    await gateway.drainReplica('identity', `http://127.0.0.1:${replicas[2]!.port}`, false);
    for (let i = 0; i < 3; i++) await call(gateway.port, 'GET', '/api/waitlist');
    expect(replicas[2]!.seen.length).toBeGreaterThan(0);
  });
});
