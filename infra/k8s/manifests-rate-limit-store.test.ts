// The shared rate-limit store of the manifests (see manifests-fixture.ts): one Valkey pod that keeps nothing on
// disk, named by every service, and, when a redis-server is at hand, started with the manifest's arguments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseConfigSchema, createServiceApp, openDatabase, type ServiceApp } from '@keisha/service-kit';
import { canStartRedisServer, startRedisServer, type TestRedis } from '@keisha/service-kit/testing';
import { SERVICES } from '../local/topology.ts';
import { calledServices, container, containerPortOf, envOfDeployment, find, selects } from './manifests-fixture.ts';

describe('the shared rate-limit store', () => {
  const store = () => find('StatefulSet', 'valkey');
  const storeContainer = () => container(store());
  const args = () => storeContainer().args as string[];
  /** The value following a `--flag` among the container's arguments. */
  const argument = (flag: string) => {
    const at = args().indexOf(flag);
    return at === -1 ? undefined : args()[at + 1];
  };
  const mebibytes = (quantity: string) => {
    const match = /^(\d+)(Mi|Gi|mb|gb)$/i.exec(quantity);
    if (!match) throw new Error(`unreadable quantity ${quantity}`);
    return Number(match[1]) * (/^g/i.test(match[2]!) ? 1024 : 1);
  };

  it('is one StatefulSet pod behind a Service on the Redis port, from a pinned Valkey or Redis image', () => {
    const statefulSet = store();
    const service = find('Service', 'valkey');
    const podLabels = statefulSet.spec.template.metadata.labels as Record<string, string>;
    // One pod: two would each hold part of every count. A StatefulSet never runs two, even during an update.
    expect(statefulSet.spec.replicas).toBe(1);
    expect(statefulSet.spec.serviceName).toBe(service.metadata.name);
    expect(selects(statefulSet.spec.selector.matchLabels, podLabels)).toBe(true);
    expect(selects(service.spec.selector, podLabels)).toBe(true);
    expect(service.spec.ports).toHaveLength(1);
    expect(service.spec.ports[0].port).toBe(6379);
    expect(containerPortOf(statefulSet, service.spec.ports[0].targetPort)).toBe(6379);
    expect(Number(argument('--port'))).toBe(6379);
    expect(storeContainer().image).toMatch(/^(valkey\/valkey|redis):\d+(\.\d+)*(-[a-z0-9]+)?$/);
    for (const probe of [storeContainer().startupProbe, storeContainer().livenessProbe, storeContainer().readinessProbe]) {
      expect(probe, 'probed').toBeDefined();
      if (probe.tcpSocket) expect(containerPortOf(statefulSet, probe.tcpSocket.port)).toBe(6379);
      else expect(probe.exec.command.join(' ')).toMatch(/^(valkey|redis)-cli ping$/);
    }
  });

  it('keeps nothing on disk, and fits its memory limit, dropping the keys nearest expiry when full', () => {
    const statefulSet = store();
    // Counters of a minute's window: a restart forgets at most a minute of counts, so there is nothing to keep.
    expect(statefulSet.spec.volumeClaimTemplates).toBeUndefined();
    for (const volume of statefulSet.spec.template.spec.volumes as any[]) expect(volume.emptyDir, volume.name).toBeDefined();
    expect(argument('--save')).toBe('');
    expect(argument('--appendonly')).toBe('no');
    const limit = mebibytes(storeContainer().resources.limits.memory);
    expect(mebibytes(argument('--maxmemory')!)).toBeLessThan(limit);
    // Every key has a TTL; refusing writes when full (noeviction) would turn a full store into an outage of limits.
    expect(argument('--maxmemory-policy')).toBe('volatile-ttl');
    expect(statefulSet.spec.template.spec.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(storeContainer().securityContext).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(storeContainer().resources.requests.cpu && storeContainer().resources.requests.memory).toBeTruthy();
  });

  it('is named by every service\'s REDIS_URL, with one environment\'s key prefix for all four', () => {
    const prefixes = new Set<string>();
    for (const name of SERVICES) {
      const env = envOfDeployment(find('Deployment', name));
      const redisUrl = env.find((e) => e.name === 'REDIS_URL');
      expect(redisUrl?.from, `${name} REDIS_URL`).toBe('configMap');
      const calls = calledServices(find('Deployment', name)).filter((c) => c.variable === 'REDIS_URL');
      expect(calls, `${name} REDIS_URL names the store's Service`).toEqual([{ service: 'valkey', port: 6379, variable: 'REDIS_URL' }]);
      const prefix = env.find((e) => e.name === 'REDIS_KEY_PREFIX')?.value;
      expect(prefix, `${name} REDIS_KEY_PREFIX`).toBeDefined();
      prefixes.add(prefix!);
    }
    // The services add their own names; the prefix names the environment, and is not the local default.
    expect(prefixes.size).toBe(1);
    expect([...prefixes][0]).not.toBe(baseConfigSchema.shape.REDIS_KEY_PREFIX.parse(undefined));
  });

  describe.each(canStartRedisServer() ? ['redis-server'] : [])('started with its arguments (%s, Redis-compatible)', () => {
    let server: TestRedis;
    let app: ServiceApp;
    beforeAll(async () => {
      // The container's arguments without the program and its port (the test server takes a free one).
      const rest = args().slice(1);
      const at = rest.indexOf('--port');
      rest.splice(at, 2);
      server = await startRedisServer({ args: rest });
      const env = Object.fromEntries(envOfDeployment(find('Deployment', 'decoder')).map((e) => [e.name, e.value]));
      app = await createServiceApp({
        name: 'decoder',
        config: baseConfigSchema.parse({ PORT: 0, RATE_LIMIT_MAX: 2, REDIS_URL: server.url, REDIS_KEY_PREFIX: env.REDIS_KEY_PREFIX }),
        database: await openDatabase({}),
        routes: async (service) => {
          service.get('/limited', async () => ({ ok: true }));
        },
        logger: false,
      });
      await app.ready();
    }, 60_000);
    afterAll(async () => {
      await app?.close();
      await server?.stop();
    });

    it('runs with the memory policy and persistence the manifest asks for', async () => {
      expect(await server.call('CONFIG', 'GET', 'maxmemory-policy')).toEqual(['maxmemory-policy', 'volatile-ttl']);
      expect(await server.call('CONFIG', 'GET', 'maxmemory')).toEqual(['maxmemory', String(mebibytes(argument('--maxmemory')!) * 1024 * 1024)]);
      expect(await server.call('CONFIG', 'GET', 'appendonly')).toEqual(['appendonly', 'no']);
      expect(await server.call('CONFIG', 'GET', 'save')).toEqual(['save', '']);
    });

    it('holds a service\'s limits under the environment\'s prefix and the service\'s name, every key expiring', async () => {
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await app.inject({ url: '/limited', remoteAddress: '192.0.2.7' })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
      const prefix = envOfDeployment(find('Deployment', 'decoder')).find((e) => e.name === 'REDIS_KEY_PREFIX')!.value!;
      const keys = (await server.call('KEYS', '*')) as string[];
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys) {
        expect(key.startsWith(`${prefix}:decoder:`), key).toBe(true);
        expect(await server.call('PTTL', key)).toBeGreaterThan(0);
      }
    });
  });
});
