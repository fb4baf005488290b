// The launcher's side of `npm start -- --replicas N`: which numbers and databases it takes, where each replica
// listens, and the address other services call (a balancer sharing the edge's pool).
import { mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRedisServer, startLocalRedis } from './local-redis.ts';
import { replicasProblem } from './platform.ts';
import { platformPorts } from './port-check.ts';
import { createReplicaPool } from './replica-pool.ts';
import { startServiceBalancer } from './service-balancer.ts';
import { listenHttp } from './testing.ts';
import { portsFrom, replicaPortsOf } from './topology.ts';

describe('replicas in the launcher', () => {
  it('refuses a number out of 1..8, and more than one replica without a shared database', () => {
    expect(replicasProblem(1, {})).toBeUndefined();
    expect(replicasProblem(3, { DATABASE_URL: 'postgres://127.0.0.1:5432/keisha' })).toBeUndefined();
    expect(replicasProblem(0, {})).toMatch(/from 1 to 8/);
    expect(replicasProblem(9, { DATABASE_URL: 'postgres://x/y' })).toMatch(/from 1 to 8/);
    expect(replicasProblem(2.5, {})).toMatch(/from 1 to 8/);
    expect(replicasProblem(3, {})).toMatch(/^3 replicas of each service need one database they all use.*DATABASE_URL/);
  });

  it("puts replica i of a service 10*i above the service's own port, which stays the address the others call", () => {
    const ports = portsFrom(3000);
    expect(replicaPortsOf(ports, 'identity', 1)).toEqual([4001]);
    expect(replicaPortsOf(ports, 'identity', 3)).toEqual([4011, 4021, 4031]);
    expect(replicaPortsOf(ports, 'billing', 3)).toEqual([4014, 4024, 4034]);
    const uses = platformPorts(ports, '127.0.0.1', 3).map((use) => use.port);
    expect(new Set(uses).size).toBe(uses.length);
    expect(uses).toEqual(expect.arrayContaining([4001, 4011, 4021, 4031, 4004, 4034, 3000, 4000]));
  });

  it("passes the other services' calls to the replicas in turn, around one that is down", async () => {
    const seen: string[] = [];
    const replica = (name: string) =>
      listenHttp(
        http.createServer((req, res) => {
          seen.push(`${name} ${req.method} ${req.url} ${req.headers['x-internal'] ?? ''}`);
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name }));
        }),
      );
    const a = await replica('a');
    const b = await replica('b');
    const gone = await replica('gone');
    await gone.close();
    const pool = createReplicaPool([a, gone, b].map((r) => new URL(`http://127.0.0.1:${r.port}/`)));
    const balancer = await startServiceBalancer({ name: 'identity', port: 0, pool, budgetMs: 5000 });
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) {
        const response = await fetch(`http://127.0.0.1:${balancer.port}/internal/sessions/check?x=${i}`, {
          method: i % 2 ? 'POST' : 'GET',
          headers: { 'x-internal': 'token', ...(i % 2 ? { 'content-type': 'application/json' } : {}) },
          ...(i % 2 ? { body: '{"tokens":[]}' } : {}),
        });
        answers.push(response.status);
      }
      expect(answers).toEqual([200, 200, 200, 200, 200, 200]);
      expect(seen.filter((line) => line.startsWith('a ')).length).toBe(3);
      expect(seen.filter((line) => line.startsWith('b ')).length).toBe(3);
      // Passed as sent: path, query and the caller's own headers.
      expect(seen[0]).toBe('a GET /internal/sessions/check?x=0 token');
    } finally {
      await balancer.close();
      await a.close();
      await b.close();
    }
  });

  it("finds redis-server on PATH and starts the platform's own, answering PING, gone once stopped", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'keisha-redis-path-'));
    expect(findRedisServer(dir)).toBeUndefined();
    writeFileSync(path.join(dir, 'valkey-server'), '');
    expect(findRedisServer(`/nowhere${path.delimiter}${dir}`)).toBe(path.join(dir, 'valkey-server'));

    const free = await new Promise<number>((resolve) => {
      const server = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as net.AddressInfo;
        server.close(() => resolve(port));
      });
    });
    const binary = findRedisServer();
    if (!binary) {
      // Not installed here: a binary that is not a server is refused with its name and port.
      await expect(startLocalRedis('/bin/false', free)).rejects.toThrow(`false did not start on port ${free}`);
      return;
    }
    const redis = await startLocalRedis(binary, free);
    expect(redis.url).toBe(`redis://127.0.0.1:${free}`);
    const ping = (await new Promise<string>((resolve, reject) => {
      const socket = net.connect({ host: '127.0.0.1', port: free }, () => socket.write('PING\r\n'));
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString());
      });
      socket.once('error', reject);
    })).trim();
    expect(ping).toBe('+PONG');
    await redis.stop();
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port: free });
      socket.once('error', () => resolve(true));
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
    });
    expect(refused).toBe(true);
  });
});
