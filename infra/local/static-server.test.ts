import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningServer } from './static-server.ts';
import { getRaw } from './testing.ts';

const BIG = Array.from({ length: 300 }, (_, i) => `console.log("chunk line ${i}");`).join('\n');
const BIG_BR = brotliCompressSync(BIG);
const BIG_GZ = gzipSync(BIG, { level: 9 });

describe('static server', () => {
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'keisha-static-'));
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'mf-manifest.json'), '{"name":"x"}');
    writeFileSync(path.join(root, 'main.abc123.js'), 'console.log("hello");'.repeat(50));
    writeFileSync(path.join(os.tmpdir(), 'keisha-secret.txt'), 'secret');
    // As a production build writes them (shared/config/src/precompress.ts).
    writeFileSync(path.join(root, 'big.def456.js'), BIG);
    writeFileSync(path.join(root, 'big.def456.js.br'), BIG_BR);
    writeFileSync(path.join(root, 'big.def456.js.gz'), BIG_GZ);
    server = await startStaticServer(root, 0);
    base = `http://127.0.0.1:${server.port}`;
  });
  afterAll(() => server.close());

  it('serves manifests fresh and hashed chunks immutable, readable from any origin', async () => {
    const manifest = await fetch(`${base}/mf-manifest.json`);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
    const chunk = await fetch(`${base}/main.abc123.js`);
    expect(chunk.headers.get('cache-control')).toContain('immutable');
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
  });

  it('gzips text when asked', async () => {
    const answer = await getRaw(`${base}/main.abc123.js`, { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toContain('hello');
  });

  it('sends the build\'s compressed copies as they are, by what the browser accepts', async () => {
    const br = await getRaw(`${base}/big.def456.js`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body.equals(BIG_BR)).toBe(true);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await getRaw(`${base}/big.def456.js`, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(BIG_GZ)).toBe(true);
    const plain = await getRaw(`${base}/big.def456.js`, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
  });

  it.each(['/../keisha-secret.txt', '/%2e%2e/keisha-secret.txt', '/sub/..%2f..%2fkeisha-secret.txt', '/%00', '/%E0%A4%A'])(
    'never serves outside its folder or crashes on %s',
    async (url) => {
      const { default: http } = await import('node:http');
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        http.get({ host: '127.0.0.1', port: server.port, path: url }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        }).on('error', reject);
      });
      expect([400, 403, 404]).toContain(answer.status);
      expect(answer.body).not.toContain('secret');
    },
  );
});
