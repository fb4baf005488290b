// The edge's time budget per upstream: a service that takes the connection and never answers (stopped with
// SIGSTOP, a hung event loop) gets the reader a 504 within its budget, never a wait without end; a stream that has
// started is never cut by it.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayOptions, RunningGateway } from './gateway.ts';
import { listenHttp, startTestGateway, tempDirsForFile, writeFolder } from './testing.ts';
import type { RunningServer } from './static-server.ts';
import {
  budgetsByOrigin,
  budgetsFromEnv,
  DEFAULT_REMOTE_BUDGET_MS,
  DEFAULT_SERVICE_BUDGETS_MS,
  remoteBudget,
  serviceBudgets,
} from './upstream-budgets.ts';

describe('upstream budgets', () => {
  it('are, by default, a little above what each service allows its own slowest work', () => {
    expect(serviceBudgets({})).toEqual({ identity: 10_000, billing: 15_000, decoder: 75_000, chat: 90_000 });
    // PayPal's PROVIDER_TIMEOUT_MS, the decoder's DECODER_LLM_TIMEOUT_MS and the chat's first token, by default.
    expect(DEFAULT_SERVICE_BUDGETS_MS.billing).toBeGreaterThan(10_000);
    expect(DEFAULT_SERVICE_BUDGETS_MS.decoder).toBeGreaterThan(60_000);
    expect(DEFAULT_SERVICE_BUDGETS_MS.chat).toBeGreaterThan(30_000);
    expect(remoteBudget({})).toBe(DEFAULT_REMOTE_BUDGET_MS);
  });

  it('take a service’s own budget over the one for all, and that over the defaults; 0 is no limit', () => {
    expect(serviceBudgets({ upstreamTimeoutMs: 300, upstreamTimeouts: { chat: 0, identity: 2000 } })).toEqual({
      identity: 2000,
      billing: 300,
      decoder: 300,
      chat: 0,
    });
    expect(remoteBudget({ upstreamTimeoutMs: 0 })).toBe(0);
  });

  it('give upstreams sharing an origin the longer budget, no limit being the longest', () => {
    const budgets = budgetsByOrigin([
      ['http://a:1', 10_000],
      ['http://a:1', 75_000],
      ['http://b:2', 15_000],
      ['http://c:3', 90_000],
      ['http://c:3', 0],
    ]);
    expect(Object.fromEntries(budgets)).toEqual({ 'http://a:1': 75_000, 'http://b:2': 15_000, 'http://c:3': 0 });
  });

  it('are read from the launcher’s environment, naming a variable that is not a budget', () => {
    expect(budgetsFromEnv({})).toEqual({ upstreamTimeouts: {} });
    expect(budgetsFromEnv({ KEISHA_UPSTREAM_TIMEOUT_MS: '20000', KEISHA_UPSTREAM_TIMEOUT_CHAT_MS: '0' })).toEqual({
      upstreamTimeoutMs: 20_000,
      upstreamTimeouts: { chat: 0 },
    });
    expect(() => budgetsFromEnv({ KEISHA_UPSTREAM_TIMEOUT_IDENTITY_MS: '10s' })).toThrow(/KEISHA_UPSTREAM_TIMEOUT_IDENTITY_MS .* got "10s"/);
    expect(() => budgetsFromEnv({ KEISHA_UPSTREAM_TIMEOUT_MS: '-1' })).toThrow(/KEISHA_UPSTREAM_TIMEOUT_MS/);
  });
});

/** A service stand-in in a process of its own, so it can be stopped with SIGSTOP as an operator would. */
function childServer(): Promise<{ child: ChildProcess; url: string }> {
  const script = `
    const http = require('node:http');
    const server = http.createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: `http://127.0.0.1:${chunk.toString().trim()}` }));
  });
}

/** Headers at once, then an event every `gapMs`, `count` times: a chat stream pausing between tokens. */
async function slowStream(gapMs: number, count: number): Promise<RunningServer & { url: string }> {
  const server = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let sent = 0;
    const tick = setInterval(() => {
      res.write(`data: ${++sent}\n\n`);
      if (sent === count) {
        clearInterval(tick);
        res.end();
      }
    }, gapMs);
  });
  const running = await listenHttp(server);
  return { ...running, url: `http://127.0.0.1:${running.port}` };
}

async function closedPortUrl(): Promise<string> {
  const running = await listenHttp(http.createServer());
  await running.close();
  return `http://127.0.0.1:${running.port}`;
}

describe('the edge in front of a stopped or slow service', () => {
  const tempDir = tempDirsForFile('keisha-budgets-');
  const gateways: RunningGateway[] = [];
  let identity: { child: ChildProcess; url: string };
  let stream: Awaited<ReturnType<typeof slowStream>>;
  let refused: string;

  beforeAll(async () => {
    identity = await childServer();
    stream = await slowStream(400, 4);
    refused = await closedPortUrl();
  });
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    identity.child.kill('SIGKILL');
    await stream.close();
  });

  async function edge(options: Partial<GatewayOptions>): Promise<RunningGateway> {
    const dir = writeFolder(tempDir(), { 'shell/index.html': '<!doctype html><div id="root"></div>' });
    const running = await startTestGateway({
      shellDir: path.join(dir, 'shell'),
      serviceUrls: { identity: identity.url, decoder: refused, chat: stream.url, billing: refused },
      ...options,
    });
    gateways.push(running);
    return running;
  }

  it('answers a sign-in 504 with Retry-After within identity’s budget when identity is stopped (SIGSTOP)', async () => {
    const gateway = await edge({ upstreamTimeouts: { identity: 600 } });
    const signIn = () =>
      fetch(`http://127.0.0.1:${gateway.port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":"reader@example.org","password":"x"}',
        signal: AbortSignal.timeout(5000),
      });
    expect((await signIn()).status).toBe(200);
    process.kill(identity.child.pid!, 'SIGSTOP');
    try {
      const started = performance.now();
      const answer = await signIn();
      const elapsed = performance.now() - started;
      expect(answer.status).toBe(504);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({
        success: false,
        error: { code: 'UPSTREAM_TIMEOUT', message: 'The identity service did not answer in time. Please try again shortly.' },
      });
      expect(elapsed).toBeGreaterThanOrEqual(550);
      expect(elapsed).toBeLessThan(3000);
    } finally {
      process.kill(identity.child.pid!, 'SIGCONT');
    }
    // Once it runs again, it answers again: the budget holds no state.
    expect((await signIn()).status).toBe(200);
  });

  it('never cuts a stream that has started, however much longer than the budget it runs', async () => {
    const gateway = await edge({ upstreamTimeoutMs: 200 });
    const started = performance.now();
    const answer = await fetch(`http://127.0.0.1:${gateway.port}/api/chat/messages`, { method: 'POST', headers: { accept: 'text/event-stream' } });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('data: 1\n\ndata: 2\n\ndata: 3\n\ndata: 4\n\n');
    expect(performance.now() - started).toBeGreaterThan(1500);
  });

  it('answers 502 with Retry-After when a service is not reachable', async () => {
    const gateway = await edge({});
    const answer = await fetch(`http://127.0.0.1:${gateway.port}/api/billing/plans`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect((await answer.json()).error).toEqual({ code: 'UPSTREAM_UNAVAILABLE', message: 'The billing service is not reachable. Please try again shortly.' });
  });
});
