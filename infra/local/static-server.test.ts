import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer, type RunningServer } from './static-server.ts';

describe('static server', () => {
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'keisha-static-'));
    mkdirSync(path.join(root, 'sub'));
    writeFileSync(path.join(root, 'mf-manifest.json'), '{"name":"x"}');
    writeFileSync(path.join(root, 'main.abc123.js'), 'console.log("hello");'.repeat(50));
    writeFileSync(path.join(os.tmpdir(), 'keisha-secret.txt'), 'secret');
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
    const { default: http } = await import('node:http');
    const body = await new Promise<Buffer>((resolve, reject) => {
      http.get(`${base}/main.abc123.js`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        expect(res.headers['content-encoding']).toBe('gzip');
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve(Buffer.concat(chunks)));
      }).on('error', reject);
    });
    expect(gunzipSync(body).toString()).toContain('hello');
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
