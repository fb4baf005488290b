import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config.ts';
import { createServiceApp } from './app.ts';
import { openDatabase } from './db.ts';

async function listeningApp() {
  const app = await createServiceApp({
    name: 'probe',
    config: loadConfig(baseConfigSchema, { PORT: '0' }),
    database: await openDatabase({}),
    logger: false,
    routes: async (service) => {
      service.get('/quick', async () => ({ ok: true }));
      service.get('/slow', async () => {
        await sleep(400);
        return { finished: true };
      });
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as net.AddressInfo).port };
}

/** A connection that is opened and sends nothing, as a client's pool leaves one. */
async function unusedConnection(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

function get(port: number, path: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('a closing service', () => {
  it('answers the request in flight, then ends an unused connection and a kept-alive one within seconds, not at their time-outs', async () => {
    const { app, port } = await listeningApp();
    const agent = new http.Agent({ keepAlive: true, keepAliveMsecs: 60_000 });
    try {
      const unused = await unusedConnection(port);
      const unusedClosed = once(unused, 'close');
      expect((await get(port, '/quick', agent)).status).toBe(200); // this connection is now kept alive, idle
      const inFlight = get(port, '/slow', new http.Agent({ keepAlive: true }));
      await sleep(50);

      const started = Date.now();
      await app.close();
      const closedInMs = Date.now() - started;

      expect(await inFlight).toEqual({ status: 200, body: JSON.stringify({ finished: true }) });
      await unusedClosed;
      // Node holds an unused connection for its headers time-out (60 s), a kept-alive one for 72 s.
      expect(closedInMs).toBeLessThan(10_000);
    } finally {
      agent.destroy();
    }
  });

  it('gives a request sent on an unused connection just after the close began the closing refusal, which the edge retries elsewhere', async () => {
    const { app, port } = await listeningApp();
    const socket = await unusedConnection(port);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => (answer += chunk));
    const closed = app.close();
    socket.write('GET /quick HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await closed;
    await once(socket, 'close');
    expect(answer).toMatch(/^HTTP\/1\.1 503 /);
    expect(answer).toContain('"code":"SHUTTING_DOWN"');
    expect(answer.toLowerCase()).toContain('retry-after: 1');
  });
});
