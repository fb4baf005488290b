// The internal export route every service mounts: the whole part as JSON, or (identity's way) a stream of pages
// that waits for its reader, ends with its counts, and is cut, without its last line, when the rows fail half way.
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_EXPORT_STREAM_TYPE, accountExportLine } from '@keisha/contracts/schemas';
import { baseConfigSchema, loadConfig } from './config.ts';
import { createServiceApp, type ServiceApp } from './app.ts';
import { openDatabase } from './db.ts';
import { INTERNAL_TOKEN_HEADER } from './internal-token.ts';
import { internalAccountExportRoute, type ExportEmit } from './account-data-routes.ts';

const TOKEN = 'probe-internal-token-0123456789abcdef0123';
const USER = '5f0c8f0e-1b7a-4c52-9d0e-3a1f2b3c4d5e';
const apps: ServiceApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function probe(run: (userId: string, emit: ExportEmit) => Promise<void>): Promise<{ app: ServiceApp; url: string }> {
  const app = await createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0' }),
    database: await openDatabase({}),
    logger: false,
    routes: async (service) => internalAccountExportRoute(service, { path: '/internal/probe/accounts/:user_id/export', summary: 'probe', internalToken: TOKEN, kinds: ['notes', 'days'], run }),
  });
  apps.push(app);
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `${url}/internal/probe/accounts/${USER}/export` };
}
const asLines = { [INTERNAL_TOKEN_HEADER]: TOKEN, accept: ACCOUNT_EXPORT_STREAM_TYPE };

describe('the internal export route', () => {
  it('answers the whole part as JSON, every kind listed, or the same rows as pages with the counts last', async () => {
    const { url } = await probe(async (_, emit) => {
      await emit('notes', [{ n: 1 }, { n: 2 }]);
      await emit('notes', [{ n: 3 }]);
      await emit('days', []);
    });
    const whole = await fetch(url, { headers: { [INTERNAL_TOKEN_HEADER]: TOKEN } });
    expect(whole.status).toBe(200);
    expect(await whole.json()).toEqual({ success: true, data: { notes: [{ n: 1 }, { n: 2 }, { n: 3 }], days: [] } });
    const streamed = await fetch(url, { headers: asLines });
    expect(streamed.headers.get('content-type')).toBe(ACCOUNT_EXPORT_STREAM_TYPE);
    expect(streamed.headers.get('cache-control')).toBe('no-store');
    const lines = (await streamed.text()).trimEnd().split('\n').map((line) => accountExportLine.parse(JSON.parse(line)));
    expect(lines).toEqual([{ kind: 'notes', rows: [{ n: 1 }, { n: 2 }] }, { kind: 'notes', rows: [{ n: 3 }] }, { end: true, counts: { notes: 3, days: 0 } }]);
    expect((await fetch(url, { headers: { accept: ACCOUNT_EXPORT_STREAM_TYPE } })).status).toBe(401);
  });

  it('is cut without its last line when the rows fail half way', async () => {
    const { url } = await probe(async (_, emit) => {
      await emit('notes', [{ n: 1 }]);
      throw new Error('the database went away');
    });
    // The connection drops: before the headers, or after the first page, as the timing falls; never a last line.
    const text = await fetch(url, { headers: asLines })
      .then((streamed) => streamed.text())
      .catch((error: unknown) => `cut: ${String(error)}`);
    expect(text).toMatch(/^cut: /);
    expect(text).not.toContain('"end":true');
  });

  it('waits while its reader is behind, and stops reading rows when the reader goes away', async () => {
    const page = Array.from({ length: 16 }, (_, n) => ({ n, text: 'x'.repeat(1000) }));
    let emitted = 0;
    let outcome: 'running' | 'finished' | 'stopped' = 'running';
    const { url } = await probe(async (_, emit) => {
      try {
        for (let i = 0; i < 2000; i++) {
          await emit('notes', page);
          emitted++;
        }
        outcome = 'finished';
      } catch (error) {
        outcome = 'stopped';
        throw error;
      }
    });
    const controller = new AbortController();
    const streamed = await fetch(url, { headers: asLines, signal: controller.signal });
    // Nothing read: the socket's buffers fill and the rows wait (2,000 pages are 32 MB).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const waiting = emitted;
    expect(waiting).toBeLessThan(2000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(emitted).toBe(waiting);
    controller.abort();
    await streamed.body?.cancel().catch(() => {});
    await expect.poll(() => outcome, { timeout: 5000 }).toBe('stopped');
    expect(emitted).toBeLessThan(2000);
  });
});
