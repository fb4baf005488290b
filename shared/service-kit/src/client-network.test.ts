import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { baseConfigSchema, loadConfig } from './config.ts';
import { createServiceApp } from './app.ts';
import { clientNetwork } from './client-network.ts';
import { openDatabase } from './db.ts';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork('192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientNetwork('127.0.0.1')).toBe('127.0.0.1');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const network = clientNetwork('2001:db8:1:2::1');
    expect(network).toBe('2001:db8:1:2::');
    for (const address of ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:0000:0000:0000:00aa', '2001:db8:1:2:a:b:c:d']) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(network);
  });
});

describe('request.clientNetwork', () => {
  it("is the network of the address the trusted proxy forwarded, on every service's requests", async () => {
    const app = await createServiceApp({
      name: 'probe',
      config: loadConfig(baseConfigSchema, { PORT: '0', TRUST_PROXY: '127.0.0.1' }),
      database: await openDatabase({}),
      logger: false,
      routes: async (service) => {
        service.get('/network', async (request) => ({ ip: request.ip, network: request.clientNetwork }));
      },
    });
    try {
      const ask = async (forwarded: string) =>
        (await app.inject({ url: '/network', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': forwarded } })).json();
      expect(await ask('2001:db8:1:2:a:b:c:d')).toEqual({ ip: '2001:db8:1:2:a:b:c:d', network: '2001:db8:1:2::' });
      expect(await ask('2001:db8:1:2::99')).toMatchObject({ network: '2001:db8:1:2::' });
      expect(await ask('198.51.100.7')).toEqual({ ip: '198.51.100.7', network: '198.51.100.7' });
    } finally {
      await app.close();
    }
  });

  // A count keyed on request.ip gives an IPv6 client a fresh allowance per address it picks (client-network.ts).
  it('is what every service counts by: no service source reads request.ip', () => {
    const services = fileURLToPath(new URL('../../../services/', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
        } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          readFileSync(full, 'utf8')
            .split('\n')
            .forEach((line, index) => {
              if (/\b(request|req)\.ip\b/.test(line)) offenders.push(`${path.relative(services, full)}:${index + 1}`);
            });
        }
      }
    };
    for (const service of readdirSync(services)) walk(path.join(services, service, 'src'));
    expect(offenders).toEqual([]);
  });
});
