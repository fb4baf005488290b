// The container entries as an operator meets them: real processes, configured by environment, with real
// HTTP upstreams and a real remote static server behind them.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@keisha/service-kit/testing';
import type { RunningServer } from '../local/static-server.ts';
import { listenHttp, writeFolder } from '../local/testing.ts';
import { EXIT_CONFIG } from './process.ts';

const EDGE = path.join(import.meta.dirname, 'server.ts');
const REMOTE_SERVER = path.join(import.meta.dirname, 'remote-server.ts');
const SHELL_HTML = '<!doctype html><html><head><title>Keisha</title></head><body><div id="root"></div></body></html>';

const root = mkdtempSync(path.join(os.tmpdir(), 'keisha-edge-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const folder = (name: string, files: Record<string, string>) => writeFolder(path.join(root, name), files);


interface Started {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
}

function start(entry: string, env: Record<string, string>): Started {
  const child = spawn(process.execPath, [entry], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output, exit: new Promise((resolve) => child.once('exit', (code) => resolve(code))) };
}

async function waitFor(url: string, started: Started): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null) throw new Error(`exited early: ${started.output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up: ${started.output()}`);
}

/** A service stand-in: answers with the path and the client address it was told; /slow streams for a while. */
async function upstream(name: string): Promise<RunningServer> {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    if (req.url?.endsWith('/slow')) {
      res.write('{"part":1');
      setTimeout(() => res.end(',"part2":2}'), 600);
      return;
    }
    res.end(JSON.stringify({ service: name, url: req.url, forwardedFor: req.headers['x-forwarded-for'], host: req.headers.host, traceparent: req.headers.traceparent }));
  });
  return listenHttp(server);
}

describe('the edge process', () => {
  const services: Record<string, RunningServer> = {};
  let remote: Started;
  let edge: Started;
  let edgeUrl: string;
  let metricsUrl: string;
  let remotesFile: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    for (const name of ['identity', 'decoder', 'chat', 'billing']) services[name] = await upstream(name);
    const remotePort = await freePort();
    remote = start(REMOTE_SERVER, {
      PORT: String(remotePort),
      HOST: '127.0.0.1',
      STATIC_DIR: folder('account-dist', { 'mf-manifest.json': '{"name":"account"}', 'remoteEntry.js': 'var account;' }),
    });
    await waitFor(`http://127.0.0.1:${remotePort}/mf-manifest.json`, remote);

    remotesFile = path.join(root, 'remotes.json');
    const registry = (account: string) =>
      JSON.stringify({
        marketing: 'https://cdn.example/marketing/v1/mf-manifest.json',
        decoder: 'https://cdn.example/decoder/v1/mf-manifest.json',
        chat: 'https://cdn.example/chat/v1/mf-manifest.json',
        account,
      });
    writeFileSync(remotesFile, registry('https://keisha.example/remotes/account/mf-manifest.json'));
    const port = await freePort();
    const metricsPort = await freePort();
    edgeUrl = `http://127.0.0.1:${port}`;
    metricsUrl = `http://127.0.0.1:${metricsPort}`;
    env = {
      PORT: String(port),
      METRICS_PORT: String(metricsPort),
      HOST: '127.0.0.1',
      SHELL_DIR: folder('shell-dist', { 'index.html': SHELL_HTML }),
      REMOTES_FILE: remotesFile,
      IDENTITY_URL: `http://127.0.0.1:${services.identity!.port}`,
      DECODER_URL: `http://127.0.0.1:${services.decoder!.port}`,
      CHAT_URL: `http://127.0.0.1:${services.chat!.port}`,
      BILLING_URL: `http://127.0.0.1:${services.billing!.port}`,
      ACCOUNT_REMOTE_URL: `http://127.0.0.1:${remotePort}`,
      MARKETING_DIR: folder('marketing-files', { 'robots.txt': 'User-agent: *\n' }),
      PUBLIC_ORIGIN: 'https://keisha.example',
      TRUST_PROXY: '127.0.0.1, 10.0.0.0/8',
    };
    edge = start(EDGE, env);
    await waitFor(`${edgeUrl}/health`, edge);
  }, 60_000);

  afterAll(async () => {
    for (const started of [edge, remote]) if (started?.child.exitCode === null) started.child.kill('SIGKILL');
    await Promise.all(Object.values(services).map((s) => s.close()));
  });

  it('proxies each API path to its service URL, stating the client the ingress named', async () => {
    for (const [route, service] of [
      ['/api/waitlist', 'identity'],
      ['/api/bias-usage/current', 'decoder'],
      ['/api/chat/sessions', 'chat'],
      ['/api/billing/plans', 'billing'],
    ] as const) {
      const response = await fetch(`${edgeUrl}${route}`, { headers: { 'x-forwarded-for': '198.51.100.7' } });
      const body = (await response.json()) as { service: string; url: string; forwardedFor: string; host: string; traceparent: string };
      expect(body).toMatchObject({ service, url: route, forwardedFor: '198.51.100.7', host: `127.0.0.1:${services[service]!.port}` });
      // Each request starts a trace here; the service continues it, and the reader may quote its id.
      expect(body.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-00$/);
      expect(response.headers.get('x-trace-id')).toBe(body.traceparent.split('-')[1]);
    }
  });

  it('serves Prometheus metrics on METRICS_PORT, and nothing of them on the public port', async () => {
    expect((await fetch(`${edgeUrl}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
    expect(metrics).toMatch(/edge_http_request_duration_seconds_count\{[^}]*route="api"[^}]*target="chat"[^}]*\} [1-9]/);
  });

  it('serves the shell, the registry from its file, and the marketing files', async () => {
    expect(await (await fetch(`${edgeUrl}/bias-detection`)).text()).toBe(SHELL_HTML);
    expect(((await (await fetch(`${edgeUrl}/remotes.json`)).json()) as Record<string, string>).account).toBe(
      'https://keisha.example/remotes/account/mf-manifest.json',
    );
    expect(await (await fetch(`${edgeUrl}/robots.txt`)).text()).toBe('User-agent: *\n');
  });

  it('re-points a remote when the registry file changes, with no restart', async () => {
    const next = JSON.parse(await (await fetch(`${edgeUrl}/remotes.json`)).text()) as Record<string, string>;
    writeFileSync(remotesFile, JSON.stringify({ ...next, account: 'https://cdn.example/account/v2/mf-manifest.json' }));
    const served = (await (await fetch(`${edgeUrl}/remotes.json`)).json()) as Record<string, string>;
    expect(served.account).toBe('https://cdn.example/account/v2/mf-manifest.json');
    writeFileSync(remotesFile, JSON.stringify(next));
  });

  it('serves an in-cluster remote through /remotes/<name>/ with its CORS and cache headers', async () => {
    const response = await fetch(`${edgeUrl}/remotes/account/mf-manifest.json`);
    expect(await response.text()).toBe('{"name":"account"}');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('finishes a streamed answer in flight on SIGTERM, then exits 0', async () => {
    const answer = fetch(`${edgeUrl}/api/chat/slow`).then((r) => r.text());
    await new Promise((resolve) => setTimeout(resolve, 150));
    edge.child.kill('SIGTERM');
    expect(await answer).toBe('{"part":1,"part2":2}');
    expect(await edge.exit).toBe(0);
    await expect(fetch(`${edgeUrl}/health`)).rejects.toThrow();
    expect(edge.output()).toContain('"msg":"shutting down"');
  });

  it('stops a remote server cleanly on SIGTERM', async () => {
    remote.child.kill('SIGTERM');
    expect(await remote.exit).toBe(0);
  });

  it.each([
    [{ IDENTITY_URL: '' }, /IDENTITY_URL is required but not set/],
    [{ CHAT_URL: 'chat:4003' }, /CHAT_URL: it must be a plain http\(s\) base URL, got "chat:4003"/],
    [{ DECODER_URL: 'not a url' }, /DECODER_URL: it must be an http\(s\) URL/],
    [{ SHELL_DIR: '/nonexistent-keisha-shell' }, /SHELL_DIR: .*index\.html does not exist/],
    [{ REMOTES_FILE: '/nonexistent-keisha-remotes.json' }, /REMOTES_FILE: cannot read/],
    [{ TRUST_PROXY: '10.0.0.0/8,the-ingress' }, /TRUST_PROXY: "the-ingress" is not an IP address/],
    [{ PORT: 'eighty' }, /PORT: /],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT: /],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, /OTEL_EXPORTER_OTLP_ENDPOINT: /],
    // The site's address is configuration only: without it the edge would have to believe a Host header.
    [{ PUBLIC_ORIGIN: '' }, /PUBLIC_ORIGIN is required but not set/],
  ])('refuses to start with %j, naming the variable', async (override, expected) => {
    const refused = start(EDGE, { ...env, ...override });
    expect(await refused.exit).toBe(EXIT_CONFIG);
    expect(refused.output()).toMatch(/Invalid configuration/);
    expect(refused.output()).toMatch(expected);
  });

  it('refuses a registry that does not name every remote', async () => {
    const partial = path.join(root, 'partial-remotes.json');
    writeFileSync(partial, JSON.stringify({ marketing: 'https://cdn.example/m/mf-manifest.json' }));
    const refused = start(EDGE, { ...env, REMOTES_FILE: partial });
    expect(await refused.exit).toBe(EXIT_CONFIG);
    expect(refused.output()).toMatch(/REMOTES_FILE: .* has no manifest URL for decoder, chat, account/);
  });

  it('refuses to serve a remote from a folder without a build', async () => {
    const refused = start(REMOTE_SERVER, { PORT: '0', STATIC_DIR: root });
    expect(await refused.exit).toBe(EXIT_CONFIG);
    expect(refused.output()).toMatch(/STATIC_DIR: .*mf-manifest\.json does not exist/);
  });
});
